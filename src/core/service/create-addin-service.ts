/**
 * createAddinService: the host-agnostic AddinService over the session, the orchestrator and the job runner. It runs past
 * 300 lines as one class: each AddinService method is a few lines here, the work in this folder's modules.
 */
import { AddinError } from '../errors/addin-error';
import type { Deployment, Environment, Meta, Report } from '../wire/schemas';
import { cellTargetOf } from './cell-target';
import { JobScope } from '../jobs/job-scope';
import { Orchestrator } from '../placements/orchestrator';
import type { PlacementOutcome, RunOptions } from '../placements/placement-types';
import type { ContextChange } from '../placements/context-settings';
import { refreshAll } from '../jobs/refresh-all';
import type {
  AddinService,
  BoundCellValue,
  CellTarget,
  GrowthSetting,
  InsertOptions,
  JobItemState,
  MoveOptions,
  MoveTarget,
  JobStatus,
  PlaceOptions,
  PlacementView,
  RefreshAllSummary,
  RefreshAllServiceOptions,
  ReportDraft,
  RunOutcome,
  ServiceEvent,
  SessionState,
  SignInInput,
  WorkbookContext,
} from './addin-service';
import { placementList } from './placement-list';
import { learnReportRights } from './report-rights';
import { PlacementSettings } from './placement-settings';
import { serviceFollower, type EditFollower } from './edit-follower';
import { parseEdits, type CellsEdited } from './cells-edited';
import type { ParameterBindingInput } from '../params/parameter-binding';
import { PaneQueries } from './pane-queries';
import type { PreviewTable } from './preview-table';
import type { SuggestValuesRequest, ValueSuggestions } from './value-suggestions';
import { runOutcomeOf } from './run-outcome';
import { JobRunner } from '../jobs/job-runner';
import { MemoryJobStore } from '../jobs/job-store';
import { requireContext, signInError, updateError } from './service-errors';
import { PlatformSession } from './platform-session';
import type { AddinServiceDeps } from './addin-service-deps';
import { ServiceEvents } from './service-events';
import { lastKnownOf } from './placement-view';
import { draftFromReport, placementDraftOf } from './report-draft';
import { clearSession, loadLastTenantUrl, loadSession, saveLastTenantUrl, saveSession } from './session-store';
import { sessionOfInput } from './sign-in-input';
import { loadContext, saveContext } from './workbook-context-store';
import { CellChangesMemory } from './cell-changes-memory';
import { HandEditTools } from './hand-edit-tools';
import { serviceOrchestrator } from './service-orchestrator';
import { orphanRequest, placeAgainRequest, referenceRequest } from './place-requests';
import { runPlaceJob, type PlaceJobDeps } from './place-job';
import { parseReportReference } from './report-reference';
import { setPlacementContext, type PlacementContextDeps } from './placement-context';
import { runInsertJob } from './insert-job';

class AddinServiceImpl implements AddinService {
  private readonly events: ServiceEvents;
  private readonly jobs: JobRunner;
  private readonly session: PlatformSession;
  private readonly orchestrator: Orchestrator;
  private readonly queries: PaneQueries;
  private readonly cells = new CellChangesMemory();
  private readonly placing: PlaceJobDeps;
  private readonly handEdits: HandEditTools;
  private readonly settings: PlacementSettings;
  private readonly follower: EditFollower;

