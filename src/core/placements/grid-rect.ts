/** Rectangle arithmetic on sheet ranges: intersection, containment and difference in few rectangles. */
import type { GridRange } from '../host';

export function sameSheet(a: GridRange, b: GridRange): boolean {
  return a.sheetId === b.sheetId;
}

/** The overlap of two ranges, or null. */
export function intersect(a: GridRange, b: GridRange): GridRange | null {
  if (!sameSheet(a, b)) return null;
  const row = Math.max(a.row, b.row);
  const col = Math.max(a.col, b.col);
  const rowEnd = Math.min(a.row + a.rows, b.row + b.rows);
  const colEnd = Math.min(a.col + a.cols, b.col + b.cols);
  if (rowEnd <= row || colEnd <= col) return null;
  return { sheetId: a.sheetId, row, col, rows: rowEnd - row, cols: colEnd - col };
}

export function containsCell(r: GridRange, sheetId: string, row: number, col: number): boolean {
  return r.sheetId === sheetId && row >= r.row && row < r.row + r.rows && col >= r.col && col < r.col + r.cols;
}

/**
 * `a` minus `b` as disjoint rectangles: full-width bands above and below the overlap, then the parts left and right of it.
 * At most four; for the shapes a placement leaves behind (grown or shrunk at the same anchor) one or two.
 */
export function subtract(a: GridRange, b: GridRange): GridRange[] {
  const o = intersect(a, b);
  if (!o) return [{ ...a }];
  const out: GridRange[] = [];
  const s = a.sheetId;
  if (o.row > a.row) out.push({ sheetId: s, row: a.row, col: a.col, rows: o.row - a.row, cols: a.cols });
  const aEnd = a.row + a.rows;
  const oEnd = o.row + o.rows;
  if (aEnd > oEnd) out.push({ sheetId: s, row: oEnd, col: a.col, rows: aEnd - oEnd, cols: a.cols });
  if (o.col > a.col) out.push({ sheetId: s, row: o.row, col: a.col, rows: o.rows, cols: o.col - a.col });
  const aColEnd = a.col + a.cols;
  const oColEnd = o.col + o.cols;
  if (aColEnd > oColEnd) out.push({ sheetId: s, row: o.row, col: oColEnd, rows: o.rows, cols: aColEnd - oColEnd });
  return out;
}

/** Row-major order of two cells. */
export function compareCells(a: { row: number; col: number }, b: { row: number; col: number }): number {
  return a.row - b.row || a.col - b.col;
}

/** The smallest rectangle holding every range (all on the first range's sheet), or null for none. */
export function boundingRange(ranges: readonly GridRange[]): GridRange | null {
  const first = ranges[0];
  if (!first) return null;
  let row = first.row;
  let col = first.col;
  let rowEnd = first.row + first.rows;
  let colEnd = first.col + first.cols;
  for (const r of ranges) {
    row = Math.min(row, r.row);
    col = Math.min(col, r.col);
    rowEnd = Math.max(rowEnd, r.row + r.rows);
    colEnd = Math.max(colEnd, r.col + r.cols);
  }
  return { sheetId: first.sheetId, row, col, rows: rowEnd - row, cols: colEnd - col };
}
