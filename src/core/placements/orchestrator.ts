/**
 * The Orchestrator: inserts, refreshes, edits, moves and removes placed reports, all-or-nothing on the cells. Each
 * operation's phases live in their own file (insert-phase, refresh-phase, move, context-phase, undo-phase...); this class
 * holds what they share (queue, write lock, registry, pacing, notes) and hands it to them as steps: hence past 300 lines.
 */
import { AddinError } from '../errors/addin-error';
import { mintPublicId } from '../api/public-id';
import type { ConnectWorkbookBody, Report } from '../wire/schemas';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { GridRange, WorkbookLayout } from '../host';
import { JobScope } from '../jobs/job-scope';
import { fetchAndLayOut, type Fetched, type FetchRequest } from './fetch-phase';
import { HostPacing } from './host-pacing';
import { asAddinError, normalize, orphaned, runnableName, throwIfAborted } from './placement-errors';
import type { DamagedRecord, PlacementRecord } from './placement-record';
import type { InsertRunOptions, OrchestratorDeps, PlacementDraft, PlacementListing, PlacementOutcome, RunOptions } from './placement-types';
import { listingsOf } from './placement-listing';
import { RegistryAccess } from './registry-access';
import { connectBody, upsertBody } from './report-bodies';
import { outcomeOf } from './run-results';
import { draftReport, editCommit, insertCommit, type Edit } from './run-definitions';
import { SerialQueue } from './serial-queue';
import { writeGrowing, type GrowingWriteArgs } from './growth';
import { movePlacement, type MoveAnchor, type MoveSteps } from './move';
import { placeExisting, type ConnectTarget, type PlaceRequest, type PlaceSteps } from './place-existing';
import { insertReport, type InsertSteps } from './insert-phase';
import { streamedInsertStep } from './streamed-insert';
import { contextOf, refreshPlacement } from './refresh-phase';
import type { ContextChange } from './context-settings';
import { setPlacementContext, type ContextSteps } from './context-phase';
import { AnchorNotes } from './anchor-note';
import type { WriteContext, Written } from './write-phase';
import { BROWSER_UNDO_CELLS, UndoKeeper, type UndoAvailability } from './undo-keeper';
import { undoWrite } from './undo-phase';
import { removePlacement, type RemoveOptions } from './remove-phase';
import type { HandEdits } from './hand-edits';
import { checkHandEdits } from './hand-edit-check';
import {
  bindParameters,
  readParameters,
  withBoundValues,
  withUsedValues,
  pacedParameterHost,
  inputNames,
  type ParameterHostCalls,
} from './parameters-phase';
import { parameterStatuses, type ParameterStatus } from '../params/parameter-changes';
import { boundNames, type ParameterBindingInput } from '../params/parameter-binding';
import type { BoundValue } from '../params/bound-values';

import { confirmRun, requireConfirmed, type ConfirmSteps } from './confirm-phase';
import { confirmationDigest, PlacementConfirmations } from '../automation/placement-confirmations';

const WRITE_LOCK = 'write';

export class Orchestrator {
  private readonly perPlacement = new SerialQueue();
  private readonly locks = new SerialQueue();
  private readonly pacing: HostPacing;
  private readonly registry: RegistryAccess;
  private readonly writing: WriteContext;
  private readonly undoing: UndoKeeper;
  private readonly params: ParameterHostCalls;
  private readonly notes: AnchorNotes;
  private readonly confirming: ConfirmSteps;
  private readonly writeLock = (task: () => Promise<Written>): Promise<Written> => this.locks.run(WRITE_LOCK, task);

  constructor(private readonly deps: OrchestratorDeps) {
    this.undoing = new UndoKeeper(deps.undo ?? { maxCells: BROWSER_UNDO_CELLS });
    this.pacing = new HostPacing(deps.host, deps.clock, deps.yieldToHost);
    this.registry = new RegistryAccess(deps.host, this.pacing.call, this.locks);
    this.params = pacedParameterHost(deps.host, this.pacing.call);
    this.notes = new AnchorNotes((notes) => this.pacing.call(() => deps.host.setNotes(notes)), deps.noteTime);
    this.writing = {
      host: deps.host,
      pacing: this.pacing,
      otherAreas: (scope, layout, placementId) => this.registry.otherAreas(scope, layout, placementId),
      fingerprint: (scope, placementId) => this.registry.fingerprint(scope, placementId),
    };
    this.confirming = {
      registry: this.registry,
      confirmations: deps.confirmations ?? new PlacementConfirmations(deps.host.credentials),
      layout: (scope) => this.startLayout(scope),
    };
  }

