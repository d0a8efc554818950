/** The per-cell text length limit of a host (Excel 32,767 characters): the check and the error naming the cell. */
import { AddinError } from '../errors/addin-error';
import type { Scalar } from '../host';
import { formatCellRef } from './a1';
import type { Matrix } from './matrix';

/** True when `value` is text longer than `maxCellChars` (counted in UTF-16 code units, as Excel and Sheets count). */
export function cellTextTooLong(value: Scalar, maxCellChars: number): boolean {
  return typeof value === 'string' && value.length > maxCellChars;
}

function group(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Throws a 'limit' error naming the first cell (A1, at `origin` + its offset in the matrix) whose text is longer than
 * the host allows, before anything is written.
 */
export function checkCellTextLengths(matrix: Matrix, origin: { row: number; col: number }, maxCellChars: number): void {
  for (let i = 0; i < matrix.values.length; i++) {
    const row = matrix.values[i] ?? [];
    for (let j = 0; j < row.length; j++) {
      const v = row[j] ?? null;
      if (typeof v === 'string' && cellTextTooLong(v, maxCellChars)) {
        const cell = formatCellRef(origin.row + i, origin.col + j);
        throw new AddinError(
          'limit',
          `Cell ${cell} would hold ${group(v.length)} characters, more than the ${group(maxCellChars)} a cell can hold. Shorten that value in the query (for example with LEFT()).`,
          { data: { cell, row: origin.row + i, col: origin.col + j, length: v.length, maxCellChars } },
        );
      }
    }
  }
}
