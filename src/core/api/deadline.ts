/** Bounds one call's time on the injected clock: past its span the call's work is stopped and the call fails with the span's error. */
import type { AddinError } from '../errors/addin-error';
import { createCancelSource, type CancelSignal } from '../runtime/cancel-signal';
import type { Clock } from '../runtime/clock';

/** How long a control-plane or metadata call may take by default, retries included: its answers are small. */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/**
 * Runs `work` with a signal that trips when the caller's `signal` does or the span passes; past the span the call rejects
 * with `onTimeout()` at once (whatever the stopped work does after). A span that is not a positive finite number, or a
 * clock whose sleep blocks the runtime, sets no deadline; so does a sleep that ends before its time has passed on
 * `clock.now()` (a test clock whose pauses return at once), as the idle watch does. The pending sleep is cancelled once
 * the call settles; the work's signal is not.
 */
export async function withDeadline<T>(
  clock: Clock,
  spanMs: number,
  signal: CancelSignal | undefined,
  work: (stop: CancelSignal) => Promise<T>,
  onTimeout: () => AddinError,
): Promise<T> {
  const stop = createCancelSource();
  const timer = createCancelSource();
  const unlink = signal?.onCancel(() => stop.cancel()) ?? (() => undefined);
  try {
    const done = work(stop.signal);
    if (!(spanMs > 0) || !Number.isFinite(spanMs) || clock.blocking === true) return await done;
    return await new Promise<T>((resolve, reject) => {
      const from = clock.now();
      clock.sleep(spanMs, timer.signal).then(
        () => {
          if (timer.signal.cancelled || stop.signal.cancelled || clock.now() - from < spanMs) return;
          // Rejected before the work is stopped, so the work's own failure on the stop settles nothing.
          reject(onTimeout());
          stop.cancel();
        },
        () => undefined,
      );
      done.then(resolve, reject);
    });
  } finally {
    unlink();
    // Only the timer goes: the work's signal is left alone once the call settled, since a body may still be read from
    // the answer it returned (tripping it would abort that read).
    timer.cancel();
  }
}
