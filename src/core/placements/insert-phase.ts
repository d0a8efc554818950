/**
 * Inserting a new report: run and plan first, save the report only once its result is in hand and fits, write, then
 * record the placement; a failed, blocked or cancelled insert saves nothing.
 */
import { AddinError, internalError } from '../errors/addin-error';
import type { Report, ReportUpsertBody, SpreadsheetHostValue } from '../wire/schemas';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { WorkbookLayout } from '../host';
import { JobScope } from '../jobs/job-scope';
import type { Fetched, FetchRequest } from './fetch-phase';
import { normalize, requireUsablePublicId, runnableName, throwIfAborted } from './placement-errors';
import type { PlacementRecord } from './placement-record';
import type { InsertRunOptions, PlacementDraft, PlacementOutcome, RunOptions } from './placement-types';
import { contextOf } from './refresh-phase';
import { upsertBody } from './report-bodies';
import { placedRecord } from './run-results';
import { draftReport } from './run-definitions';
import type { WriteArgs, Written } from './write-phase';
import type { StreamedInsertStep } from './streamed-insert';

/** The Orchestrator's steps an insert is made of. */
export interface InsertSteps {
  layout(scope: JobScope): Promise<WorkbookLayout>;
  fetch(request: FetchRequest, opts: RunOptions): Promise<Fetched>;
  /** Saves the new report (upsert by publicId) once its result is written; `saved` receives the platform's answer. */
  insertCommit(
    draft: PlacementDraft,
    publicId: string,
    body: ReportUpsertBody,
    fetched: Pick<Fetched, 'queryChecksum'>,
    saved: { report?: Report },
    signal: CancelSignal | undefined,
  ): NonNullable<WriteArgs['commit']>;
  /** The write phase under the write lock, the new area held as pending until the record is saved. */
  write(args: WriteArgs): Promise<Written>;
  /** The fetch and write phases together where the host writes while rows stream (streamed-insert.ts). */
  streamAndWrite: StreamedInsertStep;
  finish(record: PlacementRecord, written: Written, t0: number): Promise<PlacementOutcome>;
  save(scope: JobScope, record: PlacementRecord): Promise<void>;
  dropPending(placementId: string): void;
  /** A fresh 12-character id (publicId or placementId). */
  mintId(): string;
  platformHost: SpreadsheetHostValue;
  iso(): string;
  now(): number;
}

/** Places a new report at `anchor`. Throws 'blocked' (data.cells = A1 labels) when user cells are in the way and !overwrite. */
export async function insertReport(
  steps: InsertSteps,
  draft: PlacementDraft,
  anchor: { sheetId: string; row: number; col: number },
  opts: InsertRunOptions,
): Promise<PlacementOutcome> {
  const t0 = steps.now();
  const { signal } = opts;
  const scope = opts.scope ?? new JobScope();
  if (draft.deploymentId.trim() === '') throw new AddinError('validation', 'Choose a deployment first.');
  const name = runnableName(draft);
  if (!(await steps.layout(scope)).sheets.some((s) => s.id === anchor.sheetId))
    throw new AddinError('notFound', 'The target sheet no longer exists. Select a cell and try again.');
  throwIfAborted(signal);

  const publicId = opts.publicId ?? steps.mintId();
  requireUsablePublicId(publicId);
  const placementId = steps.mintId();
  const context = contextOf(draft.deploymentId, draft.environmentId);
  try {
    opts.onPhase?.('running');
    const body = upsertBody(publicId, { ...draft, name }, { kind: 'new', source: steps.platformHost });
    // Run and plan first, save only once the result is in hand and fits: a failed, blocked or cancelled insert saves nothing.
    const definition = draftReport(draft, publicId, name);
    const request = { context, sql: draft.sqlQuery, pivot: draft.pivotItems ?? null, report: definition, anchorRow: anchor.row };
    const saved: { report?: Report } = {};
    const overwrite = opts.overwrite ?? false;
    const { written, fetched } =
      (await steps.streamAndWrite(request, { scope, placementId, name, target: anchor, overwrite }, opts, (f) =>
        steps.insertCommit(draft, publicId, body, f, saved, signal),
      )) ??
      (await fetchAndWrite(steps, request, opts, (f) => steps.insertCommit(draft, publicId, body, f, saved, signal), {
        scope,
        autofit: true,
        placementId,
        name,
        target: anchor,
        overwrite,
        signal,
        previousHeaderRows: 0,
      }));
    const report = saved.report;
    if (report === undefined) throw internalError(new Error('the report was written but not saved'));
    const ids = { placementId, reportId: report.id, publicId };
    const record = placedRecord(ids, draft, name, written, fetched, steps.iso());
    const outcome = await steps.finish(record, written, t0);
    scope.prints.set(placementId, written.fingerprint);
    // A new placement is saved at once, whatever job it belongs to: until then only this runtime knows its area.
    await steps.save(scope, record);
    return outcome;
  } catch (e) {
    throw normalize(e, signal);
  } finally {
    steps.dropPending(placementId);
  }
}

/** The fetch phase, then the write phase of the whole result. */
async function fetchAndWrite(
  steps: InsertSteps,
  request: FetchRequest,
  opts: RunOptions,
  commit: (fetched: Fetched) => NonNullable<WriteArgs['commit']>,
  args: Omit<WriteArgs, 'matrix' | 'commit'>,
): Promise<{ written: Written; fetched: Fetched }> {
  const fetched = await steps.fetch(request, opts);
  const written = await steps.write({ ...args, matrix: fetched.matrix, commit: commit(fetched) });
  return { written, fetched };
}
