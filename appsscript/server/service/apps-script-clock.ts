/**
 * The core's Clock on Apps Script: Date.now and a sleep made of Utilities.sleep.
 * Utilities.sleep is synchronous and takes at most 5 minutes a call, so retries and Continue-wait pauses spend the
 * execution's own time.
 */
import { cancelledError } from '../../../src/core/errors/addin-error';
import type { CancelSignal } from '../../../src/core/runtime/cancel-signal';
import type { Clock } from '../../../src/core/runtime/clock';

export interface UtilitiesLike {
  sleep(milliseconds: number): void;
}

/** Utilities.sleep's documented maximum per call. */
export const MAX_SLEEP_MS = 300_000;

export function appsScriptClock(utilities: UtilitiesLike, now: () => number = Date.now): Clock {
  return {
    now,
    // UrlFetchApp's calls block the execution too, so the clients race no timer here: UrlFetchApp's own deadline and the
    // execution's 6 minutes bound a call.
    blocking: true,
    async sleep(ms: number, signal?: CancelSignal): Promise<void> {
      // The one place a cancel is seen here: a sleeping execution cannot be interrupted, so it is checked before.
      if (signal?.cancelled) throw cancelledError();
      let left = Math.max(0, Math.round(ms));
      while (left > 0) {
        const step = Math.min(left, MAX_SLEEP_MS);
        utilities.sleep(step);
        left -= step;
      }
    },
  };
}
