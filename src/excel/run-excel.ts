/** Excel.run for host calls: a batch refused because the user is editing a cell is shown as waiting, then re-run once the edit ends. */
import { isCellEditModeError } from './excel-errors';

export interface RunExcelOptions {
  /** Called when the batch waits for the user to leave the cell (the pane shows CELL_EDIT_MESSAGE). */
  onWaitingForCellEdit?: () => void;
}

/**
 * Runs `batch` in its own Excel.run. When a sync fails because the user is editing a cell, the batch runs again from
 * the start with `delayForCellEdit`, which makes Excel hold its requests until the edit ends. The batch must therefore
 * be safe to start over after any of its syncs (it reads what it needs inside the batch and writes whole blocks).
 */
export async function runExcel<T>(batch: (context: Excel.RequestContext) => Promise<T>, options: RunExcelOptions = {}): Promise<T> {
  try {
    return await Excel.run(batch);
  } catch (e) {
    if (!isCellEditModeError(e)) throw e;
    options.onWaitingForCellEdit?.();
    return Excel.run({ delayForCellEdit: true }, batch);
  }
}
