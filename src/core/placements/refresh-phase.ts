/**
 * A refresh or an edit of a placed report, in order: bound cells, connect, fetch, write where its cells are, record.
 * The cells are written all-or-nothing; a refused edit or a refresh stopped by hand edits leaves the record unmarked.
 */
import { AddinError } from '../errors/addin-error';
import { isBlankQuery } from '../api/query-text';
import type { Report } from '../wire/schemas';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { JobScope } from '../jobs/job-scope';
import type { CellFingerprint } from '../changes/fingerprint';
import type { UndoEntry } from '../changes/undo-store';
import type { Fetched } from './fetch-phase';
import type { MoveSteps } from './move';
import { normalize, orphaned, throwIfAborted } from './placement-errors';
import { headerRowsOf, type PlacementRecord } from './placement-record';
import type { PlacementOutcome, QueryContext, RunOptions } from './placement-types';
import { withUsedValues } from './parameters-phase';
import { connectBody } from './report-bodies';
import { refreshedRecord } from './run-results';
import { editedReport, type Edit } from './run-definitions';
import type { UndoAvailability, UndoState } from './undo-keeper';
import type { GrowingWriteArgs } from './growth';
import type { WriteArgs, Written } from './write-phase';
import type { ContextSettings } from './context-settings';

/** The Orchestrator's steps a refresh takes beyond a move's: the edit's save, the undo kept, a failure recorded. */
export interface RefreshSteps extends MoveSteps {
  /** The write phase under the write lock, as the placement's growth setting says. */
  write(args: GrowingWriteArgs): Promise<Written>;
  fingerprint(scope: JobScope, placementId: string): Promise<CellFingerprint | null>;
  /** Saves the edited definition once its result is written (restored if the cells then fail). */
  editCommit(
    record: PlacementRecord,
    report: Report,
    edit: Edit,
    fetched: Fetched,
    signal: CancelSignal | undefined,
  ): NonNullable<WriteArgs['commit']>;
  keepUndo(entry: UndoEntry<UndoState>): UndoAvailability;
  recordFailure(scope: JobScope, record: PlacementRecord, error: AddinError): void;
  iso(): string;
}

/** The query context of a deployment and an optional environment. */
export function contextOf(deploymentId: string, environmentId: string | undefined): QueryContext {
  return { deploymentId, ...(environmentId ? { environmentId } : {}) };
}

/**
 * A refresh (`edit` null) or an edit of the placement: its outcome, with the changes it made and whether it can be undone.
 * `settings` turns the filter summary or the anchor note on or off with the write (kept only when the cells are written).
 */
export async function refreshPlacement(
  steps: RefreshSteps,
  placementId: string,
  opts: RunOptions & { scope: JobScope },
  edit: Edit | null,
  settings?: ContextSettings,
): Promise<PlacementOutcome> {
  const t0 = steps.now();
  const { signal, scope } = opts;
  const stored = await steps.record(scope, placementId);
  const record = settings ? { ...stored, ...settings } : stored;
  try {
    throwIfAborted(signal);
    const layout = await steps.layout(scope);
    const area = layout.areas[placementId] ?? null;
    if (!area) throw orphaned(record);
    // Bound cells first: an empty, wrong-typed or deleted one stops the run before any query or write.
    const bound = await steps.bound(layout, record);
    opts.onPhase?.('running');
    // Connect first: confirms read access and returns the definition as it is now.
    const report = await steps.connect(record, connectBody(placementId, area, layout), signal);
    throwIfAborted(signal);
    // An edit runs its own definition (titled as it will be saved); a refresh the one the platform has now.
    const environmentId = edit ? edit.environmentId : record.environmentId;
    const context = contextOf(record.deploymentId, environmentId);
    const definition = await steps.withBound(context, edit ? editedReport(report, edit) : report, bound);
    const sql = definition.sqlQuery ?? '';
    if (isBlankQuery(sql))
      throw new AddinError('validation', `The report "${report.name}" has no SQL query on the platform. Edit it to add one.`);
    const pivot = edit ? (edit.draft.pivotItems ?? null) : (report.pivotItems ?? null);
    const fetched = await steps.fetch(
      { context, sql, pivot, report: definition, anchorRow: area.row, filterSummary: record.filterSummary === true },
      opts,
    );
    const name = edit?.name ?? record.name;
    const previousPrint = await steps.fingerprint(scope, placementId);
    const commit = edit ? steps.editCommit(record, report, edit, fetched, signal) : undefined;
    const written = await steps.write({
      scope,
      autofit: false,
      placementId,
      name,
      target: 'current',
      matrix: fetched.matrix,
      overwrite: false,
      signal,
      previousHeaderRows: headerRowsOf(record),
      ...(commit ? { commit } : {}),
      growth: record.growth,
      lockCheckpoint: opts.lockCheckpoint,
      handEdits: { fingerprint: previousPrint, overwrite: opts.handEdits === 'overwrite' },
    });
    const next = withUsedValues(refreshedRecord(record, { name, environmentId }, written, fetched, steps.iso()), bound);
    await steps.note({ area, on: stored.anchorNote === true }, next, written, report);
    const outcome = await steps.finish(next, written, t0);
    scope.unsaved.set(placementId, next);
    scope.prints.set(placementId, written.fingerprint);
    const undo = steps.keepUndo({
      placementId,
      before: written.before,
      written: written.plan.write,
      area: written.previousArea,
      record: { record: stored, print: previousPrint },
      at: steps.now(),
    });
    return { ...outcome, ...(written.changes ? { changes: written.changes } : {}), undo };
  } catch (e) {
    const err = normalize(e, signal);
    // A refused edit or setting change, or a refresh stopped by hand edits, changed nothing: the placement is not marked failed.
    if (edit === null && !settings && err.kind !== 'cancelled' && err.kind !== 'handEdited') steps.recordFailure(scope, record, err);
    throw err;
  }
}
