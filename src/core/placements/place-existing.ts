/** Placing a report that already exists on the platform at an anchor (again, by id, or an orphan anew): no upsert. */
import { AddinError, isAddinError } from '../errors/addin-error';
import { isBlankQuery } from '../api/query-text';
import type { ConnectWorkbookBody, Report } from '../wire/schemas';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { WorkbookLayout } from '../host';
import type { JobScope } from '../jobs/job-scope';
import type { Fetched, FetchRequest } from './fetch-phase';
import type { MoveAnchor } from './move';
import { normalize, throwIfAborted } from './placement-errors';
import type { PlacementRecord } from './placement-record';
import type { InsertRunOptions, PlacementOutcome, RunOptions } from './placement-types';
import { connectBody } from './report-bodies';
import { placedRecord, refreshedRecord } from './run-results';
import type { WriteArgs, Written } from './write-phase';

/**
 * What is placed: an existing report (by its platform id) and the placement that reads its definition. `readThrough`
 * names a placement of this workbook whose connect-workbook call answers with the definition (sent where its cells are
 * now, so its platform record stays as it was); null reads through the placement being made, sent at the anchor.
 */
export interface PlaceRequest {
  deploymentId: string;
  environmentId?: string;
  reportId: number;
  readThrough: string | null;
  /** The placement made: a new id, or the orphan's own id (then `orphan` is its record). */
  placementId: string;
  orphan?: PlacementRecord;
}

/** The Orchestrator's steps a placement of an existing report is made of. */
export interface PlaceSteps {
  layout(scope: JobScope): Promise<WorkbookLayout>;
  connect(target: ConnectTarget, body: ConnectWorkbookBody, signal: CancelSignal | undefined): Promise<Report>;
  fetch(request: FetchRequest, opts: RunOptions): Promise<Fetched>;
  /** The write phase under the write lock, the new area held as pending until the record is saved. */
  write(args: WriteArgs): Promise<Written>;
  /** Records the final location on the platform (best effort) and makes the outcome. */
  finish(record: PlacementRecord, written: Written, t0: number): Promise<PlacementOutcome>;
  save(scope: JobScope, record: PlacementRecord): Promise<void>;
  now(): number;
}

/** Which report a connect-workbook call names (a record has these fields too). */
export interface ConnectTarget {
  deploymentId: string;
  reportId: number;
}

/** A refusal of the first connect-workbook call (401, 403, 404) said as what it means here: the key cannot read the report. */
function unreadable(e: unknown, request: PlaceRequest): unknown {
  if (!isAddinError(e) || (e.status !== 401 && e.status !== 403 && e.status !== 404)) return e;
  const report = `report ${request.reportId} in deployment ${request.deploymentId}`;
  const what = e.status === 404 ? `Your API key finds no ${report}` : `Your API key cannot read ${report}`;
  return new AddinError(
    e.kind,
    `${what} (the platform answered ${e.status}). Nothing was written or recorded. Check the id, or ask the report's owner for read access.`,
    { cause: e, status: e.status, ...(e.detail === undefined ? {} : { detail: e.detail }), data: { reportId: request.reportId } },
  );
}

/** The definition's message when the report cannot be run as it is. */
function runnableSql(report: Report): string {
  const sql = report.sqlQuery ?? '';
  if (isBlankQuery(sql))
    throw new AddinError('validation', `The report "${report.name}" has no SQL query on the platform. Edit it there to add one.`);
  return sql;
}

/** A record needs the report's publicId (Edit saves by it): a report without one cannot be placed by the add-in. */
function publicIdOf(report: Report): string {
  if (report.publicId) return report.publicId;
  throw new AddinError(
    'validation',
    `The report "${report.name}" (id ${report.id}) has no public id, which the add-in needs to edit it later. Give it one on the platform, then place it again.`,
    { data: { reportId: report.id } },
  );
}

/**
 * Places `request`'s report at `anchor`: connect-workbook reads the definition (read access is enough, nothing is
 * upserted), the query runs, the cells are written as an insert's are (blocked by user cells unless `overwrite`, by
 * another placement always), the record is saved and connect-workbook records the final area. A failure before the
 * write leaves the cells and the workbook's records as they were.
 */
export async function placeExisting(
  steps: PlaceSteps,
  request: PlaceRequest,
  anchor: MoveAnchor,
  opts: InsertRunOptions & { scope: JobScope },
): Promise<PlacementOutcome> {
  const t0 = steps.now();
  const { signal, scope } = opts;
  try {
    throwIfAborted(signal);
    const layout = await steps.layout(scope);
    if (!layout.sheets.some((s) => s.id === anchor.sheetId))
      throw new AddinError('notFound', 'The target sheet no longer exists. Select a cell and try again.');
    opts.onPhase?.('running');
    const readId = request.readThrough ?? request.placementId;
    const readArea = request.readThrough === null ? { ...anchor, rows: 1, cols: 1 } : (layout.areas[readId] ?? null);
    const report = await steps.connect(request, connectBody(readId, readArea, layout), signal).catch((e: unknown) => {
      throw unreadable(e, request);
    });
    throwIfAborted(signal);
    const sql = runnableSql(report);
    const publicId = request.orphan?.publicId ?? publicIdOf(report);
    const context = { deploymentId: request.deploymentId, ...(request.environmentId ? { environmentId: request.environmentId } : {}) };
    const filterSummary = request.orphan?.filterSummary === true;
    const fetched = await steps.fetch(
      { context, sql, pivot: report.pivotItems ?? null, report, anchorRow: anchor.row, filterSummary },
      opts,
    );
    const name = request.orphan?.name ?? report.name;
    const written = await steps.write({
      scope,
      autofit: true,
      placementId: request.placementId,
      name,
      target: anchor,
      matrix: fetched.matrix,
      overwrite: opts.overwrite ?? false,
      signal,
      previousHeaderRows: 0,
    });
    const at = new Date(steps.now()).toISOString();
    const record = request.orphan
      ? refreshedRecord(request.orphan, { name, environmentId: request.orphan.environmentId }, written, fetched, at)
      : placedRecord({ placementId: request.placementId, reportId: report.id, publicId }, context, name, written, fetched, at);
    const outcome = await steps.finish(record, written, t0);
    scope.prints.set(request.placementId, written.fingerprint);
    // Saved at once, whatever job it belongs to: until then only this runtime knows where its cells are.
    await steps.save(scope, record);
    return outcome;
  } catch (e) {
    throw normalize(e, signal);
  }
}