  /**
   * A draft run and laid out exactly as Insert would write it at the top of a sheet (titles, totals, typing, formats),
   * without writing a cell or saving anything: the pane's preview.
   */
  async layOut(draft: PlacementDraft, opts: { signal?: CancelSignal } = {}): Promise<Pick<Fetched, 'matrix' | 'queryRows'>> {
    const report = draftReport(draft, '', draft.name);
    const context = contextOf(draft.deploymentId, draft.environmentId);
    const request = { context, sql: draft.sqlQuery, pivot: draft.pivotItems ?? null, report, anchorRow: 0 };
    const { matrix, queryRows } = await fetchAndLayOut(this.deps, request, opts);
    return { matrix, queryRows };
  }

  /** Place a new report at `anchor`. Throws 'blocked' (data.cells = A1 labels) when user cells are in the way and !overwrite. */
  insert(
    draft: PlacementDraft,
    anchor: { sheetId: string; row: number; col: number },
    opts: InsertRunOptions = {},
  ): Promise<PlacementOutcome> {
    const scope = opts.scope ?? new JobScope();
    return this.confirmed(scope, () => insertReport(this.insertSteps(), draft, anchor, { ...opts, scope }));
  }

  /** Re-run a placement's current definition and write it where its cells are now. */
  refresh(placementId: string, opts: RunOptions = {}): Promise<PlacementOutcome> {
    return this.perPlacement.run(placementId, () =>
      this.asJob(opts, async (scope) => {
        if (opts.unattended !== true)
          return this.confirmed(scope, () => refreshPlacement(this.refreshSteps(), placementId, { ...opts, scope }, null));
        await requireConfirmed(this.confirming, scope, placementId);
        return refreshPlacement(this.refreshSteps(), placementId, { ...opts, scope }, null);
      }),
    );
  }

  /**
   * Run an edited definition, plan where its result goes, and only when it fits save it (same publicId) and write it: an
   * edit that cannot be placed leaves the platform's report as it was (and one whose cells then fail to write restores it).
   */
  update(placementId: string, draft: PlacementDraft, opts: RunOptions = {}): Promise<PlacementOutcome> {
    return this.perPlacement.run(placementId, () =>
      this.asJob(opts, async (scope) => {
        const record = await this.registry.record(scope, placementId);
        const name = runnableName(draft);
        const body = upsertBody(record.publicId, { ...draft, name }, { kind: 'replace' });
        const edit: Edit = { name, environmentId: draft.environmentId ?? record.environmentId, draft, body };
        return this.confirmed(scope, () => refreshPlacement(this.refreshSteps(), placementId, { ...opts, scope }, edit));
      }),
    );
  }

  /** Move a placement to `anchor` in one all-or-nothing write (see move.ts); blocked as an insert is. */
  move(placementId: string, anchor: MoveAnchor, opts: InsertRunOptions = {}): Promise<PlacementOutcome> {
    return this.perPlacement.run(placementId, () =>
      this.asJob(opts, (scope) => this.confirmed(scope, () => movePlacement(this.moveSteps(), placementId, anchor, { ...opts, scope }))),
    );
  }

  /** Place a report that exists on the platform at `anchor` without saving its definition (see place-existing.ts). */
  placeExisting(request: PlaceRequest, anchor: MoveAnchor, opts: InsertRunOptions = {}): Promise<PlacementOutcome> {
    const run = async (): Promise<PlacementOutcome> => {
      try {
        const outcome = await this.asJob(opts, (scope) =>
          this.confirmed(scope, () => placeExisting(this.placeSteps(), request, anchor, { ...opts, scope })),
        );
        // An orphan written anew has no refresh of these cells to undo.
        this.undoing.drop(request.placementId);
        return outcome;
      } finally {
        this.registry.dropPending(request.placementId);
      }
    };
    return request.orphan ? this.perPlacement.run(request.placementId, run) : run();
  }

  /** Keep a placement's options (growth, refresh when a parameter changes) in its record, in one document write. */
  setOptions(placementId: string, options: Pick<PlacementRecord, 'growth' | 'refreshOnParameterChange'>): Promise<void> {
    return this.perPlacement.run(placementId, async () => {
      const scope = new JobScope();
      const record = await this.registry.record(scope, placementId);
      await this.registry.save(scope, [{ ...record, ...options }]);
    });
  }

