/** Reads of a sheet's cells: values, formats and bold of a range, one-pass snapshots, occupied cells. */
import type { RangeRect } from '../cells/a1';
import type { Scalar } from '../host';
import { forEachChunkSpan } from './column-chunk';
import type { SheetStore } from './sheet-store';

export function valuesIn(s: SheetStore, range: RangeRect): Scalar[][] {
  const out: Scalar[][] = [];
  for (let i = 0; i < range.rows; i += 1) {
    const line: Scalar[] = new Array<Scalar>(range.cols);
    for (let j = 0; j < range.cols; j += 1) line[j] = s.cells.value(range.row + i, range.col + j) ?? null;
    out.push(line);
  }
  return out;
}

/** Number formats of a range; `null` is General. */
export function formatsIn(s: SheetStore, range: RangeRect): (string | null)[][] {
  const out: (string | null)[][] = [];
  for (let i = 0; i < range.rows; i += 1) {
    const line: (string | null)[] = new Array<string | null>(range.cols);
    for (let j = 0; j < range.cols; j += 1) line[j] = s.cells.format(range.row + i, range.col + j) ?? null;
    out.push(line);
  }
  return out;
}

/**
 * Values, formats (`general` where a cell has none) and bold of a range in one pass (the same answer as getValues,
 * getFormats and getBold), column by column a chunk of rows at a time. Rows holding nothing in the range share three
 * frozen rows, so a snapshot of an empty area costs next to nothing; a snapshot is read, never written to.
 */
export function snapshotIn(
  s: SheetStore,
  range: RangeRect,
  general: string,
): { range: RangeRect & { sheetId: string }; values: Scalar[][]; formats: string[][]; bold: boolean[][] } {
  const { row, col, rows, cols } = range;
  const cells = s.cells;
  const emptyV = Object.freeze(new Array<Scalar>(cols).fill(null)) as Scalar[];
  const emptyF = Object.freeze(new Array<string>(cols).fill(general)) as string[];
  const emptyB = Object.freeze(new Array<boolean>(cols).fill(false)) as boolean[];
  const values: Scalar[][] = new Array<Scalar[]>(rows).fill(emptyV);
  const formats: string[][] = new Array<string[]>(rows).fill(emptyF);
  const bold: boolean[][] = new Array<boolean[]>(rows).fill(emptyB);
  for (let j = 0; j < cols; j += 1) {
    forEachChunkSpan(row, rows, (at, first, count) => {
      const chunk = cells.chunk(row + at, col + j);
      if (chunk === undefined) return;
      for (let k = 0; k < count; k += 1) {
        const i = first + k;
        if (!chunk.holds(i)) continue;
        const r = at + k;
        if (values[r] === emptyV) {
          values[r] = new Array<Scalar>(cols).fill(null);
          formats[r] = new Array<string>(cols).fill(general);
          bold[r] = new Array<boolean>(cols).fill(false);
        }
        (values[r] as Scalar[])[j] = chunk.value(i) ?? null;
        (formats[r] as string[])[j] = cells.formatOf(chunk.formatId(i)) ?? general;
        (bold[r] as boolean[])[j] = chunk.isBold(i);
      }
    });
  }
  return { range: { sheetId: s.id, row, col, rows, cols }, values, formats, bold };
}

/** Bold of every cell of a range. */
export function boldIn(s: SheetStore, range: RangeRect): boolean[][] {
  const out: boolean[][] = [];
  for (let i = 0; i < range.rows; i += 1) {
    const line: boolean[] = new Array<boolean>(range.cols);
    for (let j = 0; j < range.cols; j += 1) line[j] = s.cells.bold(range.row + i, range.col + j);
    out.push(line);
  }
  return out;
}

/** Cells holding a value inside `range`, row-major, at most `max`. */
export function occupiedIn(s: SheetStore, range: RangeRect, max: number): Array<{ row: number; col: number }> {
  const out: Array<{ row: number; col: number }> = [];
  if (max <= 0) return out;
  for (const r of s.cells.rowsHolding(range.row, range.row + range.rows)) {
    const end = Math.min(range.col + range.cols, s.cells.rowWidth(r));
    for (let c = range.col; c < end; c += 1) {
      if (s.cells.value(r, c) !== undefined) {
        out.push({ row: r, col: c });
        if (out.length >= max) return out;
      }
    }
  }
  return out;
}
