/** A matrix with one line of inert text above it (the filter summary row), counted as one more header row. */
import { TEXT_FORMAT } from '../host';
import type { Matrix } from './matrix';

/**
 * `matrix` with `text` in the first cell of a new first row, written as TEXT_FORMAT so it never reads as a formula or
 * number, cut to `maxChars`. The row counts as a header row: a result's data rows stay the rows below its headers.
 */
export function withSummaryRow(matrix: Matrix, text: string, maxChars: number): Matrix {
  const cols = Math.max(1, matrix.cols);
  const line = text.length > maxChars ? `${text.slice(0, Math.max(0, maxChars - 1))}…` : text;
  const values = [[line, ...new Array<null>(cols - 1).fill(null)], ...matrix.values];
  const formats = [[TEXT_FORMAT, ...new Array<null>(cols - 1).fill(null)], ...matrix.formats];
  const bold = matrix.bold ? [new Array<boolean>(cols).fill(true), ...matrix.bold] : undefined;
  return { rows: matrix.rows + 1, cols, values, formats, headerRows: matrix.headerRows + 1, ...(bold ? { bold } : {}) };
}
