/** Cell notes in Google Sheets: each set with `Range.setNote` or removed with `Range.clearNote`, all checked first. */
import type { CellNote } from '../../../src/core/host';
import type { SheetsSheet } from './sheets-services';

/** Every note's sheet is found (`sheetOf` throws for a missing one) before any note changes. */
export function setSheetNotes(sheetOf: (sheetId: string) => SheetsSheet, notes: readonly CellNote[]): void {
  const cells = notes.map((n) => ({ n, range: sheetOf(n.sheetId).getRange(n.row + 1, n.col + 1, 1, 1) }));
  for (const { n, range } of cells) {
    if (n.text === null) range.clearNote();
    else range.setNote(n.text);
  }
}
