/** Bulk writes into a sheet's cells: a rectangle of values with its formats and bold. */
import type { RangeRect } from '../cells/a1';
import type { BoldRun, FormatRun, Scalar } from '../host';
import { TEXT_FORMAT } from '../host';
import { forEachChunkSpan } from './column-chunk';
import { applyFormatRuns } from './format-runs';
import type { SheetStore } from './sheet-store';

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
 * Writes `values` at `range` (its size: the values' rows and widest line; a short line leaves the cells past its end
 * alone), formats first so TEXT_FORMAT cells stay inert; the caller has checked the range and every value (a write is
 * all or nothing).
 */
export function writeRangeIn(s: SheetStore, range: RangeRect, values: Scalar[][], options: SetRangeOptions): void {
  const { row, col, rows, cols } = range;
  const cells = s.cells;
  if (options.formatRuns !== undefined && options.formatRuns.length > 0) applyFormatRuns(cells, row, col, rows, cols, options.formatRuns);
  for (const run of options.boldRuns ?? [])
    for (let i = run.row; i < run.row + run.rows && i < rows; i += 1)
      for (let j = run.col; j < run.col + run.cols && j < cols; j += 1) cells.setBold(row + i, col + j, run.bold);
  const boldRows = options.boldRows ?? 0;
  if (options.formats !== undefined || boldRows > 0 || options.bold !== undefined) {
    for (let i = 0; i < rows; i += 1) {
      const line = values[i] ?? [];
      for (let j = 0; j < line.length; j += 1) {
        const f = options.formats?.[i]?.[j];
        if (f !== undefined && f !== null) cells.setFormat(row + i, col + j, f);
        if (i < boldRows) cells.setBold(row + i, col + j, true);
        const b = options.bold?.[i]?.[j];
        if (b !== undefined && b !== null) cells.setBold(row + i, col + j, b);
      }
    }
  }
  // Values column by column, a chunk of rows at a time: the chunk is looked up once for its rows.
  const textId = cells.knownFormatId(TEXT_FORMAT);
  for (let j = 0; j < cols; j += 1) {
    const c = col + j;
    forEachChunkSpan(row, rows, (at, first, count) => {
      cells.chunkFor(row + at, c).putLines(first, count, values, at, j, textId);
      cells.release(row + at, c);
    });
  }
}
