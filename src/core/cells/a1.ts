/** A1 notation: column letters, cell and range references with quoted sheet names, and grid bounds checks. */
import { AddinError } from '../errors/addin-error';
import type { HostLimits } from '../host';

/** The grid size of a host (HostLimits carries it). */
export type GridLimits = Pick<HostLimits, 'maxRows' | 'maxCols'>;

/** The grid size of a host and the characters one cell holds. */
export type GridBounds = Pick<HostLimits, 'maxRows' | 'maxCols' | 'maxCellChars'>;

/** Excel's grid: 1,048,576 rows x 16,384 columns (last column XFD), 32,767 characters a cell. */
export const EXCEL_GRID: Readonly<GridBounds> = { maxRows: 1_048_576, maxCols: 16_384, maxCellChars: 32_767 };

/** A cell by 0-based row and column. */
export interface CellPosition {
  row: number;
  col: number;
}

/** A rectangle by 0-based top-left cell and size (at least 1 x 1). */
export interface RangeRect extends CellPosition {
  rows: number;
  cols: number;
}

export interface RangeRef extends RangeRect {
  /** The sheet named before `!`, unquoted; `null` when the reference has none. */
  sheetName: string | null;
}

/** Column letters are at most 7 long here (far past any host's 3), so the arithmetic stays exact. */
const MAX_LETTERS = 7;
const LETTERS = /^[A-Za-z]+$/;
const CELL_REF = /^\$?([A-Za-z]+)\$?(\d+)$/;

function invalid(message: string, data: Record<string, unknown> = {}, cause?: unknown): AddinError {
  return new AddinError('validation', message, { data, cause });
}

