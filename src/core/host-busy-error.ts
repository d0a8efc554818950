/** The typed error of a host busy for a moment (a cell being edited), which the core waits on and retries. */
import { AddinError } from './errors/addin-error';

/** Code of the 'hostBusy' error: Microsoft's name for a call refused while the user edits a cell. */
export const HOST_BUSY_CODE = 'InvalidOperationInCellEditMode';

/** The error of a call the host refused while busy; its message asks the user to leave the cell. */
export function hostBusyError(cause?: unknown): AddinError {
  return new AddinError(
    'hostBusy',
    'The spreadsheet is waiting for you to finish editing a cell. Press Enter or Esc to leave the cell, then try again.',
    { cause, code: HOST_BUSY_CODE },
  );
}
