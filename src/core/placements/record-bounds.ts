/**
 * The bounds every number, text and list read back from a document must keep: the largest sheet any host allows, the
 * add-in's own caps, and a record's fit within the host it is read on. Every editor of a shared file can change what it
 * stores, so a value past them is refused (the record listed with a message), never acted on.
 */
import { z } from 'zod';
import { formatCellRef } from '../cells/a1';
import type { GridRange, HostLimits } from '../host';

/** Rows of the tallest sheet any host has: Google Sheets' 10,000,000 cells in one column (Excel: 1,048,576). */
export const MAX_SHEET_ROWS = 10_000_000;
/** Columns of the widest sheet any host has: Google Sheets' 18,278 (ZZZ; Excel: 16,384). */
export const MAX_SHEET_COLS = 18_278;
/**
 * Cells one placement's area may span: Excel's largest single operation (33,554,000 cells, OperationCellsExceedLimit);
 * Sheets' 10,000,000 cells a spreadsheet is checked against the host (`maxCellsPerWorkbook`).
 */
export const MAX_AREA_CELLS = 33_554_000;
/** Values one filter condition holds at most where a binding may point (its index), and cells a bound list may span. */
export const MAX_FILTER_VALUES = 10_000;
/** Filters (and OR alternatives of one filter) a binding's index may name. */
export const MAX_FILTERS = 100;
/** Characters of an id (placement, deployment, environment, sheet) as stored. */
export const MAX_ID_CHARS = 100;
/** Characters of a name or a label (a report's name, a sheet's name, a time stamp, a checksum). */
export const MAX_TEXT_CHARS = 1_000;
/** An index into a list of at most `count` items (0 to count - 1). */
export function indexBelow(count: number): z.ZodNumber {
  return z
    .number()
    .int()
    .nonnegative()
    .max(count - 1);
}

/** A bounded id. */
export const idText = z.string().min(1).max(MAX_ID_CHARS);
/** A bounded name, label or time stamp. */
export const shortText = z.string().max(MAX_TEXT_CHARS);

/** A 0-based row and column inside the largest sheet. */
export const cellSchema = z.object({ row: indexBelow(MAX_SHEET_ROWS), col: indexBelow(MAX_SHEET_COLS) });

/** An area that ends inside the largest sheet and spans at most MAX_AREA_CELLS cells. */
export const areaSchema = cellSchema
  .extend({
    rows: z.number().int().positive().max(MAX_SHEET_ROWS),
    cols: z.number().int().positive().max(MAX_SHEET_COLS),
  })
  .refine((a) => a.row + a.rows <= MAX_SHEET_ROWS && a.col + a.cols <= MAX_SHEET_COLS, {
    message: `the area ends past the last row (${MAX_SHEET_ROWS}) or column (${MAX_SHEET_COLS}) any sheet has`,
  })
  .refine((a) => a.rows * a.cols <= MAX_AREA_CELLS, { message: `the area spans more than ${MAX_AREA_CELLS} cells` });

/** An area on a named sheet (a bound cell or list). */
export const sheetAreaSchema = z.intersection(z.object({ sheetId: idText }), areaSchema);

/**
 * Why `area` does not fit the host it is read on (past its last row or column, or more cells than the host holds), or
 * null when it fits. `what` names it in the sentence ("its area").
 */
export function outsideHost(area: Pick<GridRange, 'row' | 'col' | 'rows' | 'cols'>, limits: HostLimits, what: string): string | null {
  const lastRow = area.row + area.rows;
  const lastCol = area.col + area.cols;
  if (lastRow > limits.maxRows || lastCol > limits.maxCols)
    return `${what} runs from ${formatCellRef(area.row, area.col)} ${area.rows} rows and ${area.cols} columns, past this sheet's last row (${limits.maxRows}) or column (${limits.maxCols})`;
  const cap = Math.min(MAX_AREA_CELLS, limits.maxCellsPerWorkbook ?? MAX_AREA_CELLS);
  if (area.rows * area.cols > cap) return `${what} spans ${area.rows * area.cols} cells, more than this spreadsheet holds (${cap})`;
  return null;
}

/** The card's message of a stored record refused for a value past its bounds (`why` says which). */
export function outOfBoundsMessage(why: string): string {
  return `The stored record of this report is out of bounds (${why}). It was changed outside the add-in, so it is not refreshed or written anywhere; its cells are as they were. Remove it from the list, then place the report again.`;
}
