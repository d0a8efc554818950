/** Bulk writes into a sheet's cell storage: a rectangle of values with its formats and bold, and clearing values. */
import type { RangeRect } from '../cells/a1';
import type { BoldRun, FormatRun, Scalar } from '../host';
import { putValue } from './cell-input';
import { applyFormatRuns, setFormatIn } from './row-formats';
import { dropIfEmpty, rowFor, rowKeys, type SheetStore } from './sheet-store';

/** Options of one bulk write. */
export interface SetRangeOptions {
  /** Per-cell number format applied before the value; `null` (or a missing entry) leaves the format alone. */
  formats?: (string | null)[][];
  /** How many leading rows become bold. */
  boldRows?: number;
  /** Bold of every cell, set exactly (true or false) after `boldRows`; `null` or a missing entry leaves the cell's bold alone. */
  bold?: (boolean | null)[][];
  /** Number formats as rectangles relative to the range (a write block's runs), applied before the values like `formats`. */
  formatRuns?: readonly FormatRun[];
  /** Bold as rectangles relative to the range, set exactly like `bold` (before `boldRows`, which a write block never has). */
  boldRuns?: readonly BoldRun[];
}

/**
 * Writes `values` at `range` (its size: the values' rows and widest line), formats first so TEXT_FORMAT cells stay
 * inert; the caller has checked the range and every value (a write is all or nothing).
 */
export function writeRangeIn(s: SheetStore, range: RangeRect, values: Scalar[][], options: SetRangeOptions, maxCellChars: number): void {
  const { row, col, rows, cols } = range;
  if (options.formatRuns !== undefined && options.formatRuns.length > 0) applyFormatRuns(s, row, col, rows, cols, options.formatRuns);
  for (const run of options.boldRuns ?? [])
    for (let i = run.row; i < run.row + run.rows && i < rows; i += 1) {
      const r = rowFor(s, row + i);
      for (let j = run.col; j < run.col + run.cols && j < cols; j += 1) (r.b ??= [])[col + j] = run.bold || undefined;
    }
  const boldRows = options.boldRows ?? 0;
  // Values alone (a write block's case: its formats and bold came as runs above): no per-cell format or bold to read.
  const valuesOnly = options.formats === undefined && boldRows === 0 && options.bold === undefined;
  for (let i = 0; i < rows; i += 1) {
    const line = values[i] ?? [];
    const fline = options.formats?.[i];
    const r = rowFor(s, row + i, col + cols);
    if (valuesOnly) {
      for (let j = 0; j < line.length; j += 1) putValue(r, col + j, line[j] ?? null, maxCellChars);
      dropIfEmpty(s, row + i, r);
      continue;
    }
    for (let j = 0; j < line.length; j += 1) {
      const f = fline?.[j];
      if (f !== undefined && f !== null) setFormatIn(r, col + j, f);
      if (i < boldRows) (r.b ??= [])[col + j] = true;
      const b = options.bold?.[i]?.[j];
      if (b !== undefined && b !== null) (r.b ??= [])[col + j] = b || undefined;
      putValue(r, col + j, line[j] ?? null, maxCellChars);
    }
    dropIfEmpty(s, row + i, r);
  }
}

/** Clears values (and formula marks) of a range; formats and bold stay. */
export function clearRangeIn(s: SheetStore, range: RangeRect): void {
  for (const rowIndex of rowKeys(s, range.row, range.row + range.rows)) {
    const r = s.rows.get(rowIndex);
    if (!r) continue;
    const end = Math.min(range.col + range.cols, r.v.length);
    for (let c = range.col; c < end; c += 1) {
      delete r.v[c];
      if (r.x && c < r.x.length) delete r.x[c];
    }
    dropIfEmpty(s, rowIndex, r);
  }
}
