/** Retrying a host call the host refused as busy (Excel while the user edits a cell): wait on the injected clock, a bounded number of times. */
import { AddinError, isAddinError } from '../errors/addin-error';
import type { Clock } from '../runtime/clock';

/** Waits before each retry of a busy host, in ms (about 15 s in all). */
export const HOST_BUSY_WAITS_MS: readonly number[] = [250, 500, 1000, 2000, 3000, 4000, 4000];

/** The error a job ends with when the host stays busy: it asks the user to leave the cell. */
export function hostBusyError(cause?: unknown): AddinError {
  return new AddinError(
    'hostBusy',
    'The spreadsheet is waiting for you to finish editing a cell. Press Enter or Esc to leave the cell, then try again.',
    { cause, code: 'InvalidOperationInCellEditMode' },
  );
}

/** Runs `call`; when it fails with kind 'hostBusy', waits and runs it again, up to HOST_BUSY_WAITS_MS.length times. */
export async function retryWhileBusy<T>(clock: Pick<Clock, 'sleep'>, call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (e) {
      if (!(isAddinError(e) && e.kind === 'hostBusy')) throw e;
      const wait = HOST_BUSY_WAITS_MS[attempt];
      if (wait === undefined) throw hostBusyError(e);
      await clock.sleep(wait);
    }
  }
}
