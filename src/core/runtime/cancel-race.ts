/** Races a promise against a CancelSignal so a call stops at once on cancel even when the awaited work ignores the signal. */
import { cancelledError } from '../errors/addin-error';
import type { CancelSignal } from './cancel-signal';

/** Settles as `promise` does, or rejects with cancelledError() as soon as `signal` trips (the promise then settles unobserved). */
export function raceCancel<T>(promise: Promise<T>, signal: CancelSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.cancelled) {
    promise.catch(() => undefined);
    return Promise.reject(cancelledError());
  }
  return new Promise<T>((resolve, reject) => {
    const stop = signal.onCancel(() => {
      promise.catch(() => undefined);
      reject(cancelledError());
    });
    promise.then(
      (value) => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        reject(error);
      },
    );
  });
}
