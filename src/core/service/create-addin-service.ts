/** createAddinService: the host-agnostic AddinService over the core (platform client, query client, orchestrator), everything injected. */
import { AddinError, isAddinError } from '../api/errors';
import { PlatformClient } from '../api/platform-client';
import { QueryClient } from '../api/query-client';
import type { QueryResult, QueryRunner, QueryRunOptions } from '../api/query-result';
import type { ConnectWorkbookBody, Deployment, Environment, Meta, Report, ReportUpsertBody } from '../api/schemas';
import type { Clock, Transport } from '../api/transport';
import { formatRangeRef } from '../cells/a1';
import type { SpreadsheetHost } from '../host';
import { Orchestrator, type PlacementOutcome, type QueryContext, type ReportsApi, type RunOptions } from '../refresh/orchestrator';
import { refreshAll } from '../refresh/refresh-all';
import type {
  AddinService,
  CellTarget,
  JobItemState,
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
import { MetaTokenCache } from './meta-token-cache';
import { lastKnownOf, placementView, type LastKnownReport } from './placement-view';
import { draftFromReport, placementDraftOf } from './report-draft';
import { clearSession, isAuthScheme, loadSession, saveSession, type StoredSession } from './session-store';
import { loadContext, saveContext } from './workbook-context-store';

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
  /** Queries in flight at once during Refresh all (default 3). */
  refreshConcurrency?: number;
  /**
   * Where the host can tell when sheets or tracked areas change outside the add-in (a sheet renamed or deleted, rows
   * inserted or deleted): subscribe and return the unsubscribe function. Each change is passed on as 'placementsChanged',
   * so the pane's list shows where the reports are now (an orphaned one as such) without waiting for a refresh.
   */
  workbookChanges?: (onChange: () => void) => () => void;
}

function sessionKey(s: StoredSession): string {
  return JSON.stringify([s.tenantUrl, s.apiKey, s.authScheme]);
}

