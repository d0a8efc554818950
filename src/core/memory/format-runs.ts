/** Number formats of a write's format runs, set a chunk of rows at a time. */
import type { FormatRun } from '../host';
import type { CellStore } from './cell-store';
import { forEachChunkSpan } from './column-chunk';

/**
 * Applies a write's format runs to rows [row, row + rows) and columns [col, col + cols) in their order in the list (a
 * later run wins where two overlap, as cell by cell).
 */
export function applyFormatRuns(cells: CellStore, row: number, col: number, rows: number, cols: number, runs: readonly FormatRun[]): void {
  const clamp = (i: number): number => Math.max(0, Math.min(rows, i));
  for (const run of runs) {
    const from = row + clamp(run.row);
    const to = row + clamp(run.row + run.rows);
    if (run.col >= cols || run.cols <= 0 || from >= to) continue;
    const id = cells.formatId(run.format);
    for (let j = Math.max(0, run.col); j < run.col + run.cols && j < cols; j += 1) {
      forEachChunkSpan(from, to - from, (at, first, count) => {
        if (id === 0 && cells.chunk(from + at, col + j) === undefined) return;
        cells.chunkFor(from + at, col + j).fillFormatId(first, first + count, id);
        cells.release(from + at, col + j);
      });
    }
  }
}
