/** The injected clock: the time and a sleep that a cancel cuts short (the core has no timers). */
import type { CancelSignal } from './cancel-signal';

export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with cancelledError() as soon as `signal` trips. */
  sleep(ms: number, signal?: CancelSignal): Promise<void>;
  /**
   * True when a sleep blocks the whole runtime until it ends (Apps Script's Utilities.sleep): a sleep cannot run beside
   * other work there, so nothing is timed by racing one (the runtime's own calls carry their deadlines).
   */
  readonly blocking?: boolean;
}
