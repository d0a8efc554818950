/** The browser's clock for the core: Date.now and a setTimeout sleep that a CancelSignal cuts short (rejecting as cancelled). */
import type { CancelSignal } from '../core/runtime/cancel-signal';
import type { Clock } from '../core/runtime/clock';
import { cancelledError } from '../core/errors/addin-error';

export function cancellableSleep(ms: number, signal?: CancelSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.cancelled) {
      reject(cancelledError());
      return;
    }
    const stop = signal?.onCancel(() => {
      clearTimeout(timer);
      reject(cancelledError());
    });
    const timer = setTimeout(
      () => {
        stop?.();
        resolve();
      },
      Math.max(0, ms),
    );
  });
}

export const browserClock: Clock = {
  now: () => Date.now(),
  sleep: cancellableSleep,
};