  /** Turn the filter summary row or the anchor note on or off (context-phase.ts); a summary change rewrites the cells. */
  setContext(placementId: string, change: ContextChange, opts: RunOptions = {}): Promise<PlacementOutcome | null> {
    return this.perPlacement.run(placementId, () =>
      this.asJob(opts, (scope) => setPlacementContext(this.refreshSteps(), { ...opts, scope }, placementId, change)),
    );
  }

  /**
   * Bind a placement's filter values to cells (see bindParameters; none unbinds): every run reads them from then on.
   * `used`: the values the placement's cells were just written with (an Insert that read them), kept as its last values.
   */
  bindParameters(
    placementId: string,
    inputs: readonly ParameterBindingInput[],
    activeSheetId: string | null,
    used: readonly BoundValue[] = [],
  ): Promise<void> {
    return this.perPlacement.run(placementId, async () => {
      const scope = new JobScope();
      const record = await this.registry.record(scope, placementId);
      const layout = await this.pacing.call(() => this.deps.host.layout(undefined, inputNames(inputs)));
      const bound = await bindParameters(this.params, layout, record, inputs, activeSheetId);
      await this.registry.save(scope, [withUsedValues(bound, used)]);
      scope.setLayout(layout);
      await confirmRun(this.confirming, scope, placementId);
    });
  }

  /** Confirms a placement as it is stored now (its card's Confirm): unattended runs refresh it from then on. */
  async confirm(placementId: string): Promise<void> {
    const scope = new JobScope();
    await this.registry.record(scope, placementId);
    await confirmRun(this.confirming, scope, placementId);
  }

  /** Which of the listed placements the signed-in person placed or confirmed as they are stored now. */
  async confirmedIds(scope: JobScope): Promise<Set<string>> {
    const [registry, layout, confirmed] = await Promise.all([
      this.registry.read(scope),
      this.startLayout(scope),
      this.confirming.confirmations.confirmed(),
    ]);
    return new Set(registry.records.filter((r) => confirmed.has(confirmationDigest(layout.workbook.id, r))).map((r) => r.placementId));
  }

  /** Every bound cell where it is now and whether it changed; with a listing's scope, one snapshot read more. */
  async parameterStatuses(scope: JobScope = new JobScope()): Promise<ParameterStatus[]> {
    const registry = await this.registry.read(scope);
    return parameterStatuses(registry.records, await this.startLayout(scope), this.params.snapshot);
  }

  /** Save the records a job has written or failed (one document write); the job's owner calls it when the job ends. */
  flush(scope: JobScope): Promise<void> {
    return this.registry.flush(scope);
  }

  /** Forget a placement, optionally clearing its cells (see removePlacement); the report stays on the platform. */
  remove(placementId: string, opts: RemoveOptions): Promise<void> {
    const { registry, pacing, writing, notes, params, undoing } = this;
    const steps = { host: this.deps.host, registry, pacing, writing, notes, params, undoing };
    return this.perPlacement.run(placementId, () =>
      removePlacement({ ...steps, writeLocked: (task) => this.locks.run(WRITE_LOCK, task) }, placementId, opts),
    );
  }

  /** Every placement with where it is now. */
  async list(): Promise<PlacementListing[]> {
    return (await this.listing()).placements;
  }

  /** Every placement with where it is now, and the stored records that could not be read: two host calls. */
  async listing(scope: JobScope = new JobScope()): Promise<{ placements: PlacementListing[]; damaged: DamagedRecord[] }> {
    const registry = await this.registry.read(scope);
    const layout = await this.startLayout(scope);
    return { placements: listingsOf(registry.records, layout), damaged: registry.damaged };
  }

  /** Select a placement's cells. */
  async goTo(placementId: string): Promise<GridRange> {
    const scope = new JobScope();
    const record = await this.registry.record(scope, placementId);
    const area = (await this.startLayout(scope, [placementId])).areas[placementId] ?? null;
    if (!area) throw orphaned(record);
    await this.pacing.call(() => this.deps.host.select(area));
    return area;
  }

