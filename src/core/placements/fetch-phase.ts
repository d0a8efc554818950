/** The fetch phase of a run: the query run through its QueryRunner, decoded and laid out as a matrix; no cell is touched. */
import { cutAtDefaultCap } from '../builder/default-cap';
import { withStoredMeasurePlacement } from '../builder/pivot-placement';
import { buildFlatMatrix, createFlatLayout } from '../cells/flat-layout';
import type { Matrix } from '../cells/matrix';
import { buildPivotMatrix } from '../cells/pivot-layout';
import { withSummaryRow } from '../cells/summary-row';
import { reportFilterWords } from '../builder/filter-words';
import type { Report } from '../wire/schemas';
import type { PlacementRecord } from './placement-record';
import { throwIfAborted } from './placement-errors';
import type { OrchestratorDeps, PivotSpec, QueryContext, RunOptions } from './placement-types';
import { flatWithTotals, pivotTotalsOf, runTotals } from './totals-phase';

/** A result laid out and ready to write. */
export interface Fetched {
  matrix: Matrix;
  layout: PlacementRecord['layout'];
  queryChecksum: string | undefined;
  /** The id of the report an edit saved: its publicId's report, which another writer may have created anew under a new id. */
  savedReportId?: number;
  /** Exactly the platform's default cap of query rows, from SQL with no top-level LIMIT. */
  truncatedAtDefaultCap: boolean;
  /** Rows the report's query answered (a pivot lays several into one sheet row). */
  queryRows: number;
}

/** What a fetch is: the query, its pivot (null: a flat table) and the definition whose members title the headers. */
export interface FetchRequest {
  context: QueryContext;
  sql: string;
  pivot: PivotSpec | null;
  report: Report;
  /** The sheet row (0-based) the result's first row goes to: the rows below it to the sheet's end are the result's room. */
  anchorRow: number;
  /** Lay the filter summary row (the definition's filters in words) above the result (context-settings.ts). */
  filterSummary?: boolean;
}

/** Runs the query and lays the whole result out (titled as the report's members). */
export async function fetchAndLayOut(
  deps: Pick<OrchestratorDeps, 'queries' | 'host' | 'timezone' | 'titles' | 'totals'>,
  request: FetchRequest,
  opts: RunOptions,
): Promise<Fetched> {
  const { context, sql, pivot, report } = request;
  // The summary row takes the anchor's row: the result's header goes one row down.
  const anchorRow = request.anchorRow + (request.filterSummary === true ? 1 : 0);
  const { signal } = opts;
  const runner = deps.queries(context);
  const { limits } = deps.host;
  const isPivot = pivot !== null && pivot.columns.length > 0;
  // A flat result is typed line by line as it arrives (the stream's rows are not kept).
  const flat = isPivot ? null : createFlatLayout();
  const result = await runner.run({
    ...(flat ? { sink: flat } : {}),
    query: sql,
    ...(deps.timezone ? { timezone: deps.timezone } : {}),
    ...(signal ? { signal } : {}),
    // A flat result that cannot fit below its header row stops streaming at once (a pivot's shape is known only once laid out).
    ...(isPivot ? {} : { budget: { maxRows: Math.max(0, limits.maxRows - anchorRow - 1), maxCols: limits.maxCols } }),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  });
  throwIfAborted(signal);
  // Totals run before anything is laid out or written: a failed totals query fails the run with the cells untouched.
  const planned = (await deps.totals?.(context, report)) ?? null;
  throwIfAborted(signal);
  const totals = planned ? await runTotals(runner, planned, { timezone: deps.timezone, signal }) : null;
  const titles = await deps.titles?.(context, result, report);
  throwIfAborted(signal);
  const options = titles ? { titles } : undefined;
  const pivotTotals = isPivot && planned?.layout === 'pivot' && totals ? pivotTotalsOf(planned, totals) : undefined;
  const laidOut: Matrix = isPivot
    ? buildPivotMatrix(result, withStoredMeasurePlacement(pivot, report.meta), options, pivotTotals)
    : flat && result.sunk
      ? flat.finish(options)
      : buildFlatMatrix(result, options);
  const sunk = !isPivot && result.sunk === true;
  // A sunk result keeps no rows: its query rows are the flat matrix's data rows (one header row).
  const queryRows = sunk ? laidOut.rows - laidOut.headerRows : result.rows.length;
  const matrix = !isPivot && planned?.layout === 'flat' && totals ? flatWithTotals(laidOut, result.columns, planned, totals) : laidOut;
  return {
    matrix: request.filterSummary === true ? withSummaryRow(matrix, reportFilterWords(report.meta, titles), limits.maxCellChars) : matrix,
    layout: isPivot ? 'pivot' : 'flat',
    queryChecksum: report.currentQueryChecksum ?? undefined,
    truncatedAtDefaultCap: cutAtDefaultCap(queryRows, sql),
    queryRows,
  };
}
