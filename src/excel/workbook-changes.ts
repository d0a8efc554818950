/**
 * Workbook changes that move or orphan placements, for the pane's list: sheets added, deleted or renamed (rename events
 * need ExcelApi 1.17) and rows or columns inserted or deleted (workbook-wide change events need ExcelApi 1.9), plus the
 * pane becoming visible again (SharedRuntime 1.1), when a cheap re-read catches what no event reports.
 */

import { parseRangeRef } from '../core/cells/a1';
import type { CellsEdited } from '../core/service/cells-edited';
import { EDIT_TRIGGER_SOURCE, SHEET_RENAME_EVENTS, WORKBOOK_CHANGE_EVENTS } from './requirements';
import { startedWatch } from './started-watch';
type IsSetSupported = (name: string, minVersion?: string) => boolean;

/** Change types of Excel's WorksheetChanged event that move cells (a value edit does not move a placement). */
const STRUCTURAL = new Set(['RowInserted', 'RowDeleted', 'ColumnInserted', 'ColumnDeleted', 'CellInserted', 'CellDeleted']);

export interface WorkbookChangeOptions {
  isSetSupported: IsSetSupported;
  /** Where a failure to register or remove a handler goes (the pane still re-reads when shown). */
  log: (message: string, detail: unknown) => void;
}

/** The cells of a value edit's event: its sheet, and its address as a range (null when Excel's address cannot be read). */
export function editedCells(worksheetId: string, address: string): CellsEdited {
  try {
    const r = parseRangeRef(address);
    return { sheetId: worksheetId, range: { sheetId: worksheetId, row: r.row, col: r.col, rows: r.rows, cols: r.cols } };
  } catch {
    return { sheetId: worksheetId, range: null };
  }
}

/**
 * Registers the handlers in one Excel.run and returns a function that removes them (in their own RequestContext). A value
 * edit made by anyone but this add-in (`triggerSource`, ExcelApi 1.14) is passed with its cells.
 */
export async function watchWorkbookChanges(
  onChange: (edit?: CellsEdited) => void,
  options: WorkbookChangeOptions,
): Promise<() => Promise<void>> {
  const changed = async (): Promise<void> => onChange();
  const edits = options.isSetSupported(EDIT_TRIGGER_SOURCE.name, EDIT_TRIGGER_SOURCE.version);
  const registered = await Excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    const results: OfficeExtension.EventHandlerResult<unknown>[] = [sheets.onAdded.add(changed), sheets.onDeleted.add(changed)];
    if (options.isSetSupported(WORKBOOK_CHANGE_EVENTS.name, WORKBOOK_CHANGE_EVENTS.version)) {
      results.push(
        sheets.onChanged.add(async (e) => {
          if (STRUCTURAL.has(e.changeType)) onChange();
          else if (edits && e.changeType === 'RangeEdited' && e.triggerSource !== 'ThisLocalAddin')
            onChange(editedCells(e.worksheetId, e.address));
        }),
      );
    }
    if (options.isSetSupported(SHEET_RENAME_EVENTS.name, SHEET_RENAME_EVENTS.version)) results.push(sheets.onNameChanged.add(changed));
    await context.sync();
    return results;
  });
  let visibility: (() => Promise<void>) | undefined;
  if (options.isSetSupported('SharedRuntime', '1.1')) {
    visibility = await Office.addin.onVisibilityModeChanged((m) => {
      if (m.visibilityMode === Office.VisibilityMode.taskpane) onChange();
    });
  }
  return async () => {
    await visibility?.();
    const first = registered[0];
    if (!first) return;
    await Excel.run(first.context, async (context) => {
      for (const r of registered) r.remove();
      await context.sync();
    });
  };
}

/** The service's `workbookChanges` dependency: synchronous start and stop over the asynchronous registration. */
export function excelWorkbookChanges(options: WorkbookChangeOptions): (onChange: (edit?: CellsEdited) => void) => () => void {
  return (onChange) =>
    startedWatch(() => watchWorkbookChanges(onChange, options), {
      log: options.log,
      startFailed: 'The add-in could not follow sheet changes; the list is re-read when the pane is shown.',
      stopFailed: 'The add-in could not stop following sheet changes.',
    });
}
