/** The browser's clock for the core: Date.now and a setTimeout sleep that an AbortSignal cuts short (rejecting as cancelled). */
import { cancelledError } from '../core/wire/errors';
import type { Clock } from '../core/api/transport';

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export const browserClock: Clock = {
  now: () => Date.now(),
  sleep: abortableSleep,
};
