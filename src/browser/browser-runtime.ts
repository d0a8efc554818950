/**
 * The browser's runtime pieces the core takes injected (transport, clock, randomness, time zone).
 * One place for the preview and the Excel pane.
 */
import type { Transport } from '../core/api/transport';
import { PANE_REFRESH_CONCURRENCY } from '../core/jobs/refresh-all';
import type { Clock } from '../core/runtime/clock';
import { browserClock } from './browser-clock';
import { fetchTransport } from './fetch-transport';
import { yieldToPage } from './yield-to-page';

export interface BrowserRuntime {
  transport: Transport;
  clock: Clock;
  /** Uniform in [0, 1): backoff jitter and request span ids. */
  random: () => number;
  /** Cryptographically strong bytes: publicIds and placement ids. */
  randomBytes: (n: number) => Uint8Array;
  /** The user's IANA time zone, sent with every query. */
  timezone: string;
  /** Refresh all's workers (queries in flight at most). */
  refreshConcurrency: number;
  /** A time in the user's local time as the anchor note shows it: "2026-11-26 10:04". */
  noteTime: (ms: number) => string;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `ms` in the page's local time, to the minute. */
function localMinuteText(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The runtime of a page or task pane window. */
export function browserRuntime(page: Window & typeof globalThis): BrowserRuntime {
  return {
    // A large result's body is read in slices with the page let in every 30 ms: typing 300,000 rows never freezes it.
    transport: fetchTransport(page.fetch.bind(page), undefined, { pause: yieldToPage, now: () => page.performance.now(), everyMs: 30 }),
    clock: browserClock,
    random: () => page.Math.random(),
    randomBytes: (n) => page.crypto.getRandomValues(new Uint8Array(n)),
    timezone: page.Intl.DateTimeFormat().resolvedOptions().timeZone,
    refreshConcurrency: PANE_REFRESH_CONCURRENCY,
    noteTime: localMinuteText,
  };
}
