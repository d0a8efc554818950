/**
 * Moving a placed report to a new anchor: its query runs again (as a refresh), the result is written at the new place
 * and the old cells cleared in one write transaction, then the record and connect-workbook follow; all-or-nothing.
 */
import { AddinError } from '../errors/addin-error';
import { isBlankQuery } from '../api/query-text';
import type { ConnectWorkbookBody, Report } from '../wire/schemas';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { GridRange, WorkbookLayout } from '../host';
import type { JobScope } from '../jobs/job-scope';
import type { Fetched, FetchRequest } from './fetch-phase';
import { normalize, orphaned, throwIfAborted } from './placement-errors';
import { headerRowsOf, type PlacementRecord } from './placement-record';
import type { InsertRunOptions, PlacementOutcome, QueryContext, RunOptions } from './placement-types';
import type { BoundValue } from '../params/bound-values';
import { withUsedValues } from './parameters-phase';
import { connectBody } from './report-bodies';
import { refreshedRecord } from './run-results';
import type { WriteArgs, Written } from './write-phase';

/** A cell a placement moves to (its new top-left). */
export interface MoveAnchor {
  sheetId: string;
  row: number;
  col: number;
}

/** The Orchestrator's steps a move is made of (each as a refresh or an insert uses it). */
export interface MoveSteps {
  record(scope: JobScope, placementId: string): Promise<PlacementRecord>;
  layout(scope: JobScope): Promise<WorkbookLayout>;
  connect(record: PlacementRecord, body: ConnectWorkbookBody, signal: CancelSignal | undefined): Promise<Report>;
  fetch(request: FetchRequest, opts: RunOptions): Promise<Fetched>;
  /** The placement's bound cells read and typed (parameters-phase.ts), and the definition run with their values. */
  bound(layout: WorkbookLayout, record: PlacementRecord): Promise<BoundValue[]>;
  withBound(context: QueryContext, report: Report, bound: readonly BoundValue[]): Promise<Report>;
  /** The write phase under the write lock. */
  write(args: WriteArgs): Promise<Written>;
  /**
   * Renews the anchor note after a write (best effort: the cells are written): set at the new anchor when the record
   * has it on, removed from `before`'s anchor when it moved or was turned off. `report` names who refreshed it.
   */
  note(before: { area: GridRange | null; on: boolean }, next: PlacementRecord, written: Written, report: Report): Promise<void>;
  /** Records the new location on the platform (best effort) and makes the outcome. */
  finish(record: PlacementRecord, written: Written, t0: number): Promise<PlacementOutcome>;
  now(): number;
}

function sameAnchor(a: MoveAnchor, b: MoveAnchor): boolean {
  return a.sheetId === b.sheetId && a.row === b.row && a.col === b.col;
}

/**
 * Moves the placement to `anchor`. Blocked exactly as an insert is (user cells unless `overwrite`, another placement
 * always); any failure leaves both areas, the tracked area and the record as they were. The new record is kept in the
 * job's unsaved records (saved when the job ends).
 */
export async function movePlacement(
  steps: MoveSteps,
  placementId: string,
  anchor: MoveAnchor,
  opts: InsertRunOptions & { scope: JobScope },
): Promise<PlacementOutcome> {
  const t0 = steps.now();
  const { signal, scope } = opts;
  const record = await steps.record(scope, placementId);
  try {
    throwIfAborted(signal);
    const layout = await steps.layout(scope);
    const area = layout.areas[placementId] ?? null;
    if (!area) throw orphaned(record);
    if (!layout.sheets.some((s) => s.id === anchor.sheetId))
      throw new AddinError('notFound', 'The target sheet no longer exists. Select a cell and try again.');
    if (sameAnchor(area, anchor))
      throw new AddinError('validation', `"${record.name}" already starts at that cell. Select another cell to move it to.`);
    const bound = await steps.bound(layout, record);
    opts.onPhase?.('running');
    const context = { deploymentId: record.deploymentId, ...(record.environmentId ? { environmentId: record.environmentId } : {}) };
    const report = await steps.withBound(context, await steps.connect(record, connectBody(placementId, area, layout), signal), bound);
    throwIfAborted(signal);
    const sql = report.sqlQuery ?? '';
    if (isBlankQuery(sql))
      throw new AddinError('validation', `The report "${report.name}" has no SQL query on the platform. Edit it to add one.`);
    const request = {
      context,
      sql,
      pivot: report.pivotItems ?? null,
      report,
      anchorRow: anchor.row,
      filterSummary: record.filterSummary === true,
    };
    const fetched = await steps.fetch(request, opts);
    const written = await steps.write({
      scope,
      autofit: true,
      placementId,
      name: record.name,
      target: anchor,
      move: true,
      matrix: fetched.matrix,
      overwrite: opts.overwrite ?? false,
      signal,
      previousHeaderRows: headerRowsOf(record),
    });
    const next = withUsedValues(
      refreshedRecord(record, { name: record.name, environmentId: record.environmentId }, written, fetched, iso(steps.now())),
      bound,
    );
    await steps.note({ area, on: record.anchorNote === true }, next, written, report);
    const outcome = await steps.finish(next, written, t0);
    scope.unsaved.set(placementId, next);
    return outcome;
  } catch (e) {
    // A refused or failed move changed nothing: the placement still holds its last result where it was.
    throw normalize(e, signal);
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
