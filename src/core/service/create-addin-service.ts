/** createAddinService: the host-agnostic AddinService over the core (platform client, query client, orchestrator), everything injected. */
import { AddinError, isAddinError } from '../wire/errors';
import type { ConnectWorkbookBody, Deployment, Environment, Meta, Report, ReportUpsertBody } from '../wire/schemas';
import type { Transport } from '../api/transport';
import type { Clock } from '../runtime/clock';
import type { CancelSignal } from '../runtime/cancel-signal';
import { PRODUCT_PREFIX } from '../wire/wire-names';
import { formatRangeRef } from '../cells/a1';
import type { SpreadsheetHost } from '../host';
import { retryWhileBusy } from '../refresh/host-busy';
import { JobScope } from '../refresh/job-scope';
import { Orchestrator, type PlacementOutcome, type QueryContext, type ReportsApi, type RunOptions } from '../refresh/orchestrator';
import { parseRegistry } from '../refresh/placement-record';
import { refreshAll } from '../refresh/refresh-all';
import type {
  AddinService,
  CellTarget,
  InsertOptions,
  JobItemState,
  JobStatus,
  PlacementView,
  RefreshAllSummary,
  ReportDraft,
  RunOutcome,
  ServiceEvent,
  SessionState,
  SignInInput,
  WorkbookContext,
} from './addin-service';
import { builderViewOf, builderHeaderTitles } from './header-titles';
import { JobRegistry } from './job-registry';
import { MemoryJobStore, readJobStatus, requestCancel, type JobStore } from './job-store';
import { JobTracker } from './job-tracker';
import { PlatformSession } from './platform-session';
import { damagedView, lastKnownOf, placementView, type LastKnownReport } from './placement-view';
import { draftFromReport, placementDraftOf } from './report-draft';
import { parseServiceUrl } from '../api/service-url';
import { isAuthScheme } from '../wire/auth-scheme';
import { clearSession, loadSession, saveSession, type StoredSession } from './session-store';
import { CONTEXT_KEY, loadContext, parseContext, saveContext } from './workbook-context-store';

export interface AddinServiceDeps {
  host: SpreadsheetHost;
  transport: Transport;
  clock: Clock;
  /** Uniform in [0, 1): backoff jitter and request span ids. */
  random: () => number;
  /** Cryptographically strong bytes: publicIds and placement ids. */
  randomBytes: (n: number) => Uint8Array;
  /** Prefill of the Tenant URL field (the local platform under `npm start`). */
  defaultTenantUrl: string | null;
  /** IANA time zone sent with every query. */
  timezone: string;
  /** Ask the query API for `Continue wait` instead of long-held requests (default true; Apps Script needs it). */
  throwContinueWait?: boolean;
  /** Bytes of one query result the runtime can take (default: the query client's; Apps Script caps a response at 50 MB). */
  maxResultBytes?: number;
  /** How long a streamed query result may bring no byte before the run stops (default 120 s; Infinity turns it off). */
  idleTimeoutMs?: number;
  /** Queries in flight at once during Refresh all (default 3). */
  refreshConcurrency?: number;
  /**
   * Where the host can tell when sheets or tracked areas change outside the add-in (a sheet renamed or deleted, rows
   * inserted or deleted): subscribe and return the unsubscribe function. Each change is passed on as 'placementsChanged',
   * so the pane's list shows where the reports are now (an orphaned one as such) without waiting for a refresh.
   */
  workbookChanges?: (onChange: () => void) => () => void;
  /**
   * Where job statuses are kept so that `jobStatus` and `cancel` work from any request (Apps Script: the script cache);
   * default: this runtime's memory.
   */
  jobStore?: JobStore;
  /**
   * Lets the host's page handle input and paint between two writes or clears of a job (the preview: a macrotask; Excel's
   * own calls already are). Without it nothing yields between them.
   */
  yieldToHost?: () => Promise<void>;
}

function normalizeTenantUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** A sign-in failure in words about the two fields the user typed. */
function signInError(e: unknown, tenantUrl: string): unknown {
  if (!isAddinError(e)) return e;
  const options = { cause: e, ...(e.status === undefined ? {} : { status: e.status }), detail: e.detail ?? e.message };
  switch (e.kind) {
    case 'network':
      return new AddinError('network', `Could not reach ${tenantUrl}: check the Tenant URL and your connection.`, options);
    case 'notFound':
    case 'contract':
      return new AddinError(e.kind, `${tenantUrl} did not answer as the platform: check the Tenant URL.`, options);
    case 'unauthenticated':
      return new AddinError(
        'unauthenticated',
        'The platform refused this API key: check the key (and that it belongs to this Tenant URL), then sign in again.',
        options,
      );
    default:
      return e;
  }
}

