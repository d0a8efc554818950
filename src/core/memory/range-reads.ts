/** Reads of a sheet's cell storage: values, formats and bold of a range, one-pass snapshots, occupied cells, the used range. */
import type { RangeRect } from '../cells/a1';
import type { Scalar } from '../host';
import { rowKeys, type SheetStore } from './sheet-store';

export function valuesIn(s: SheetStore, range: RangeRect): Scalar[][] {
  const out: Scalar[][] = [];
  for (let i = 0; i < range.rows; i += 1) {
    const r = s.rows.get(range.row + i);
    const line: Scalar[] = new Array<Scalar>(range.cols);
    for (let j = 0; j < range.cols; j += 1) line[j] = r?.v[range.col + j] ?? null;
    out.push(line);
  }
  return out;
}

/** Number formats of a range; `null` is General. */
export function formatsIn(s: SheetStore, range: RangeRect): (string | null)[][] {
  const out: (string | null)[][] = [];
  for (let i = 0; i < range.rows; i += 1) {
    const r = s.rows.get(range.row + i);
    const line: (string | null)[] = new Array<string | null>(range.cols);
    for (let j = 0; j < range.cols; j += 1) line[j] = r?.f?.[range.col + j] ?? null;
    out.push(line);
  }
  return out;
}

/**
 * Values, formats (`general` where a cell has none) and bold of a range in one pass (the same answer as getValues,
 * getFormats and getBold). Rows the sheet does not hold share three frozen rows, so a snapshot of an empty area
 * costs next to nothing; a snapshot is read, never written to.
 */
export function snapshotIn(
  s: SheetStore,
  range: RangeRect,
  general: string,
): { range: RangeRect & { sheetId: string }; values: Scalar[][]; formats: string[][]; bold: boolean[][] } {
  const values: Scalar[][] = new Array<Scalar[]>(range.rows);
  const formats: string[][] = new Array<string[]>(range.rows);
  const bold: boolean[][] = new Array<boolean[]>(range.rows);
  const { col, cols } = range;
  const emptyV = Object.freeze(new Array<Scalar>(cols).fill(null)) as Scalar[];
  const emptyF = Object.freeze(new Array<string>(cols).fill(general)) as string[];
  const emptyB = Object.freeze(new Array<boolean>(cols).fill(false)) as boolean[];
  for (let i = 0; i < range.rows; i += 1) {
    const r = s.rows.get(range.row + i);
    if (r === undefined) {
      values[i] = emptyV;
      formats[i] = emptyF;
      bold[i] = emptyB;
      continue;
    }
    const v = new Array<Scalar>(cols).fill(null);
    const f = new Array<string>(cols).fill(general);
    const b = new Array<boolean>(cols).fill(false);
    for (let j = 0; j < cols; j += 1) {
      const value = r.v[col + j];
      if (value !== undefined && value !== null) v[j] = value;
      const format = r.f?.[col + j];
      if (format !== undefined && format !== null) f[j] = format;
      if (r.b?.[col + j]) b[j] = true;
    }
    values[i] = v;
    formats[i] = f;
    bold[i] = b;
  }
  return { range: { sheetId: s.id, row: range.row, col: range.col, rows: range.rows, cols: range.cols }, values, formats, bold };
}

/** Bold of every cell of a range. */
export function boldIn(s: SheetStore, range: RangeRect): boolean[][] {
  const out: boolean[][] = [];
  for (let i = 0; i < range.rows; i += 1) {
    const r = s.rows.get(range.row + i);
    const line: boolean[] = new Array<boolean>(range.cols);
    for (let j = 0; j < range.cols; j += 1) line[j] = r?.b?.[range.col + j] ?? false;
    out.push(line);
  }
  return out;
}

/** Cells holding a value inside `range`, row-major, at most `max`. */
export function occupiedIn(s: SheetStore, range: RangeRect, max: number): Array<{ row: number; col: number }> {
  const out: Array<{ row: number; col: number }> = [];
  if (max <= 0) return out;
  for (const r of rowKeys(s, range.row, range.row + range.rows)) {
    const store = s.rows.get(r);
    if (!store) continue;
    const end = Math.min(range.col + range.cols, store.v.length);
    for (let c = range.col; c < end; c += 1) {
      const v = store.v[c];
      if (v !== undefined && v !== null) {
        out.push({ row: r, col: c });
        if (out.length >= max) return out;
      }
    }
  }
  return out;
}

/** The smallest rectangle holding every value of a sheet, or null when the sheet holds none. */
export function usedRangeIn(s: SheetStore): RangeRect | null {
  let minR = Infinity;
  let maxR = -1;
  let minC = Infinity;
  let maxC = -1;
  // Each row is scanned from both ends only (the grid asks this on every change: a full scan of a large sheet freezes the page).
  for (const [r, store] of s.rows) {
    const v = store.v;
    let first = 0;
    while (first < v.length && (v[first] === undefined || v[first] === null)) first += 1;
    if (first === v.length) continue;
    let last = v.length - 1;
    while (v[last] === undefined || v[last] === null) last -= 1;
    if (r < minR) minR = r;
    if (r > maxR) maxR = r;
    if (first < minC) minC = first;
    if (last > maxC) maxC = last;
  }
  if (maxR < 0) return null;
  return { row: minR, col: minC, rows: maxR - minR + 1, cols: maxC - minC + 1 };
}
