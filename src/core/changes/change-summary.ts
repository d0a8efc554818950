/** What a refresh changed against the cells it replaced: cells changed, rows and columns added or removed, and where. */
import type { CellSnapshot, GridRange, Scalar } from '../host';
import { sameCell } from './cell-key';
import { groupDigits } from './cell-list-text';
import { CELLS_PER_STEP, runSteps } from './fingerprint';

/** Rectangles a summary lists at most for Show changes; past it the changed rows are given as one band. */
export const MAX_CHANGE_RANGES = 200;

export interface ChangeSummary {
  /** Cells in both the old and the new area whose value differs. */
  changedCells: number;
  rowsAdded: number;
  rowsRemoved: number;
  colsAdded: number;
  colsRemoved: number;
  /** The changed cells and the added rows and columns as rectangles on the new area's sheet (for Show changes). */
  ranges: GridRange[];
}

interface Run {
  row: number;
  col: number;
  cols: number;
}

/**
 * Compares the new values of `area` with what its snapshot (read before the write, for rollback) held, over the part
 * the old area `previous` shared with it; both start at the same anchor, as a refresh in place does.
 */
export function summarizeChange(
  previous: GridRange,
  area: GridRange,
  before: CellSnapshot,
  after: ReadonlyArray<ReadonlyArray<Scalar>>,
): ChangeSummary {
  return runSteps(summarizeChangeSteps(previous, area, before, after));
}

/** summarizeChange as a stepped pass (a step every CELLS_PER_STEP cells compared). */
export function* summarizeChangeSteps(
  previous: GridRange,
  area: GridRange,
  before: CellSnapshot,
  after: ReadonlyArray<ReadonlyArray<Scalar>>,
): Generator<void, ChangeSummary, void> {
  const rows = Math.min(previous.rows, area.rows);
  const cols = Math.min(previous.cols, area.cols);
  const offRow = area.row - before.range.row;
  const offCol = area.col - before.range.col;
  let changedCells = 0;
  let runs: Run[] = [];
  let open: Run | null = null;
  let sinceStep = 0;
  for (let r = 0; r < rows; r++) {
    sinceStep += cols;
    if (sinceStep >= CELLS_PER_STEP) {
      sinceStep = 0;
      yield;
    }
    const was = before.values[r + offRow];
    const now = after[r];
    for (let c = 0; c < cols; c++) {
      if (sameCell(was?.[c + offCol] ?? null, now?.[c] ?? null)) {
        open = null;
        continue;
      }
      changedCells++;
      if (open && open.row === r && open.col + open.cols === c) open.cols++;
      else {
        open = { row: r, col: c, cols: 1 };
        runs.push(open);
      }
    }
    open = null;
  }
  const ranges: GridRange[] = [];
  const at = (row: number, col: number, nRows: number, nCols: number): GridRange => ({
    sheetId: area.sheetId,
    row: area.row + row,
    col: area.col + col,
    rows: nRows,
    cols: nCols,
  });
  if (runs.length > MAX_CHANGE_RANGES) {
    const first = runs[0]?.row ?? 0;
    const last = runs[runs.length - 1]?.row ?? 0;
    ranges.push(at(first, 0, last - first + 1, cols));
    runs = [];
  }
  for (const rect of mergeRuns(runs)) ranges.push(at(rect.row, rect.col, rect.rows, rect.cols));
  const rowsAdded = Math.max(0, area.rows - previous.rows);
  const colsAdded = Math.max(0, area.cols - previous.cols);
  if (rowsAdded > 0) ranges.push(at(previous.rows, 0, rowsAdded, area.cols));
  if (colsAdded > 0) ranges.push(at(0, previous.cols, rows, colsAdded));
  return {
    changedCells,
    rowsAdded,
    rowsRemoved: Math.max(0, previous.rows - area.rows),
    colsAdded,
    colsRemoved: Math.max(0, previous.cols - area.cols),
    ranges,
  };
}

/** Runs of consecutive rows with the same columns become one rectangle. */
function mergeRuns(runs: readonly Run[]): Array<Run & { rows: number }> {
  const out: Array<Run & { rows: number }> = [];
  const byCols = new Map<string, Run & { rows: number }>();
  for (const run of runs) {
    const key = `${run.col}:${run.cols}`;
    const last = byCols.get(key);
    if (last && last.row + last.rows === run.row) last.rows++;
    else {
      const rect = { ...run, rows: 1 };
      out.push(rect);
      byCols.set(key, rect);
    }
  }
  return out;
}

function plural(n: number, one: string, many: string): string {
  return `${groupDigits(n)} ${n === 1 ? one : many}`;
}

/** "12 cells changed, 3 rows added, 1 row removed", or "No changes". */
export function changeSummaryText(s: ChangeSummary): string {
  const parts: string[] = [];
  if (s.changedCells > 0) parts.push(`${plural(s.changedCells, 'cell', 'cells')} changed`);
  if (s.rowsAdded > 0) parts.push(`${plural(s.rowsAdded, 'row', 'rows')} added`);
  if (s.rowsRemoved > 0) parts.push(`${plural(s.rowsRemoved, 'row', 'rows')} removed`);
  if (s.colsAdded > 0) parts.push(`${plural(s.colsAdded, 'column', 'columns')} added`);
  if (s.colsRemoved > 0) parts.push(`${plural(s.colsRemoved, 'column', 'columns')} removed`);
  return parts.length === 0 ? 'No changes' : parts.join(', ');
}
