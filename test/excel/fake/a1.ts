/** A1 notation for the fake: column letters, cell and range addresses with sheet names, and parsing of the forms the fake accepts. */
import { fail } from './errors';

export const MAX_ROWS = 1048576;
export const MAX_COLS = 16384;

export interface Rect {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

export function columnLetters(col: number): string {
  let n = col + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Sheet names that need quotes in a reference (anything but letters, digits, underscore, dot). */
export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** `A1:B2` (or `A1` for one cell); `absolute` adds `$` as Excel does in named-item values. */
export function rectAddress(r: Rect, absolute = false): string {
  const d = absolute ? '$' : '';
  if (r.cols === MAX_COLS && r.col === 0) return `${d}${r.row + 1}:${d}${r.row + r.rows}`;
  if (r.rows === MAX_ROWS && r.row === 0) return `${d}${columnLetters(r.col)}:${d}${columnLetters(r.col + r.cols - 1)}`;
  const a = `${d}${columnLetters(r.col)}${d}${r.row + 1}`;
  if (r.rows === 1 && r.cols === 1) return a;
  return `${a}:${d}${columnLetters(r.col + r.cols - 1)}${d}${r.row + r.rows}`;
}

/** Parses `A1`, `A1:C3`, `3:5` (rows), `B:D` (columns), with or without `$`. */
export function parseRect(address: string): Rect {
  const a = address.replace(/\$/g, '').trim().toUpperCase();
  let m = /^([A-Z]{1,3})(\d+)(?::([A-Z]{1,3})(\d+))?$/.exec(a);
  if (m) {
    const c1 = columnIndex(m[1]!);
    const r1 = Number(m[2]) - 1;
    const c2 = m[3] ? columnIndex(m[3]) : c1;
    const r2 = m[4] ? Number(m[4]) - 1 : r1;
    return checked({ row: Math.min(r1, r2), col: Math.min(c1, c2), rows: Math.abs(r2 - r1) + 1, cols: Math.abs(c2 - c1) + 1 }, address);
  }
  m = /^(\d+):(\d+)$/.exec(a);
  if (m) {
    const r1 = Number(m[1]) - 1;
    const r2 = Number(m[2]) - 1;
    return checked({ row: Math.min(r1, r2), col: 0, rows: Math.abs(r2 - r1) + 1, cols: MAX_COLS }, address);
  }
  m = /^([A-Z]{1,3}):([A-Z]{1,3})$/.exec(a);
  if (m) {
    const c1 = columnIndex(m[1]!);
    const c2 = columnIndex(m[2]!);
    return checked({ row: 0, col: Math.min(c1, c2), rows: MAX_ROWS, cols: Math.abs(c2 - c1) + 1 }, address);
  }
  return fail('InvalidArgument', `The argument is invalid or missing or has an incorrect format: "${address}".`);
}

export function checked(r: Rect, what: string): Rect {
  const ok =
    Number.isInteger(r.row) &&
    Number.isInteger(r.col) &&
    Number.isInteger(r.rows) &&
    Number.isInteger(r.cols) &&
    r.row >= 0 &&
    r.col >= 0 &&
    r.rows >= 1 &&
    r.cols >= 1 &&
    r.row + r.rows <= MAX_ROWS &&
    r.col + r.cols <= MAX_COLS;
  if (!ok) fail('InvalidArgument', `The argument is invalid or missing or has an incorrect format: ${what}.`);
  return r;
}

/** Splits `Sheet1!A1:B2` / `'My sheet'!A1` / `=Sheet1!$A$1` into sheet name and address. */
export function splitReference(reference: string): { sheet: string | null; address: string } {
  const ref = reference.replace(/^=/, '');
  const bang = ref.lastIndexOf('!');
  if (bang < 0) return { sheet: null, address: ref };
  let sheet = ref.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheet, address: ref.slice(bang + 1) };
}
