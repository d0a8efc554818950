/** A write block's shape as Sheets writes it: per-cell grids of its runs, the extent that holds anything, the block clipped. */
import { GENERAL_FORMAT, type CellRun, type WriteBlock } from '../../../src/core/host';

/** The per-cell grid of a block's runs, `fill` where no run covers a cell. */
export function gridOf<T>(
  rows: number,
  cols: number,
  runs: ReadonlyArray<CellRun & { value: T }>,
  fill: (r: number, c: number) => T,
): T[][] {
  const grid: Array<Array<T | undefined>> = Array.from({ length: rows }, () => new Array<T | undefined>(cols).fill(undefined));
  for (const run of runs)
    for (let i = run.row; i < run.row + run.rows; i++) {
      const line = grid[i];
      if (line) line.fill(run.value, run.col, run.col + run.cols);
    }
  return grid.map((line, r) => line.map((v, c) => (v === undefined ? fill(r, c) : v)));
}

/** Rows and columns of a block (from its top-left) that hold a value, a format other than General or bold. */
export function extentOf(block: WriteBlock): { rows: number; cols: number } {
  let rows = 0;
  let cols = 0;
  const note = (i: number, j: number): void => {
    rows = Math.max(rows, i + 1);
    cols = Math.max(cols, j + 1);
  };
  block.values.forEach((line, i) => line.forEach((v, j) => (v === null ? undefined : note(i, j))));
  for (const r of block.formats ?? []) if (r.format !== GENERAL_FORMAT) note(r.row + r.rows - 1, r.col + r.cols - 1);
  for (const r of block.bold ?? []) if (r.bold) note(r.row + r.rows - 1, r.col + r.cols - 1);
  return { rows, cols };
}

/** The block cut to its first `rows` x `cols` cells, its runs cut with it. */
export function clipBlock(block: WriteBlock, rows: number, cols: number): WriteBlock {
  const clip = <R extends CellRun>(runs: readonly R[] | undefined): R[] =>
    (runs ?? [])
      .filter((r) => r.row < rows && r.col < cols)
      .map((r) => ({ ...r, rows: Math.min(r.rows, rows - r.row), cols: Math.min(r.cols, cols - r.col) }));
  return {
    ...block,
    values: block.values.slice(0, rows).map((line) => line.slice(0, cols)),
    formats: clip(block.formats),
    bold: clip(block.bold),
  };
}

/** Whether the runs cover every cell of a rows x cols block (runs never overlap within one list). */
export function covers(runs: readonly CellRun[], rows: number, cols: number): boolean {
  return runs.reduce((n, r) => n + r.rows * r.cols, 0) >= rows * cols;
}
