/** Cell runs: per-cell number formats or bold of a block turned into few rectangles, each set in one host operation. */
import type { BoldRun, CellRun, FormatRun } from '../host';

/** A rectangle of cells that all take one value (a format, a bold flag). */
export type ValueRun<T> = CellRun & { value: T };

/**
 * Rectangles covering every cell whose entry is not `null`, one value per rectangle: vertical runs per column, joined
 * with the same run of the next column when rows and value match (a column-typed table gives one run per column band).
 */
export function valueRuns<T extends string | boolean>(grid: ReadonlyArray<ReadonlyArray<T | null | undefined>>): ValueRun<T>[] {
  const rows = grid.length;
  const cols = grid.reduce((m, line) => Math.max(m, line.length), 0);
  const out: ValueRun<T>[] = [];
  /** Runs ending at the previous column, by `row:rows:value`. */
  let open = new Map<string, ValueRun<T>>();
  for (let j = 0; j < cols; j++) {
    const next = new Map<string, ValueRun<T>>();
    let i = 0;
    while (i < rows) {
      const value = grid[i]?.[j];
      if (value === null || value === undefined) {
        i++;
        continue;
      }
      let end = i + 1;
      while (end < rows && grid[end]?.[j] === value) end++;
      const key = `${i}:${end - i}:${String(value)}`;
      const left = open.get(key);
      if (left !== undefined) {
        left.cols++;
        next.set(key, left);
      } else {
        const run = { row: i, col: j, rows: end - i, cols: 1, value };
        out.push(run);
        next.set(key, run);
      }
      i = end;
    }
    open = next;
  }
  return out;
}

/** Format runs of a per-cell format grid (`null`: leave that cell's format alone). */
export function formatRuns(formats: ReadonlyArray<ReadonlyArray<string | null | undefined>>): FormatRun[] {
  return valueRuns(formats).map(({ value, ...run }) => ({ ...run, format: value }));
}

/** Bold runs of a per-cell bold grid (`null`: leave that cell's bold alone). */
export function boldRuns(bold: ReadonlyArray<ReadonlyArray<boolean | null | undefined>>): BoldRun[] {
  return valueRuns(bold).map(({ value, ...run }) => ({ ...run, bold: value }));
}
