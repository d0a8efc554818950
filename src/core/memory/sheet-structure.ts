/** Rows and columns inserted into or deleted from a sheet's cells (the cells and column widths move; areas are the model's). */
import { AddinError } from '../errors/addin-error';
import type { SheetStore } from './sheet-store';

/** Refuses an insert or delete of `count` at `at` that is not whole, positive and inside `max`. */
export function checkCount(at: number, count: number, max: number): void {
  if (!Number.isInteger(at) || !Number.isInteger(count) || at < 0 || count <= 0 || at >= max || count > max)
    throw new AddinError('limit', `Cannot insert or delete ${count} at position ${at + 1}.`);
}

/** Inserts `count` empty rows before `row` on a sheet of `maxRows` rows; the rows below move down. */
export function insertRowsIn(s: SheetStore, row: number, count: number, maxRows: number): void {
  checkCount(row, count, maxRows);
  // As a host does: non-empty cells are never pushed off the sheet.
  if (s.cells.holdsFromRow(maxRows - count))
    throw new AddinError('host', 'Rows cannot be inserted: non-empty cells would be pushed off the sheet.');
  s.cells = s.cells.movedRows((r) => (r >= row ? r + count : r));
}

/** Deletes rows [row, row + count); the rows below move up. */
export function deleteRowsIn(s: SheetStore, row: number, count: number, maxRows: number): void {
  checkCount(row, count, maxRows);
  s.cells = s.cells.movedRows((r) => (r < row ? r : r >= row + count ? r - count : null));
}

/** Inserts `count` empty columns before `col` on a sheet of `maxCols` columns; cells and widths to the right move right. */
export function insertColumnsIn(s: SheetStore, col: number, count: number, maxCols: number): void {
  checkCount(col, count, maxCols);
  if (s.cells.valuesFromCol(maxCols - count))
    throw new AddinError('host', 'Columns cannot be inserted: non-empty cells would be pushed off the sheet.');
  s.cells.insertColumns(col, count, maxCols);
  s.widths = new Map([...s.widths].filter(([c]) => c + count < maxCols || c < col).map(([c, w]) => [c >= col ? c + count : c, w]));
}

/** Deletes columns [col, col + count); cells and widths to the right move left. */
export function deleteColumnsIn(s: SheetStore, col: number, count: number, maxCols: number): void {
  checkCount(col, count, maxCols);
  s.cells.deleteColumns(col, count);
  s.widths = new Map([...s.widths].filter(([c]) => c < col || c >= col + count).map(([c, w]) => [c >= col ? c - count : c, w]));
}
