/** Cell notes in Excel (a worksheet's `notes`, ExcelApi 1.18): several set or removed in two syncs, a look and the changes. */
import type { CellNote } from '../core/host';
import { formatCellRef } from '../core/cells/a1';

/** Why notes cannot be kept where ExcelApi 1.18 is missing (the pane shows it beside the disabled switch). */
export const NOTES_NEED_EXCEL_API =
  'This version of Excel cannot add cell notes from an add-in (it needs Excel 2024, Microsoft 365 or Excel on the web).';

/**
 * Sets or removes `notes`: the first sync finds which cells hold a note already (`getItemOrNullObject`), the second
 * sets its `content`, adds a note, or deletes one (Excel refuses a second note on a cell, hence the look first).
 */
export async function setNotesIn(context: Excel.RequestContext, notes: readonly CellNote[]): Promise<void> {
  if (notes.length === 0) return;
  const looks = notes.map((n) => {
    const sheet = context.workbook.worksheets.getItem(n.sheetId);
    return { n, sheet, note: sheet.notes.getItemOrNullObject(formatCellRef(n.row, n.col)) };
  });
  await context.sync();
  for (const { n, sheet, note } of looks) {
    if (n.text === null) {
      if (!note.isNullObject) note.delete();
    } else if (note.isNullObject) sheet.notes.add(sheet.getRangeByIndexes(n.row, n.col, 1, 1), n.text);
    else note.content = n.text;
  }
  await context.sync();
}
