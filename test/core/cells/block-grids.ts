/** Test helpers: the per-cell grids a write block's format and bold runs describe, and the header rows it bolds. */
import { formatRuns } from '../../../src/core/cells/cell-runs';
import type { Scalar, WriteBlock } from '../../../src/core/host';

function gridOf<T>(b: WriteBlock, runs: ReadonlyArray<{ row: number; col: number; rows: number; cols: number }>, value: (i: number) => T) {
  const width = b.values[0]?.length ?? 0;
  const grid: (T | null)[][] = b.values.map(() => new Array<T | null>(width).fill(null));
  runs.forEach((run, k) => {
    for (let i = run.row; i < run.row + run.rows; i++)
      for (let j = run.col; j < run.col + run.cols; j++) {
        const line = grid[i];
        if (line === undefined || j >= width) throw new Error('run outside the block');
        if (line[j] !== null) throw new Error('overlapping runs');
        line[j] = value(k);
      }
  });
  return grid;
}

/** Number format of every cell (`null`: left alone). */
export function formatGrid(b: WriteBlock): (string | null)[][] {
  const runs = b.formats ?? [];
  return gridOf(b, runs, (k) => runs[k]!.format);
}

/** Bold of every cell (`null`: left alone); undefined when the block sets no bold. */
export function boldGrid(b: WriteBlock): (boolean | null)[][] | undefined {
  const runs = b.bold;
  return runs === undefined ? undefined : gridOf(b, runs, (k) => runs[k]!.bold);
}

/** Leading rows the block sets bold across its whole width (as header rows), undefined when none. */
export function headerRowsOfBlock(b: WriteBlock): number | undefined {
  const grid = boldGrid(b);
  if (!grid) return undefined;
  let n = 0;
  while (n < grid.length && grid[n]!.every((x) => x === true)) n++;
  return n === 0 ? undefined : n;
}

/** A write block from per-cell formats (`null`: left alone) and a count of header rows made bold, as tests write them. */
export function blockFromGrids(b: {
  sheetId: string;
  row: number;
  col: number;
  values: Scalar[][];
  formats?: (string | null)[][];
  headerRows?: number;
}): WriteBlock {
  const cols = b.values[0]?.length ?? 0;
  const block: WriteBlock = { sheetId: b.sheetId, row: b.row, col: b.col, values: b.values };
  if (b.formats) block.formats = formatRuns(b.formats);
  if (b.headerRows && cols > 0) block.bold = [{ row: 0, col: 0, rows: b.headerRows, cols, bold: true }];
  return block;
}
