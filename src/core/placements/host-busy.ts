/**
 * Retrying a host call the host refused as busy (Excel while the user edits a cell).
 * It waits on the injected clock, a bounded number of times.
 */
import { isAddinError } from '../errors/addin-error';
import { hostBusyError } from '../host-busy-error';
import type { Clock } from '../runtime/clock';

/** Waits before each retry of a busy host, in ms (about 15 s in all). */
export const HOST_BUSY_WAITS_MS: readonly number[] = [250, 500, 1000, 2000, 3000, 4000, 4000];

/** Runs `call`; when it fails with kind 'hostBusy', waits and runs it again, up to HOST_BUSY_WAITS_MS.length times. */
export async function retryWhileBusy<T>(clock: Pick<Clock, 'sleep'>, call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (e) {
      if (!(isAddinError(e) && e.kind === 'hostBusy')) throw e;
      const wait = HOST_BUSY_WAITS_MS[attempt];
      // A job ends with the error that asks the user to leave the cell.
      if (wait === undefined) throw hostBusyError(e);
      await clock.sleep(wait);
    }
  }
}
