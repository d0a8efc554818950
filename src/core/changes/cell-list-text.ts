/** Names a set of cells for a message: "C7, C9 and 12 more in rows 7-20", or the rows alone when the cells are not known exactly. */
import { formatCellRef } from '../cells/a1';

/** Cells named in full before the rest are counted ("and 12 more"). */
const NAMED = 2;

/** The cells to name, 0-based and absolute on their sheet, in row-major order. */
export interface CellListInput {
  cells: ReadonlyArray<{ row: number; col: number }>;
  /** Every cell in the set (more than `cells` when the list was capped). */
  count: number;
  /** False when `cells` are candidates: the rows are known, not which of their cells. */
  exact: boolean;
  firstRow: number;
  lastRow: number;
}

function rowsText(first: number, last: number): string {
  return first === last ? `row ${first + 1}` : `rows ${first + 1}-${last + 1}`;
}

/** "C7", "C7 and D9", "C7, C9 and D12", "C7, C9 and 12 more in rows 7-20"; inexact: "cells in rows 7-20". */
export function cellListText(input: CellListInput): string {
  if (!input.exact) return `cells in ${rowsText(input.firstRow, input.lastRow)}`;
  const refs = input.cells.map((c) => formatCellRef(c.row, c.col));
  if (input.count <= NAMED + 1 && refs.length === input.count) {
    if (refs.length <= 1) return refs[0] ?? '';
    return `${refs.slice(0, -1).join(', ')} and ${refs[refs.length - 1] ?? ''}`;
  }
  return `${refs.slice(0, NAMED).join(', ')} and ${input.count - NAMED} more in ${rowsText(input.firstRow, input.lastRow)}`;
}

/** "1 cell", "3 cells". */
export function cellCountText(count: number): string {
  return `${groupDigits(count)} ${count === 1 ? 'cell' : 'cells'}`;
}

/** 12345 as "12,345" (by hand: Intl is not part of the bare runtime the core promises). */
export function groupDigits(n: number): string {
  const text = String(Math.trunc(Math.abs(n)));
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (i > 0 && (text.length - i) % 3 === 0) out += ',';
    out += text[i] ?? '';
  }
  return (n < 0 ? '-' : '') + out;
}