function environmentKey(deploymentId: string, environmentId: string): string {
  return JSON.stringify([deploymentId, environmentId]);
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
  private readonly tokens = new MetaTokenCache();
  /** What the platform last said about each placement's report (this session only). */
  private readonly lastKnown = new Map<string, LastKnownReport>();
  private client: { key: string; api: PlatformClient; session: StoredSession } | null = null;
  private deployments: Deployment[] | null = null;
  private readonly environments = new Map<string, Environment[]>();
  /** Metadata per environment, read once a session for header titles (a failed read is not kept). */
  private readonly metas = new Map<string, Promise<Meta>>();
  private readonly orchestrator: Orchestrator;
  /** Stops listening to the host's workbook changes; set while the service has listeners. */
  private stopWatching: (() => void) | null = null;

  constructor(private readonly deps: AddinServiceDeps) {
    const reports: ReportsApi = {
      upsertReport: async (
        deploymentId: string,
        publicId: string,
        body: ReportUpsertBody,
        opts?: { signal?: AbortSignal },
      ): Promise<Report> => (await this.platform()).upsertReport(deploymentId, publicId, body, opts ?? {}),
      connectWorkbook: async (
        deploymentId: string,
        reportId: number,
        body: ConnectWorkbookBody,
        opts?: { signal?: AbortSignal },
      ): Promise<Report> => {
        const report = await (await this.platform()).connectWorkbook(deploymentId, reportId, body, opts ?? {});
        this.lastKnown.set(body.placementId, lastKnownOf(report, body.placementId, new Date(this.deps.clock.now()).toISOString()));
        return report;
      },
    };
    this.orchestrator = new Orchestrator({
      host: deps.host,
      reports,
      queries: (context) => this.runnerFor(context),
      clock: deps.clock,
      randomBytes: deps.randomBytes,
      timezone: deps.timezone,
      titles: (context, _result, report) => this.headerTitles(context, report),
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
    const tenantUrl = normalizeTenantUrl(input.tenantUrl);
    const apiKey = input.apiKey.trim();
    if (tenantUrl === '') throw new AddinError('validation', 'Enter the Tenant URL, for example https://your-tenant.example.com.');
    if (apiKey === '') throw new AddinError('validation', 'Enter your API key.');
    if (!isAuthScheme(input.authScheme))
      throw new AddinError('validation', `Unknown auth scheme "${String(input.authScheme)}": choose auto, bearer or api-key.`);
    const session: StoredSession = { tenantUrl, apiKey, authScheme: input.authScheme };
    const api = this.makeClient(session);
    let deployments: Deployment[];
    try {
      deployments = await api.listDeployments();
    } catch (e) {
      throw signInError(e, tenantUrl);
    }
    await saveSession(this.deps.host.credentials, session);
    this.resetCaches();
    this.client = { key: sessionKey(session), api, session };
    this.deployments = deployments;
    return this.getSession();
  }

  async signOut(): Promise<void> {
    await clearSession(this.deps.host.credentials);
    this.resetCaches();
  }

  // ---------- context ----------

  async listDeployments(): Promise<Deployment[]> {
    const list = await (await this.platform()).listDeployments();
    this.deployments = list;
    return list;
  }

  async listEnvironments(deploymentId: string): Promise<Environment[]> {
    const list = await (await this.platform()).listEnvironments(deploymentId);
    this.environments.set(deploymentId, list);
    return list;
  }

  getContext(): Promise<WorkbookContext> {
    return loadContext(this.deps.host.document);
  }

  async setContext(context: WorkbookContext): Promise<void> {
    await saveContext(this.deps.host.document, context);
  }

  async getMeta(): Promise<Meta> {
    const { deploymentId, environmentId } = await this.requireContext();
    const meta = await this.fetchMeta(deploymentId, environmentId);
    this.metas.set(environmentKey(deploymentId, environmentId), Promise.resolve(meta));
    return meta;
  }

  /** The environment's metadata through a meta-sync token (cached until shortly before it expires; renewed once if refused). */
  private async fetchMeta(deploymentId: string, environmentId: string): Promise<Meta> {
    const api = await this.platform();
    const restUrl = await this.restUrl(deploymentId, environmentId);
    for (let attempt = 1; ; attempt++) {
      let token = this.tokens.get(deploymentId, environmentId, this.deps.clock.now());
      const cached = token !== null;
      if (token === null) {
        const issued = await api.createMetaSyncToken(deploymentId, environmentId, { security_context: {} });
        this.tokens.put(deploymentId, environmentId, issued);
        token = issued.token;
      }
      try {
        return await api.getMeta(restUrl, token);
      } catch (e) {
        // A cached token the server no longer accepts (revoked, clock skew): drop it and mint one again, once.
        if (cached && attempt === 1 && isAddinError(e) && e.kind === 'unauthenticated') {
          this.tokens.drop(deploymentId, environmentId);
          continue;
        }
        throw e;
      }
    }
  }

  /** The environment's metadata as read earlier this session, else read now (concurrent callers share one read). */
  private sessionMeta(deploymentId: string, environmentId: string): Promise<Meta> {
    const key = environmentKey(deploymentId, environmentId);
    const cached = this.metas.get(key);
    if (cached !== undefined) return cached;
    const read = this.fetchMeta(deploymentId, environmentId);
    this.metas.set(key, read);
    read.catch(() => {
      if (this.metas.get(key) === read) this.metas.delete(key);
    });
    return read;
  }

  /**
   * Header titles of a result: a builder report's columns titled from its environment's metadata; a SQL-mode report keeps
   * the column names as written (its aliases are its titles), and so does a builder report whose metadata cannot be read.
   */
  private async headerTitles(context: QueryContext, report: Report): Promise<Record<string, string> | undefined> {
    if (builderViewOf(report) === null || context.environmentId === undefined) return undefined;
    try {
      return builderHeaderTitles(report, await this.sessionMeta(context.deploymentId, context.environmentId));
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

  async insert(draft: ReportDraft, target: CellTarget, options: { jobId: string; overwrite: boolean }): Promise<RunOutcome> {
    const { jobId } = options;
    const signal = this.jobs.start(jobId);
    try {
      const { deploymentId, environmentId } = await this.requireContext();
      await this.platform();
      const outcome = await this.orchestrator.insert(
        placementDraftOf(draft, { deploymentId, environmentId }),
        { sheetId: target.sheetId, row: target.row, col: target.col },
        { ...this.runOptions(jobId, signal), overwrite: options.overwrite },
      );
      return this.runOutcome(outcome);
    } finally {
      this.jobs.finish(jobId);
      this.emit({ type: 'placementsChanged' });
    }
  }

  async listPlacements(): Promise<PlacementView[]> {
    const listings = await this.orchestrator.list();
    return listings.map((l) => placementView(l, this.lastKnown.get(l.record.placementId), this.jobs.isBusy(l.record.placementId)));
  }

  async refresh(placementId: string, options: { jobId: string }): Promise<RunOutcome> {
    return this.runOnPlacement(placementId, options.jobId, (opts) => this.orchestrator.refresh(placementId, opts));
  }

  async update(placementId: string, draft: ReportDraft, options: { jobId: string }): Promise<RunOutcome> {
    const record = (await this.orchestrator.list()).find((l) => l.record.placementId === placementId)?.record;
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
      return await this.runOnPlacement(placementId, options.jobId, (opts) => this.orchestrator.update(placementId, placementDraft, opts));
    } catch (e) {
      throw updateError(e, record.name);
    }
  }

  async refreshAll(placementIds: string[], options: { jobId: string }): Promise<RefreshAllSummary> {
    const { jobId } = options;
    const signal = this.jobs.start(jobId);
    const release = this.jobs.hold(placementIds);
    try {
      await this.platform();
      return await refreshAll(this.orchestrator, placementIds, {
        ...(this.deps.refreshConcurrency === undefined ? {} : { concurrency: this.deps.refreshConcurrency }),
        ...(signal === undefined ? {} : { signal }),
        onUpdate: (placementId: string, item: JobItemState) => this.emit({ type: 'item', jobId, placementId, item }),
      });
    } finally {
      release();
      this.jobs.finish(jobId);
      this.emit({ type: 'placementsChanged' });
    }
  }

  async cancel(jobId: string): Promise<void> {
    this.jobs.cancel(jobId);
  }

  async goTo(placementId: string): Promise<void> {
    await this.orchestrator.goTo(placementId);
  }

  async loadDraft(placementId: string): Promise<ReportDraft> {
    await this.platform();
    const report = await this.orchestrator.definition(placementId);
    return draftFromReport(report);
  }

  async remove(placementId: string, options: { clearCells: boolean }): Promise<void> {
    try {
      await this.orchestrator.remove(placementId, { clearCells: options.clearCells });
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

  private runOptions(jobId: string, signal: AbortSignal | undefined): RunOptions {
    return {
      ...(signal === undefined ? {} : { signal }),
      onProgress: (p) => this.emit({ type: 'progress', jobId, rows: p.rows, bytes: p.bytes, elapsedMs: p.elapsedMs }),
    };
  }

  /** A refresh or update of one placement as a job: cancellable, marked as refreshing, reported by item events. */
  private async runOnPlacement(
    placementId: string,
    jobId: string,
    run: (opts: RunOptions) => Promise<PlacementOutcome>,
  ): Promise<RunOutcome> {
    const signal = this.jobs.start(jobId);
    const release = this.jobs.hold([placementId]);
    const item = (state: JobItemState): void => this.emit({ type: 'item', jobId, placementId, item: state });
    try {
      await this.platform();
      item({ state: 'running' });
      const outcome = await run({
        ...this.runOptions(jobId, signal),
        onPhase: (phase) => {
          if (phase === 'writing') item({ state: 'writing' });
        },
      });
      const result = this.runOutcome(outcome);
      item({ state: 'done', rows: result.rows, cols: result.cols });
      return result;
    } catch (e) {
      if (isAddinError(e) && e.kind === 'cancelled') item({ state: 'stopped' });
      else if (isAddinError(e)) item({ state: 'failed', kind: e.kind, message: e.message });
      throw e;
    } finally {
      release();
      this.jobs.finish(jobId);
      this.emit({ type: 'placementsChanged' });
    }
  }

  private runOutcome(o: PlacementOutcome): RunOutcome {
    return {
      placementId: o.placementId,
      rows: o.areaRows - o.headerRows,
      cols: o.cols,
      headerRows: o.headerRows,
      rangeLabel: o.rangeRef,
      elapsedMs: o.elapsedMs,
    };
  }

  private makeClient(session: StoredSession): PlatformClient {
    const { transport, clock, random } = this.deps;
    return new PlatformClient({ baseUrl: session.tenantUrl, apiKey: session.apiKey, transport, clock, random });
  }

  /** The client of the stored session; 'unauthenticated' when nobody is signed in. */
  private async platform(): Promise<PlatformClient> {
    const session = await loadSession(this.deps.host.credentials);
    if (session === null) {
      this.resetCaches();
      throw new AddinError('unauthenticated', 'Sign in first: enter your Tenant URL and API key.');
    }
    const key = sessionKey(session);
    if (this.client?.key !== key) {
      this.resetCaches();
      this.client = { key, api: this.makeClient(session), session };
    }
    return this.client.api;
  }

  private resetCaches(): void {
    this.client = null;
    this.deployments = null;
    this.environments.clear();
    this.metas.clear();
    this.tokens.clear();
  }

  private async requireContext(): Promise<{ deploymentId: string; environmentId: string }> {
    const { deploymentId, environmentId } = await this.getContext();
    if (deploymentId === null || environmentId === null) {
      throw new AddinError('validation', 'Choose a deployment and an environment for this workbook first.');
    }
    return { deploymentId, environmentId };
  }

  private async deploymentUrl(deploymentId: string): Promise<string> {
    let found = this.deployments?.find((d) => d.id === deploymentId);
    if (found === undefined) found = (await this.listDeployments()).find((d) => d.id === deploymentId);
    if (found === undefined) {
      throw new AddinError(
        'notFound',
        `Deployment ${deploymentId} is not available to you: choose another deployment, or ask an admin for access.`,
        {
          data: { deploymentId },
        },
      );
    }
    return found.deploymentUrl;
  }

  private async restUrl(deploymentId: string, environmentId: string): Promise<string> {
    let found = this.environments.get(deploymentId)?.find((e) => e.id === environmentId);
    if (found === undefined) found = (await this.listEnvironments(deploymentId)).find((e) => e.id === environmentId);
    if (found === undefined) {
      throw new AddinError(
        'notFound',
        `Environment ${environmentId} is not in deployment ${deploymentId} anymore: choose the environment again.`,
        {
          data: { deploymentId, environmentId },
        },
      );
    }
    return found.api_credentials.rest.url;
  }

  /** The query runner of a placement's deployment, signed with the user's own API key (the query API takes it raw or Bearer). */
  private runnerFor(context: QueryContext): QueryRunner {
    return {
      run: async (options: QueryRunOptions): Promise<QueryResult> => {
        await this.platform();
        const session = this.client?.session;
        if (session === undefined) throw new AddinError('unauthenticated', 'Sign in first: enter your Tenant URL and API key.');
        const deploymentUrl = await this.deploymentUrl(context.deploymentId);
        const { transport, clock, random, timezone } = this.deps;
        const client = new QueryClient({
          deploymentUrl,
          credential: session.apiKey,
          authScheme: session.authScheme,
          transport,
          clock,
          random,
          defaultTimezone: timezone,
          throwContinueWait: this.deps.throwContinueWait ?? true,
        });
        return client.run(options);
      },
    };
  }
}

/** The add-in service for one workbook host. */
export function createAddinService(deps: AddinServiceDeps): AddinService {
  return new AddinServiceImpl(deps);
}
