/** A1 notation in the Sheets fake: the area a reference names (1-based), parsed as Apps Script parses it, and written back. */

export interface Area {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

function columnLetters(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Parses `A1` or `A1:C3` (no sheet name); throws "Range not found" as Apps Script does for anything else. */
export function parseA1(a1: string): Area {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$/.exec(a1.trim());
  if (!m) throw new Error('Range not found');
  const c1 = columnNumber(m[1]!);
  const r1 = Number(m[2]);
  const c2 = m[3] ? columnNumber(m[3]) : c1;
  const r2 = m[4] ? Number(m[4]) : r1;
  if (r1 < 1 || r2 < 1) throw new Error('Range not found');
  return { row: Math.min(r1, r2), col: Math.min(c1, c2), rows: Math.abs(r2 - r1) + 1, cols: Math.abs(c2 - c1) + 1 };
}

export function a1Of(area: Area): string {
  const tl = `${columnLetters(area.col)}${area.row}`;
  if (area.rows === 1 && area.cols === 1) return tl;
  return `${tl}:${columnLetters(area.col + area.cols - 1)}${area.row + area.rows - 1}`;
}