  /**
   * Put back what the placement's last refresh (or edit) replaced: its cells and its record as they were, all-or-nothing.
   * Refused when there is nothing to undo or its cells changed since (see undoWrite).
   */
  undo(placementId: string, opts: { signal?: CancelSignal } = {}): Promise<PlacementOutcome> {
    return this.perPlacement.run(placementId, () =>
      this.asJob({}, async (scope) => {
        const t0 = this.deps.clock.now();
        const current = await this.registry.record(scope, placementId);
        const entry = this.undoing.require(placementId, current.name);
        const written = await this.registry.fingerprint(scope, placementId);
        const undone = await this.locks.run(WRITE_LOCK, () =>
          undoWrite(this.writing, { scope, entry, name: current.name, written, signal: opts.signal }),
        );
        const record = entry.record.record;
        scope.prints.set(placementId, undone.fingerprint);
        await this.registry.save(scope, [record]);
        this.undoing.drop(placementId);
        const plan = { write: undone.area, clear: [], overwritten: [] };
        const outcome = await this.finish(record, { plan, sheetName: undone.sheetName, layout: undone.layout }, t0);
        return undone.handEdits === null ? outcome : { ...outcome, handEdits: undone.handEdits };
      }),
    );
  }

  /** Whether each placement's last refresh can be undone now, read at once (the list). */
  undoStates(placementIds: readonly string[]): Map<string, UndoAvailability> {
    return this.undoing.states(placementIds);
  }

  /** The hand edits of `placementIds` (every placement when omitted): see checkHandEdits. */
  async handEdits(placementIds?: readonly string[]): Promise<Map<string, HandEdits>> {
    const scope = new JobScope();
    const check = { registry: this.registry, pacing: this.pacing, host: this.deps.host };
    return checkHandEdits(check, scope, await this.startLayout(scope), placementIds);
  }

  /** Select several ranges at once (Locate, Show changes). */
  async selectRanges(ranges: readonly GridRange[]): Promise<void> {
    await this.pacing.call(() => this.deps.host.selectRanges(ranges));
  }

  /**
   * The placement's current report definition (for Edit, and the rights of a list), read through connect-workbook (read
   * access suffices); with a listing's scope, its registry and layout reads serve.
   */
  async definition(placementId: string, opts: { signal?: CancelSignal; scope?: JobScope } = {}): Promise<Report> {
    const scope = opts.scope ?? new JobScope();
    const record = await this.registry.record(scope, placementId);
    const layout = await this.startLayout(scope, [placementId]);
    const body = connectBody(placementId, layout.areas[placementId] ?? null, layout);
    try {
      return await this.connect(record, body, opts.signal);
    } catch (e) {
      throw normalize(e, opts.signal);
    }
  }

  /** Runs `task` in the caller's job, or as a job of its own whose records are saved when it ends. */
  private async asJob<T>(opts: RunOptions, task: (scope: JobScope) => Promise<T>): Promise<T> {
    if (opts.scope) return task(opts.scope);
    const scope = new JobScope();
    try {
      return await task(scope);
    } finally {
      await this.flush(scope);
    }
  }

  /** Runs `task` (a run someone started), then confirms the placement it ran as it left it. */
  private async confirmed(scope: JobScope, task: () => Promise<PlacementOutcome>): Promise<PlacementOutcome> {
    const outcome = await task();
    await confirmRun(this.confirming, scope, outcome.placementId);
    return outcome;
  }

  /** Fetch phase, then the checkpoint: once it returns, the run goes on to write. */
  private async fetch(request: FetchRequest, opts: RunOptions): Promise<Fetched> {
    const fetched = await fetchAndLayOut(this.deps, request, opts);
    await opts.checkpoint?.({ cells: fetched.matrix.rows * fetched.matrix.cols });
    throwIfAborted(opts.signal);
    opts.onPhase?.('writing');
    return fetched;
  }

  /** Write phase under the write lock; a new placement's area is held as pending (known to other jobs) until its record is saved. */
  private write(args: GrowingWriteArgs): Promise<Written> {
    return this.locks.run(WRITE_LOCK, async () => {
      const written = await this.writeLocked(args);
      if (args.target !== 'current') {
        this.registry.holdPending(args.placementId, { ...written.plan.write, placementId: args.placementId, name: args.name });
      }
      return written;
    });
  }

  /** The write phase once the lock is held: its lock checkpoint first (a cancel seen there touches no cell). */
  private async writeLocked(args: GrowingWriteArgs): Promise<Written> {
    await args.lockCheckpoint?.();
    throwIfAborted(args.signal);
    return writeGrowing(this.writing, args);
  }

