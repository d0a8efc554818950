/** The totals step of a run's fetch phase: the report's totals queries run after its own, laid into its matrix; no cell is touched. */
import type { QueryResult, QueryRunner } from '../api/query-result';
import type { PlannedTotals } from '../builder/report-totals';
import type { Matrix } from '../cells/matrix';
import { withFlatTotals, type PivotTotalsResults } from '../cells/totals-layout';
import type { CancelSignal } from '../runtime/cancel-signal';
import { throwIfAborted } from './placement-errors';

type Rows = Pick<QueryResult, 'columns' | 'rows'>;

/** The results of a run's totals queries, one per planned query (a pivot without a grand total gets an empty one). */
export interface TotalsResults {
  grand: Rows;
  byRows?: Rows;
  byColumns?: Rows;
}

/**
 * Runs the planned totals queries one after another (same runner, time zone and signal as the report's query). Any
 * failure throws, so the run fails before a cell is written.
 */
export async function runTotals(
  runner: QueryRunner,
  planned: PlannedTotals,
  opts: { timezone?: string | undefined; signal?: CancelSignal | undefined },
): Promise<TotalsResults> {
  const run = async (sql: string): Promise<Rows> => {
    const result = await runner.run({
      query: sql,
      ...(opts.timezone ? { timezone: opts.timezone } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    throwIfAborted(opts.signal);
    return { columns: result.columns, rows: result.rows };
  };
  const out: TotalsResults = { grand: { columns: [], rows: [] } };
  if (planned.grand !== undefined) out.grand = await run(planned.grand);
  if (planned.byRows !== undefined) out.byRows = await run(planned.byRows);
  if (planned.byColumns !== undefined) out.byColumns = await run(planned.byColumns);
  return out;
}

/** A pivot's totals for buildPivotMatrix: a missing grand total reads as no value in the corner. */
export function pivotTotalsOf(planned: PlannedTotals, results: TotalsResults): PivotTotalsResults {
  const grand = planned.grand !== undefined ? results.grand : { columns: results.byColumns?.columns ?? [], rows: [] };
  return {
    grand,
    ...(results.byRows ? { byRows: results.byRows } : {}),
    ...(results.byColumns ? { byColumns: results.byColumns } : {}),
  };
}

/** A flat matrix with its totals row (the grand total's measures under their columns). */
export function flatWithTotals(
  matrix: Matrix,
  columns: ReadonlyArray<{ name: string }>,
  planned: PlannedTotals,
  results: TotalsResults,
): Matrix {
  return planned.grand === undefined ? matrix : withFlatTotals(matrix, columns, planned.measures, results.grand);
}