  constructor(private readonly deps: AddinServiceDeps) {
    this.events = new ServiceEvents(deps.workbookChanges, (edit) => void this.follower.edited([edit]), deps.selectionChanges);
    this.jobs = new JobRunner(deps.jobStore ?? new MemoryJobStore(), deps.clock, (event) => this.emit(event));
    this.session = new PlatformSession({
      credentials: deps.host.credentials,
      transport: deps.transport,
      clock: deps.clock,
      random: deps.random,
      timezone: deps.timezone,
      throwContinueWait: deps.throwContinueWait ?? true,
      ...(deps.maxResultBytes === undefined ? {} : { maxResultBytes: deps.maxResultBytes }),
      ...(deps.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: deps.idleTimeoutMs }),
      ...(deps.callTimeoutMs === undefined ? {} : { callTimeoutMs: deps.callTimeoutMs }),
      ...(deps.slowStream === undefined ? {} : { slowStream: deps.slowStream }),
    });
    this.orchestrator = serviceOrchestrator(deps, this.session, (placementId, report) => this.rememberReport(placementId, report));
    this.queries = new PaneQueries(this.session, deps.timezone, (draft, opts) => this.orchestrator.layOut(draft, opts));
    const changed = (): void => this.emit({ type: 'placementsChanged' });
    this.handEdits = new HandEditTools(this.orchestrator, this.cells, changed);
    this.settings = new PlacementSettings(this.orchestrator, deps.host, changed);
    this.follower = serviceFollower({
      ...{ orchestrator: this.orchestrator, cells: this.cells, changed, clock: deps.clock, store: deps.host.documentStore },
      busy: () => this.jobs.anyBusy(),
      // A bound cell's change is no click on these placements: only confirmed ones refresh by themselves.
      refreshAll: (ids, jobId) => this.refreshAll(ids, { jobId, handEdits: 'skip', unattended: true }),
    });
    this.placing = {
      jobs: this.jobs,
      orchestrator: this.orchestrator,
      platform: () => this.session.platform(),
      activeCell: () => this.activeCell(),
      randomBytes: deps.randomBytes,
      written: (placementId) => this.cells.written(placementId, undefined),
      ended: () => this.emit({ type: 'placementsChanged' }),
    };
  }

  async getSession(): Promise<SessionState> {
    const s = await loadSession(this.deps.host.credentials);
    return {
      signedIn: s !== null,
      tenantUrl: s?.tenantUrl ?? null,
      authScheme: s?.authScheme ?? 'auto',
      // The tenant last signed in to comes first: it survives sign-out, so the next sign-in needs only a key.
      defaultTenantUrl: (await loadLastTenantUrl(this.deps.host.credentials)) ?? this.deps.defaultTenantUrl,
    };
  }

  async signIn(input: SignInInput): Promise<SessionState> {
    const session = sessionOfInput(input);
    const { tenantUrl } = session;
    const api = this.session.makeClient(session);
    let deployments: Deployment[];
    try {
      deployments = await api.listDeployments();
    } catch (e) {
      throw signInError(e, tenantUrl);
    }
    // The same key signing in again keeps what its owner confirmed; another key starts with nothing confirmed.
    const before = await loadSession(this.deps.host.credentials);
    const same = before !== null && before.tenantUrl === session.tenantUrl && before.apiKey === session.apiKey;
    await saveSession(this.deps.host.credentials, same && before.confirmed ? { ...session, confirmed: before.confirmed } : session);
    await saveLastTenantUrl(this.deps.host.credentials, tenantUrl);
    this.session.adopt(session, api, deployments);
    this.queries.forget();
    this.cells.forgetChanges();
    return this.getSession();
  }

  async signOut(): Promise<void> {
    // Forget first: even when the credential store fails, nothing of this key's rights is shown to the next user.
    this.session.reset();
    this.queries.forget();
    this.cells.forgetChanges();
    await clearSession(this.deps.host.credentials);
  }

  async listDeployments(): Promise<Deployment[]> {
    await this.session.platform();
    return this.session.listDeployments();
  }

  async listEnvironments(deploymentId: string): Promise<Environment[]> {
    await this.session.platform();
    return this.session.listEnvironments(deploymentId);
  }

  getContext(): Promise<WorkbookContext> {
    return loadContext(this.deps.host.documentStore);
  }

  async setContext(context: WorkbookContext): Promise<void> {
    await saveContext(this.deps.host.documentStore, context);
  }

  async getMeta(): Promise<Meta> {
    const { deploymentId, environmentId } = requireContext(await this.getContext());
    await this.session.platform();
    return this.session.meta(deploymentId, environmentId);
  }

  async suggestValues(request: SuggestValuesRequest): Promise<ValueSuggestions> {
    return this.queries.suggest(requireContext(await this.getContext()), request);
  }

  async preview(draft: ReportDraft): Promise<PreviewTable> {
    return this.queries.preview(requireContext(await this.getContext()), draft);
  }

  async activeCell(): Promise<CellTarget> {
    return cellTargetOf(await this.deps.host.activeCell());
  }

  insert(draft: ReportDraft, target: CellTarget, options: InsertOptions): Promise<RunOutcome> {
    const { jobs, orchestrator, settings, session } = this;
    const deps = { jobs, orchestrator, settings, clock: this.deps.clock, store: this.deps.host.documentStore };
    const platform = (): Promise<unknown> => session.platform();
    return runInsertJob({ ...deps, platform, meta: (d, e) => session.meta(d, e) }, draft, target, options);
  }

  listPlacements(options: { rights?: boolean } = {}): Promise<PlacementView[]> {
    const { orchestrator, cells, session } = this;
    return placementList({
      orchestrator,
      cells,
      lastKnown: session.lastKnown,
      isBusy: (id) => this.jobs.isBusy(id),
      notesUnsupported: this.deps.host.notesUnsupported,
      ...(options.rights === false
        ? {}
        : {
            learn: (scope, listed) =>
              learnReportRights({ session, orchestrator, remember: (id, report) => this.rememberReport(id, report) }, scope, listed),
          }),
    });
  }

  async refresh(placementId: string, options: { jobId: string; handEdits?: 'stop' | 'overwrite' }): Promise<RunOutcome> {
    const handEdits = options.handEdits ?? 'stop';
    return this.runOnPlacement(placementId, options.jobId, (opts) => this.orchestrator.refresh(placementId, { ...opts, handEdits }));
  }

  async update(placementId: string, draft: ReportDraft, options: { jobId: string; handEdits?: 'stop' | 'overwrite' }): Promise<RunOutcome> {
    const handEdits = options.handEdits ?? 'stop';
    // One job: the registry read here serves the update's refresh too, and its record is saved once at the end.
    const scope = new JobScope();
    const record = (await this.orchestrator.listing(scope)).placements.find((l) => l.record.placementId === placementId)?.record;
    if (record === undefined)
      throw new AddinError('notFound', 'This placement is no longer in the workbook list.', { data: { placementId } });
    const known = this.session.lastKnown.get(placementId);
    if (known?.canEdit === false) throw updateError(new AddinError('forbidden', 'No edit access.'), record.name);
    const placementDraft = placementDraftOf(
      draft,
      { deploymentId: record.deploymentId, environmentId: record.environmentId ?? null },
      known?.meta ?? null,
    );
    try {
      return await this.runOnPlacement(placementId, options.jobId, async (opts) => {
        try {
          return await this.orchestrator.update(placementId, placementDraft, { ...opts, scope, handEdits });
        } finally {
          await this.orchestrator.flush(scope);
        }
      });
    } catch (e) {
      throw updateError(e, record.name);
    }
  }

  async refreshAll(placementIds: string[], options: RefreshAllServiceOptions): Promise<RefreshAllSummary> {
    const { jobId } = options;
    return this.jobs.run(jobId, placementIds, async (tracker, signal) => {
      await this.session.platform();
      return refreshAll(this.orchestrator, placementIds, {
        ...(this.deps.refreshConcurrency === undefined ? {} : { concurrency: this.deps.refreshConcurrency }),
        ...(signal === undefined ? {} : { signal }),
        checkpoint: () => tracker.check(),
        handEdits: options.handEdits ?? 'skip',
        ...(options.unattended === true ? { unattended: true } : {}),
        onOutcome: (placementId, outcome) => this.cells.written(placementId, outcome.changes),
        onError: (placementId, error) => this.cells.failed(placementId, error),
        onUpdate: (placementId: string, item: JobItemState) => {
          tracker.item(placementId, item);
          this.emit({ type: 'item', jobId, placementId, item });
        },
      });
    });
  }

  async confirmPlacement(placementId: string): Promise<void> {
    try {
      await this.orchestrator.confirm(placementId);
    } finally {
      this.emit({ type: 'placementsChanged' });
    }
  }

  /** Stops a job, from this request or any other: the cells stay as they were. */
  cancel(jobId: string): Promise<void> {
    return this.jobs.cancel(jobId);
  }

  jobStatus(jobId: string): Promise<JobStatus | null> {
    return this.jobs.status(jobId);
  }

  async goTo(placementId: string): Promise<void> {
    await this.orchestrator.goTo(placementId);
  }

  async loadDraft(placementId: string): Promise<ReportDraft> {
    await this.session.platform();
    const report = await this.orchestrator.definition(placementId);
    return draftFromReport(report);
  }

  async remove(placementId: string, options: { clearCells: boolean; jobId?: string }): Promise<void> {
    const { jobId } = options;
    const started = this.deps.clock.now();
    try {
      await this.orchestrator.remove(placementId, {
        clearCells: options.clearCells,
        ...(jobId === undefined
          ? {}
          : {
              onProgress: (rows: number, totalRows: number) =>
                this.emit({ type: 'progress', jobId, rows, bytes: 0, elapsedMs: this.deps.clock.now() - started, totalRows }),
            }),
      });
      this.session.lastKnown.delete(placementId);
      this.cells.forget(placementId);
    } finally {
      this.emit({ type: 'placementsChanged' });
    }
  }

  async undoRefresh(placementId: string, options: { jobId: string }): Promise<RunOutcome> {
    try {
      return await this.runOnPlacement(placementId, options.jobId, (opts) =>
        this.orchestrator.undo(placementId, opts.signal ? { signal: opts.signal } : {}),
      );
    } finally {
      this.emit({ type: 'placementsChanged' });
    }
  }

  locateHandEdits(placementId: string): Promise<void> {
    return this.handEdits.locate(placementId);
  }

  showChanges(placementId: string): Promise<void> {
    return this.handEdits.showChanges(placementId);
  }

  checkHandEdits(): Promise<void> {
    return this.handEdits.checkAll();
  }

  subscribe(listener: (event: ServiceEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  async movePlacement(placementId: string, target: MoveTarget, options: MoveOptions): Promise<RunOutcome> {
    const cell = target === 'selection' ? await this.activeCell() : target;
    const anchor = { sheetId: cell.sheetId, row: cell.row, col: cell.col };
    const { overwrite } = options;
    try {
      return await this.runOnPlacement(placementId, options.jobId, (opts) =>
        this.orchestrator.move(placementId, anchor, { ...opts, ...(overwrite === undefined ? {} : { overwrite }) }),
      );
    } finally {
      this.emit({ type: 'placementsChanged' });
    }
  }

  setPlacementGrowth(placementId: string, growth: GrowthSetting): Promise<void> {
    return this.settings.setGrowth(placementId, growth);
  }

  setRefreshOnParameterChange(placementId: string, on: boolean): Promise<void> {
    return this.settings.setRefreshOnParameterChange(placementId, on);
  }

  cellsEdited(edits?: CellsEdited[]): Promise<void> {
    return this.follower.edited(parseEdits(edits));
  }

  setPlacementContext(placementId: string, change: ContextChange, options: { jobId: string }): Promise<RunOutcome | null> {
    const deps: PlacementContextDeps = {
      orchestrator: this.orchestrator,
      runOnPlacement: (id, jobId, run) => this.runOnPlacement(id, jobId, run),
      changed: () => this.emit({ type: 'placementsChanged' }),
    };
    return setPlacementContext(deps, placementId, change, options.jobId);
  }

  placeAgain(placementId: string, target: MoveTarget, options: PlaceOptions): Promise<RunOutcome> {
    return runPlaceJob(this.placing, target, options, async (listing, newId) => placeAgainRequest(listing, placementId, newId()));
  }

  placeReport(reference: string, target: MoveTarget, options: PlaceOptions): Promise<RunOutcome> {
    return runPlaceJob(this.placing, target, options, async (listing, newId) => {
      const ref = parseReportReference(reference, (await loadSession(this.deps.host.credentials))?.tenantUrl ?? null);
      return referenceRequest(listing, ref, requireContext(await this.getContext()), newId());
    });
  }

  replaceOrphan(placementId: string, target: MoveTarget, options: PlaceOptions): Promise<RunOutcome> {
    return runPlaceJob(this.placing, target, options, async (listing) => orphanRequest(listing, placementId));
  }

  bindParameters(placementId: string, bindings: ParameterBindingInput[]): Promise<void> {
    return this.settings.bind(placementId, bindings);
  }

  async boundCellValues(bindings: ParameterBindingInput[]): Promise<BoundCellValue[]> {
    const { values } = await this.settings.checkBeforeInsert(bindings);
    return values.map((v) => ({ cell: v.refNow, values: v.values }));
  }

  private emit(event: ServiceEvent): void {
    this.events.emit(event);
  }

  /** A refresh or update of one placement as a job (see JobRunner.runOnPlacement), signed in first. */
  private async runOnPlacement(
    placementId: string,
    jobId: string,
    run: (opts: RunOptions) => Promise<PlacementOutcome>,
  ): Promise<RunOutcome> {
    try {
      const outcome = await this.jobs.runOnPlacement(placementId, jobId, () => this.session.platform(), run);
      this.cells.written(placementId, outcome.changes, outcome.handEdits);
      return runOutcomeOf(outcome);
    } catch (e) {
      this.cells.failed(placementId, e);
      throw e;
    }
  }

  /** Keeps what the platform last said about a placement's report (this session only): its status and rights in the list. */
  private rememberReport(placementId: string, report: Report): void {
    this.session.lastKnown.set(placementId, lastKnownOf(report, placementId, new Date(this.deps.clock.now()).toISOString()));
  }
}

/** The add-in service for one workbook host. */
export function createAddinService(deps: AddinServiceDeps): AddinService {
  return new AddinServiceImpl(deps);
}
