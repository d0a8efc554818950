/** Rows and columns inserted into or deleted from a sheet's cell storage (the cells and column widths move; areas are the model's). */
import { AddinError } from '../errors/addin-error';
import { RowIndex } from './row-index';
import { sharedFormatsShift } from './row-formats';
import { dropIfEmpty, isEmptyRow, type RowStore, type SheetStore } from './sheet-store';

/** Refuses an insert or delete of `count` at `at` that is not whole, positive and inside `max`. */
export function checkCount(at: number, count: number, max: number): void {
  if (!Number.isInteger(at) || !Number.isInteger(count) || at < 0 || count <= 0 || at >= max || count > max)
    throw new AddinError('limit', `Cannot insert or delete ${count} at position ${at + 1}.`);
}

/** Refuses an insert that would push a non-empty cell at or past `lastKept` off the sheet, as a host does. */
function refuseShiftOff(s: SheetStore, lastKept: number, axis: 'rows' | 'cols'): void {
  if (axis === 'rows') {
    for (const [r, store] of s.rows)
      if (r >= lastKept && !isEmptyRow(store))
        throw new AddinError('host', 'Rows cannot be inserted: non-empty cells would be pushed off the sheet.');
  } else {
    for (const store of s.rows.values())
      for (let c = lastKept; c < store.v.length; c += 1)
        if (store.v[c] !== undefined)
          throw new AddinError('host', 'Columns cannot be inserted: non-empty cells would be pushed off the sheet.');
  }
}

/** Inserts `count` empty rows before `row` on a sheet of `maxRows` rows; the rows below move down. */
export function insertRowsIn(s: SheetStore, row: number, count: number, maxRows: number): void {
  checkCount(row, count, maxRows);
  refuseShiftOff(s, maxRows - count, 'rows');
  const moved = new RowIndex<RowStore>();
  for (const [r, store] of s.rows) moved.set(r >= row ? r + count : r, store);
  s.rows = moved;
}

/** Deletes rows [row, row + count); the rows below move up. */
export function deleteRowsIn(s: SheetStore, row: number, count: number, maxRows: number): void {
  checkCount(row, count, maxRows);
  const moved = new RowIndex<RowStore>();
  for (const [r, store] of s.rows) {
    if (r < row) moved.set(r, store);
    else if (r >= row + count) moved.set(r - count, store);
  }
  s.rows = moved;
}

/** Inserts `count` empty columns before `col` on a sheet of `maxCols` columns; cells and widths to the right move right. */
export function insertColumnsIn(s: SheetStore, col: number, count: number, maxCols: number): void {
  checkCount(col, count, maxCols);
  refuseShiftOff(s, maxCols - count, 'cols');
  const blanks = new Array<undefined>(count);
  const shifted = sharedFormatsShift((f) => f.splice(col, 0, ...blanks));
  for (const r of s.rows.values()) {
    for (const arr of [r.v, r.b, r.x]) if (arr && arr.length > col) arr.splice(col, 0, ...blanks);
    if (r.f && r.f.length > col) shifted(r);
  }
  s.widths = new Map([...s.widths].filter(([c]) => c + count < maxCols || c < col).map(([c, w]) => [c >= col ? c + count : c, w]));
}

/** Deletes columns [col, col + count); cells and widths to the right move left. */
export function deleteColumnsIn(s: SheetStore, col: number, count: number, maxCols: number): void {
  checkCount(col, count, maxCols);
  const shifted = sharedFormatsShift((f) => f.splice(col, count));
  for (const [rowIndex, r] of [...s.rows]) {
    for (const arr of [r.v, r.b, r.x]) if (arr && arr.length > col) arr.splice(col, count);
    if (r.f && r.f.length > col) shifted(r);
    dropIfEmpty(s, rowIndex, r);
  }
  s.widths = new Map([...s.widths].filter(([c]) => c < col || c >= col + count).map(([c, w]) => [c >= col ? c - count : c, w]));
}