function group(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function checkIndex(what: 'row' | 'column', n: number): void {
  if (!Number.isSafeInteger(n) || n < 0)
    throw invalid(`Invalid ${what} index ${String(n)}: expected a whole number from 0.`, { [what]: n });
}

/** 0 -> "A", 25 -> "Z", 26 -> "AA", 16383 -> "XFD" (bijective base 26). */
export function columnToLetters(col0: number, limits?: GridLimits): string {
  checkIndex('column', col0);
  if (limits) checkInGrid({ row: 0, col: col0, rows: 1, cols: 1 }, limits);
  let n = col0 + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** "A" -> 0, "XFD" -> 16383; lower case accepted. */
export function lettersToColumn(letters: string, limits?: GridLimits): number {
  if (!LETTERS.test(letters) || letters.length > MAX_LETTERS) {
    throw invalid(`"${letters}" is not a column name: expected letters A to Z, like "B" or "XFD".`, { letters });
  }
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  const col = n - 1;
  if (limits) checkInGrid({ row: 0, col, rows: 1, cols: 1 }, limits);
  return col;
}

/** (1, 1) -> "B2". */
export function formatCellRef(row0: number, col0: number, limits?: GridLimits): string {
  checkIndex('row', row0);
  if (limits) checkInGrid({ row: row0, col: col0, rows: 1, cols: 1 }, limits);
  return `${columnToLetters(col0)}${row0 + 1}`;
}

/** "B2" or "$B$2" (any case) -> { row: 1, col: 1 }. */
export function parseCellRef(ref: string, limits?: GridLimits): CellPosition {
  const m = CELL_REF.exec(ref.trim());
  if (!m || (m[1] ?? '').length > MAX_LETTERS) {
    throw invalid(`"${ref}" is not a cell reference: expected a column and a row, like "B2".`, { ref });
  }
  const rowNumber = Number(m[2]);
  if (!Number.isSafeInteger(rowNumber) || rowNumber < 1) {
    throw invalid(`"${ref}" is not a cell reference: rows are numbered from 1.`, { ref });
  }
  const pos = { row: rowNumber - 1, col: lettersToColumn(m[1] ?? '') };
  if (limits) checkInGrid({ ...pos, rows: 1, cols: 1 }, limits);
  return pos;
}

/** Sheet names that can stand unquoted: letters, digits, `_` and `.`, not starting with a digit or `.`. */
const PLAIN_SHEET_NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;
/** Names a host would read as a cell (A1, XFD10) or an R1C1 reference (R, C, R2C3), or a boolean. */
const REFERENCE_LIKE = /^([A-Za-z]{1,3}\d+|[Rr]\d*([Cc]\d*)?|[Cc]\d*|true|false)$/i;

/** True when `name` must be quoted in a reference. */
export function sheetNameNeedsQuotes(name: string): boolean {
  return !PLAIN_SHEET_NAME.test(name) || REFERENCE_LIKE.test(name);
}

/** "Sheet1" -> "Sheet1"; "My Sheet" -> "'My Sheet'"; "Bob's" -> "'Bob''s'". */
export function quoteSheetName(name: string): string {
  if (name === '') throw invalid('A sheet name cannot be empty.');
  return sheetNameNeedsQuotes(name) ? `'${name.replace(/'/g, "''")}'` : name;
}

function checkRect(r: RangeRect): void {
  checkIndex('row', r.row);
  checkIndex('column', r.col);
  if (!Number.isSafeInteger(r.rows) || r.rows < 1 || !Number.isSafeInteger(r.cols) || r.cols < 1) {
    throw invalid(`Invalid range size ${String(r.rows)} x ${String(r.cols)}: a range has at least one row and one column.`, {
      rows: r.rows,
      cols: r.cols,
    });
  }
}

/**
 * "Sheet1!B2" for a single cell, "'My Sheet'!B2:D20" otherwise; without a sheet name just "B2" or "B2:D20".
 */
export function formatRangeRef(sheetName: string | null, r: RangeRect, limits?: GridLimits): string {
  checkRect(r);
  if (limits) checkInGrid(r, limits);
  const start = formatCellRef(r.row, r.col);
  const cells = r.rows === 1 && r.cols === 1 ? start : `${start}:${formatCellRef(r.row + r.rows - 1, r.col + r.cols - 1)}`;
  return sheetName === null ? cells : `${quoteSheetName(sheetName)}!${cells}`;
}

function splitSheet(ref: string): { sheetName: string | null; cells: string } {
  if (ref.startsWith("'")) {
    let name = '';
    let i = 1;
    for (;;) {
      if (i >= ref.length) throw invalid(`"${ref}" has an unterminated quoted sheet name.`, { ref });
      const ch = ref.charAt(i);
      if (ch === "'") {
        if (ref.charAt(i + 1) === "'") {
          name += "'";
          i += 2;
          continue;
        }
        break;
      }
      name += ch;
      i += 1;
    }
    if (ref.charAt(i + 1) !== '!') throw invalid(`"${ref}" needs "!" after the quoted sheet name.`, { ref });
    if (name === '') throw invalid(`"${ref}" has an empty sheet name.`, { ref });
    return { sheetName: name, cells: ref.slice(i + 2) };
  }
  const bang = ref.lastIndexOf('!');
  if (bang < 0) return { sheetName: null, cells: ref };
  const name = ref.slice(0, bang);
  if (name === '') throw invalid(`"${ref}" has an empty sheet name.`, { ref });
  return { sheetName: name, cells: ref.slice(bang + 1) };
}

/**
 * Parses "B2", "B2:D20", "$B$2:$D$20", "Sheet1!B2", "'My Sheet'!B2:D20" (quotes doubled inside). Corners may come in
 * any order; the result is the normalized rectangle. Whole-row and whole-column references are not accepted.
 */
export function parseRangeRef(ref: string, limits?: GridLimits): RangeRef {
  const { sheetName, cells } = splitSheet(ref.trim());
  const parts = cells.split(':');
  if (parts.length > 2 || parts.some((p) => p === '')) {
    throw invalid(`"${ref}" is not a range reference: expected a cell like "B2" or a range like "B2:D20".`, { ref });
  }
  let a: CellPosition;
  let b: CellPosition;
  try {
    a = parseCellRef(parts[0] ?? '');
    b = parts[1] === undefined ? a : parseCellRef(parts[1]);
  } catch (e) {
    throw invalid(`"${ref}" is not a range reference: expected a cell like "B2" or a range like "B2:D20".`, { ref }, e);
  }
  const rect: RangeRect = {
    row: Math.min(a.row, b.row),
    col: Math.min(a.col, b.col),
    rows: Math.abs(a.row - b.row) + 1,
    cols: Math.abs(a.col - b.col) + 1,
  };
  if (limits) checkInGrid(rect, limits);
  return { sheetName, ...rect };
}

/** Throws a validation error when `r` reaches past the grid: names the last row or column the host has. */
export function checkInGrid(r: RangeRect, limits: GridLimits): void {
  const lastRow = r.row + r.rows;
  const lastCol = r.col + r.cols;
  if (lastRow > limits.maxRows) {
    throw invalid(`Row ${group(lastRow)} is beyond the end of the sheet: it has ${group(limits.maxRows)} rows.`, {
      row: lastRow - 1,
      maxRows: limits.maxRows,
    });
  }
  if (lastCol > limits.maxCols) {
    throw invalid(
      `Column ${columnToLetters(lastCol - 1)} is beyond the end of the sheet: its last column is ${columnToLetters(limits.maxCols - 1)}.`,
      { col: lastCol - 1, maxCols: limits.maxCols },
    );
  }
}