/** An update refused for lack of rights, said plainly: refreshing still works, saving needs edit access. */
function updateError(e: unknown, name: string): unknown {
  if (isAddinError(e) && e.kind === 'forbidden') {
    return new AddinError(
      'forbidden',
      `You can refresh "${name}" but not change it: you do not have edit access to this report. Ask the report owner or an admin for edit access.`,
      {
        cause: e,
        ...(e.status === undefined ? {} : { status: e.status }),
        ...(e.detail === undefined ? {} : { detail: e.detail }),
        data: e.data,
      },
    );
  }
  return e;
}

class AddinServiceImpl implements AddinService {
  private readonly listeners = new Set<(event: ServiceEvent) => void>();
  private readonly jobs = new JobRegistry();
  private readonly jobStore: JobStore;
  /** What the platform last said about each placement's report (this session only). */
  private readonly lastKnown = new Map<string, LastKnownReport>();
  private readonly session: PlatformSession;
  private readonly orchestrator: Orchestrator;
  /** Stops listening to the host's workbook changes; set while the service has listeners. */
  private stopWatching: (() => void) | null = null;

  constructor(private readonly deps: AddinServiceDeps) {
    this.jobStore = deps.jobStore ?? new MemoryJobStore();
    this.session = new PlatformSession({
      credentials: deps.host.credentials,
      transport: deps.transport,
      clock: deps.clock,
      random: deps.random,
      timezone: deps.timezone,
      throwContinueWait: deps.throwContinueWait ?? true,
      ...(deps.maxResultBytes === undefined ? {} : { maxResultBytes: deps.maxResultBytes }),
      ...(deps.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: deps.idleTimeoutMs }),
    });
    const reports: ReportsApi = {
      upsertReport: async (
        deploymentId: string,
        publicId: string,
        body: ReportUpsertBody,
        opts?: { signal?: CancelSignal },
      ): Promise<Report> => (await this.session.current()).upsertReport(deploymentId, publicId, body, opts ?? {}),
      connectWorkbook: async (
        deploymentId: string,
        reportId: number,
        body: ConnectWorkbookBody,
        opts?: { signal?: CancelSignal },
      ): Promise<Report> => {
        const report = await (await this.session.current()).connectWorkbook(deploymentId, reportId, body, opts ?? {});
        this.lastKnown.set(body.placementId, lastKnownOf(report, body.placementId, new Date(this.deps.clock.now()).toISOString()));
        return report;
      },
    };
    this.orchestrator = new Orchestrator({
      host: deps.host,
      reports,
      queries: (context) => this.session.runnerFor(context),
      clock: deps.clock,
      randomBytes: deps.randomBytes,
      timezone: deps.timezone,
      titles: (context, _result, report) => this.headerTitles(context, report),
      ...(deps.yieldToHost ? { yieldToHost: deps.yieldToHost } : {}),
    });
  }

  // ---------- session ----------

  async getSession(): Promise<SessionState> {
    const s = await loadSession(this.deps.host.credentials);
    return {
      signedIn: s !== null,
      tenantUrl: s?.tenantUrl ?? null,
      authScheme: s?.authScheme ?? 'auto',
      defaultTenantUrl: this.deps.defaultTenantUrl,
    };
  }

  async signIn(input: SignInInput): Promise<SessionState> {
    const typedUrl = normalizeTenantUrl(input.tenantUrl);
    const apiKey = input.apiKey.trim();
    if (typedUrl === '') throw new AddinError('validation', 'Enter the Tenant URL, for example https://your-tenant.example.com.');
    // Refused before any request: http:// to another computer, a user name or key inside the address.
    const tenantUrl = parseServiceUrl(typedUrl, 'The Tenant URL').base;
    if (apiKey === '') throw new AddinError('validation', 'Enter your API key.');
    if (!isAuthScheme(input.authScheme))
      throw new AddinError('validation', `Unknown auth scheme "${String(input.authScheme)}": choose auto, bearer or api-key.`);
    const session: StoredSession = { tenantUrl, apiKey, authScheme: input.authScheme };
    const api = this.session.makeClient(session);
    let deployments: Deployment[];
    try {
      deployments = await api.listDeployments();
    } catch (e) {
      throw signInError(e, tenantUrl);
    }
    await saveSession(this.deps.host.credentials, session);
    this.session.adopt(session, api, deployments);
    return this.getSession();
  }

  async signOut(): Promise<void> {
    await clearSession(this.deps.host.credentials);
    this.session.reset();
  }

  // ---------- context ----------

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

  /**
   * Header titles of a result: a builder report's columns titled from its environment's metadata; a SQL-mode report keeps
   * the column names as written (its aliases are its titles), and so does a builder report whose metadata cannot be read.
   */
  private async headerTitles(context: QueryContext, report: Report): Promise<Record<string, string> | undefined> {
    if (builderViewOf(report) === null || context.environmentId === undefined) return undefined;
    try {
      return builderHeaderTitles(report, await this.session.sessionMeta(context.deploymentId, context.environmentId));
    } catch {
      return undefined;
    }
  }

  // ---------- placing ----------

  async activeCell(): Promise<CellTarget> {
    const a = await this.deps.host.activeCell();
    return {
      sheetId: a.sheet.id,
      sheetName: a.sheet.name,
      row: a.row,
      col: a.col,
      label: formatRangeRef(a.sheet.name, { row: a.row, col: a.col, rows: 1, cols: 1 }),
    };
  }

  async insert(draft: ReportDraft, target: CellTarget, options: InsertOptions): Promise<RunOutcome> {
    const { jobId } = options;
    return this.runJob(jobId, [], async (tracker, signal) => {
      // One document read for the job: the workbook's context and its placement registry.
      const entries = await retryWhileBusy(this.deps.clock, () => this.deps.host.documentStore.entries(`${PRODUCT_PREFIX}.`));
      const { deploymentId, environmentId } = requireContext(parseContext(entries[CONTEXT_KEY]));
      const scope = new JobScope(parseRegistry(entries));
      await this.session.platform();
      const outcome = await this.orchestrator.insert(
        placementDraftOf(draft, { deploymentId, environmentId }),
        { sheetId: target.sheetId, row: target.row, col: target.col },
        {
          ...this.runOptions(jobId, signal, tracker),
          scope,
          overwrite: options.overwrite,
          ...(options.publicId === undefined ? {} : { publicId: options.publicId }),
        },
      );
      return this.runOutcome(outcome);
    });
  }

  async listPlacements(): Promise<PlacementView[]> {
    const { placements, damaged } = await this.orchestrator.listing();
    return [
      ...placements.map((l) => placementView(l, this.lastKnown.get(l.record.placementId), this.jobs.isBusy(l.record.placementId))),
      ...damaged.map(damagedView),
    ];
  }

  async refresh(placementId: string, options: { jobId: string }): Promise<RunOutcome> {
    return this.runOnPlacement(placementId, options.jobId, (opts) => this.orchestrator.refresh(placementId, opts));
  }

  async update(placementId: string, draft: ReportDraft, options: { jobId: string }): Promise<RunOutcome> {
    // One job: the registry read here serves the update's refresh too, and its record is saved once at the end.
    const scope = new JobScope();
    const record = (await this.orchestrator.listing(scope)).placements.find((l) => l.record.placementId === placementId)?.record;
    if (record === undefined)
      throw new AddinError('notFound', 'This placement is no longer in the workbook list.', { data: { placementId } });
    const known = this.lastKnown.get(placementId);
    if (known?.canEdit === false) throw updateError(new AddinError('forbidden', 'No edit access.'), record.name);
    const placementDraft = placementDraftOf(
      draft,
      { deploymentId: record.deploymentId, environmentId: record.environmentId ?? null },
      known?.meta ?? null,
    );
    try {
      return await this.runOnPlacement(placementId, options.jobId, async (opts) => {
        try {
          return await this.orchestrator.update(placementId, placementDraft, { ...opts, scope });
        } finally {
          await this.orchestrator.flush(scope);
        }
      });
    } catch (e) {
      throw updateError(e, record.name);
    }
  }

  async refreshAll(placementIds: string[], options: { jobId: string }): Promise<RefreshAllSummary> {
    const { jobId } = options;
    return this.runJob(jobId, placementIds, async (tracker, signal) => {
      await this.session.platform();
      return refreshAll(this.orchestrator, placementIds, {
        ...(this.deps.refreshConcurrency === undefined ? {} : { concurrency: this.deps.refreshConcurrency }),
        ...(signal === undefined ? {} : { signal }),
        checkpoint: () => tracker.check(),
        onUpdate: (placementId: string, item: JobItemState) => {
          tracker.item(placementId, item);
          this.emit({ type: 'item', jobId, placementId, item });
        },
      });
    });
  }

  /** Stops a job, from this request or any other: the cells stay as they were. */
  async cancel(jobId: string): Promise<void> {
    this.jobs.cancel(jobId);
    await requestCancel(this.jobStore, jobId);
  }

  async jobStatus(jobId: string): Promise<JobStatus | null> {
    return readJobStatus(this.jobStore, jobId);
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
      this.lastKnown.delete(placementId);
    } finally {
      this.emit({ type: 'placementsChanged' });
    }
  }

  subscribe(listener: (event: ServiceEvent) => void): () => void {
    this.listeners.add(listener);
    if (this.stopWatching === null && this.deps.workbookChanges !== undefined) {
      this.stopWatching = this.deps.workbookChanges(() => this.emit({ type: 'placementsChanged' }));
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.stopWatching !== null) {
        const stop = this.stopWatching;
        this.stopWatching = null;
        stop();
      }
    };
  }

  // ---------- internals ----------

  private emit(event: ServiceEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (e) {
        // A failing listener must not break the job it watches; its error is reported as an unhandled rejection.
        void Promise.reject(e);
      }
    }
  }

  private runOptions(jobId: string, signal: CancelSignal | undefined, tracker: JobTracker): RunOptions {
    return {
      ...(signal === undefined ? {} : { signal }),
      checkpoint: () => tracker.check(),
      onProgress: (p) => {
        const progress = { rows: p.rows, bytes: p.bytes, elapsedMs: p.elapsedMs };
        tracker.progress(progress);
        this.emit({ type: 'progress', jobId, ...progress });
      },
    };
  }

  /**
   * Runs a job: registered for Cancel (here and, through the job store, from any request), its status kept in the job
   * store from start to outcome, its placements marked as refreshing, the list told to reload when it ends.
   */
  private async runJob<T extends object>(
    jobId: string,
    placementIds: readonly string[],
    task: (tracker: JobTracker, signal: CancelSignal | undefined) => Promise<T>,
  ): Promise<T> {
    const signal = this.jobs.start(jobId);
    const release = this.jobs.hold(placementIds);
    const tracker = new JobTracker(this.jobStore, this.deps.clock, jobId, () => this.jobs.cancel(jobId));
    try {
      await tracker.start();
      const result = await task(tracker, signal);
      await tracker.end({ outcome: result });
      return result;
    } catch (e) {
      const error = isAddinError(e)
        ? { kind: e.kind, message: e.message }
        : { kind: 'host', message: e instanceof Error ? e.message : String(e) };
      await tracker.end({ error, cancelled: isAddinError(e) && e.kind === 'cancelled' });
      throw e;
    } finally {
      release();
      this.jobs.finish(jobId);
      this.emit({ type: 'placementsChanged' });
    }
  }

  /** A refresh or update of one placement as a job: cancellable, marked as refreshing, reported by item events. */
  private async runOnPlacement(
    placementId: string,
    jobId: string,
    run: (opts: RunOptions) => Promise<PlacementOutcome>,
  ): Promise<RunOutcome> {
    return this.runJob(jobId, [placementId], async (tracker, signal) => {
      const item = (state: JobItemState): void => {
        tracker.item(placementId, state);
        this.emit({ type: 'item', jobId, placementId, item: state });
      };
      try {
        await this.session.platform();
        item({ state: 'running' });
        const outcome = await run({
          ...this.runOptions(jobId, signal, tracker),
          onPhase: (phase) => {
            if (phase === 'writing') item({ state: 'writing' });
          },
        });
        const result = this.runOutcome(outcome);
        item({ state: 'done', dataRows: result.dataRows, cols: result.cols });
        return result;
      } catch (e) {
        if (isAddinError(e) && e.kind === 'cancelled') item({ state: 'stopped' });
        else if (isAddinError(e)) item({ state: 'failed', kind: e.kind, message: e.message });
        throw e;
      }
    });
  }

  private runOutcome(o: PlacementOutcome): RunOutcome {
    return {
      placementId: o.placementId,
      dataRows: o.areaRows - o.headerRows,
      cols: o.cols,
      headerRows: o.headerRows,
      rangeLabel: o.rangeRef,
      elapsedMs: o.elapsedMs,
      truncatedAtDefaultCap: o.truncatedAtDefaultCap,
    };
  }
}

/** The context a job needs, or a validation error asking the user to choose it. */
function requireContext(context: WorkbookContext): { deploymentId: string; environmentId: string } {
  const { deploymentId, environmentId } = context;
  if (deploymentId === null || environmentId === null) {
    throw new AddinError('validation', 'Choose a deployment and an environment for this workbook first.');
  }
  return { deploymentId, environmentId };
}

/** The add-in service for one workbook host. */
export function createAddinService(deps: AddinServiceDeps): AddinService {
  return new AddinServiceImpl(deps);
}