  /** After a successful write: record the location on the platform (best effort; no signal: the cells are written). */
  private async finish(
    record: PlacementRecord,
    written: Pick<Written, 'plan' | 'sheetName' | 'layout'>,
    t0: number,
  ): Promise<PlacementOutcome> {
    let syncError: AddinError | null = null;
    try {
      const body = connectBody(record.placementId, written.plan.write, written.layout, written.sheetName);
      await this.connect(record, body, undefined);
    } catch (e) {
      syncError = asAddinError(e);
    }
    return outcomeOf(record, written, this.deps.clock.now() - t0, syncError);
  }

  /** Connect-workbook for the placement: where its cells are now, answered with the report's definition as it is now. */
  private async connect(record: ConnectTarget, body: ConnectWorkbookBody, signal: CancelSignal | undefined): Promise<Report> {
    const report = await this.deps.reports.connectWorkbook(record.deploymentId, record.reportId, body, signal ? { signal } : {});
    this.deps.reportSeen?.(body.placementId, report);
    return report;
  }

  /** The steps of a move: the ones a refresh takes, the write phase without holding the area as a pending insert. */
  private moveSteps(): MoveSteps {
    return {
      record: (scope, placementId) => this.registry.record(scope, placementId),
      layout: (scope) => this.startLayout(scope),
      connect: (record, body, signal) => this.connect(record, body, signal),
      fetch: (request, opts) => this.fetch(request, opts),
      bound: (layout, record) => readParameters(this.params, layout, record),
      withBound: (context, report, bound) => withBoundValues(this.deps.parameters, context, report, bound),
      write: (args) => this.locks.run(WRITE_LOCK, () => this.writeLocked(args)),
      note: (before, next, written, report) => this.notes.renew(before, next, written.plan.write, report.refreshedByUser?.firstName),
      finish: (record, written, t0) => this.finish(record, written, t0),
      now: () => this.deps.clock.now(),
    };
  }

  /** The steps of placing an existing report: an insert's, with the registry saved at once. */
  private placeSteps(): PlaceSteps {
    return {
      ...this.moveSteps(),
      write: (args) => this.write(args),
      save: (scope, record) => this.registry.save(scope, [record]),
    };
  }

  /** The steps of a refresh or an edit: a move's, with the edit's save, the undo kept, a failure recorded, the notes. */
  private refreshSteps(): ContextSteps {
    return {
      ...this.moveSteps(),
      notes: this.notes,
      save: (scope, record) => this.registry.save(scope, [record]),
      fingerprint: (scope, placementId) => this.registry.fingerprint(scope, placementId),
      editCommit: (record, report, edit, fetched, signal) => editCommit(this.deps.reports, record, report, edit.body, fetched, signal),
      keepUndo: (entry) => this.undoing.keep(entry),
      recordFailure: (scope, record, error) => this.recordFailure(scope, record, error),
      iso: () => this.iso(),
    };
  }

  /** The steps of an insert: the report saved once written, the new area pending until its record is saved. */
  private insertSteps(): InsertSteps {
    return {
      layout: (scope) => this.startLayout(scope),
      fetch: (request, opts) => this.fetch(request, opts),
      insertCommit: (draft, publicId, body, fetched, saved, signal) =>
        insertCommit(this.deps.reports, draft, publicId, body, fetched, saved, signal),
      write: (args) => this.write(args),
      streamAndWrite: streamedInsertStep({ fetch: this.deps, writing: this.writing, pending: this.registry, lock: this.writeLock }),
      finish: (record, written, t0) => this.finish(record, written, t0),
      save: (scope, record) => this.registry.save(scope, [record]),
      dropPending: (placementId) => this.registry.dropPending(placementId),
      mintId: () => mintPublicId(this.deps.randomBytes),
      platformHost: this.deps.host.platformHost,
      iso: () => this.iso(),
      now: () => this.deps.clock.now(),
    };
  }

  /** The job's first layout, with the workbook names the placements' bindings read resolved in the same request. */
  private startLayout(scope: JobScope, placementIds?: readonly string[]): Promise<WorkbookLayout> {
    return scope.layout(async () => {
      const names = boundNames((await this.registry.read(scope)).records);
      return this.pacing.call(() => this.deps.host.layout(placementIds, names.length > 0 ? names : undefined));
    });
  }

  /** Keeps the failure on the record, saved with the job's other records. */
  private recordFailure(scope: JobScope, record: PlacementRecord, error: AddinError): void {
    const current = scope.unsaved.get(record.placementId) ?? record;
    scope.unsaved.set(record.placementId, { ...current, lastError: { kind: error.kind, message: error.message, at: this.iso() } });
  }

  private iso(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}
