/** The Orchestrator: inserts, refreshes, edits and removes placed reports, all-or-nothing on the cells, one write at a time. */
import { AddinError, cancelledError, isAddinError } from '../errors/addin-error';
import { mintPublicId, publicIdProblem } from '../api/public-id';
import type { QueryProgress, QueryResult, QueryRunner } from '../api/query-result';
import type { ConnectWorkbookBody, PivotItems, Report, ReportUpsertBody } from '../wire/schemas';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { Clock } from '../runtime/clock';
import { cutAtDefaultCap } from '../builder/default-cap';
import { formatCellRef, formatRangeRef } from '../cells/a1';
import { buildFlatMatrix, createFlatLayout } from '../cells/flat-layout';
import type { Matrix } from '../cells/matrix';
import { buildPivotMatrix } from '../cells/pivot-layout';
import { writeBlocks } from '../cells/write-plan';
import type { GridRange, SpreadsheetHost, WorkbookLayout, WriteBlock } from '../host';
import { subtract } from './grid-rect';
import { occupiedCells } from './occupied-cells';
import { retryWhileBusy } from './host-busy';
import { JobScope } from '../jobs/job-scope';
import {
  headerRowsOf,
  readRegistry,
  registryChanges,
  withRecord,
  type DamagedRecord,
  type PlacementRecord,
  type Registry,
} from './placement-record';
import { MAX_LISTED_CELLS, planPlacement, type PlacementArea, type PlacementPlan } from './planner';
import { SerialQueue } from './serial-queue';
import { readSnapshots } from './snapshot-reads';
import { restyleSteps, type OwnArea } from './restyle';
import { clearOwn, runWriteTransaction, type HostCall } from './write-transaction';

/** The two report calls the orchestrator makes (PlatformClient has them). */
export interface ReportsApi {
  upsertReport(deploymentId: string, publicId: string, body: ReportUpsertBody, opts?: { signal?: CancelSignal }): Promise<Report>;
  connectWorkbook(deploymentId: string, reportId: number, body: ConnectWorkbookBody, opts?: { signal?: CancelSignal }): Promise<Report>;
}

/** Where a placement's queries run. */
export interface QueryContext {
  deploymentId: string;
  environmentId?: string;
}

export interface OrchestratorDeps {
  host: SpreadsheetHost;
  reports: ReportsApi;
  /** The query runner for a deployment/environment (it carries the user's own credentials). */
  queries: (context: QueryContext) => QueryRunner;
  /** `sleep` waits before retrying a busy host. */
  clock: Pick<Clock, 'now' | 'sleep'>;
  /**
   * Lets the host's page handle input and paint between two writes or clears of a job (a 300,000-row write is dozens of
   * blocks: at once they froze the preview for seconds and Cancel could not be clicked). Without it nothing yields.
   */
  yieldToHost?: () => Promise<void>;
  randomBytes: (n: number) => Uint8Array;
  /** IANA time zone sent with every query. */
  timezone?: string;
  /**
   * Header titles (flat and pivot), by column or member name (member-match rules), for a result of `report`'s definition;
   * undefined keeps the column names. It may read (the service reads the environment's metadata) but should not fail.
   */
  titles?: (
    context: QueryContext,
    result: QueryResult,
    report: Report,
  ) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>;
}

export type PivotSpec = Pick<PivotItems, 'rows' | 'columns' | 'measures' | 'filters'> &
  Partial<Pick<PivotItems, 'measuresAxis' | 'measuresPosition'>>;

/** A report definition as the pane hands it over. */
export interface PlacementDraft {
  deploymentId: string;
  environmentId?: string;
  name: string;
  description?: string;
  sqlQuery: string;
  jsonQuery?: string;
  pivotItems?: PivotSpec | null;
  meta?: Record<string, unknown>;
}

export type RunPhase = 'running' | 'writing';

export interface RunOptions {
  signal?: CancelSignal;
  onProgress?: (progress: QueryProgress) => void;
  /** 'running' when the query starts, 'writing' once the result is decoded and waits for (or holds) the write lock. */
  onPhase?: (phase: RunPhase) => void;
  /**
   * The job this run belongs to: its reads of the registry and layout are shared, and a refresh's record is saved when
   * the job's owner calls `flush` (Refresh all saves every record in one write). Without it the run is its own job.
   */
  scope?: JobScope;
  /** Awaited once the result is in hand, before the write lock is taken: a cancel asked for from another request is seen there. */
  checkpoint?: () => Promise<void>;
}

export interface InsertOptions extends RunOptions {
  /** Overwrite user cells in the target (other placements always block). */
  overwrite?: boolean;
  /**
   * The draft's publicId: minted once per draft by the pane and sent with every attempt until the draft is placed, so a
   * failed, blocked or cancelled attempt and its retry save one report, not two. Minted here when absent.
   */
  publicId?: string;
}

export interface PlacementOutcome {
  placementId: string;
  reportId: number;
  publicId: string;
  /** Rows of the area written (header rows included) and its columns. */
  areaRows: number;
  cols: number;
  /** Leading rows of `areaRows` that are headers (1 for a flat table, Columns members + 1 for a pivot). */
  headerRows: number;
  area: GridRange;
  /** "'My Sheet'!B2:D20" */
  rangeRef: string;
  elapsedMs: number;
  /** User cells the insert overwrote (with `overwrite`). */
  overwrittenCells: number;
  /** The cells were written but recording the new location on the platform failed; the next refresh records it again. */
  syncError: AddinError | null;
  /** The result had exactly the platform's default cap of rows and the SQL no top-level LIMIT: almost surely cut short. */
  truncatedAtDefaultCap: boolean;
}

export interface PlacementListing {
  record: PlacementRecord;
  /** Where the placement is now (the host's tracked area); null when its cells were deleted. */
  area: GridRange | null;
  sheetName: string | null;
  rangeRef: string | null;
}

interface Fetched {
  matrix: Matrix;
  layout: PlacementRecord['layout'];
  queryChecksum: string | undefined;
  /** Exactly the platform's default cap of query rows, from SQL with no top-level LIMIT. */
  truncatedAtDefaultCap: boolean;
}

interface WriteArgs {
  scope: JobScope;
  /** Fit the columns' widths after writing (a newly placed report). */
  autofit: boolean;
  placementId: string;
  name: string;
  /** Where to write: the insert target, or the placement's current area's top-left (read under the write lock). */
  target: { sheetId: string; row: number; col: number } | 'current';
  matrix: Matrix;
  overwrite: boolean;
  signal: CancelSignal | undefined;
  /** Header rows of the placement's previous write (target 'current'; the add-in made them bold); 0 for an insert. */
  previousHeaderRows: number;
  /**
   * An edit's save: `save` runs once the result is planned and fits, before any cell changes; `restore` puts the saved
   * definition back when the cells could then not be written.
   */
  commit?: { save(): Promise<void>; restore(): Promise<void> };
}

interface Written {
  plan: PlacementPlan;
  sheetName: string;
  /** The layout read under the write lock. */
  layout: WorkbookLayout;
}

const WRITE_LOCK = 'write';
const REGISTRY_LOCK = 'registry';

function throwIfAborted(signal: CancelSignal | undefined): void {
  if (signal?.cancelled) throw cancelledError();
}

/** Errors while the operation was cancelled read as a cancellation. */
function normalize(e: unknown, signal: CancelSignal | undefined): unknown {
  if (signal?.cancelled && !(isAddinError(e) && (e.kind === 'cancelled' || e.data.rollbackFailed === true))) return cancelledError();
  return e;
}

function asAddinError(e: unknown): AddinError {
  if (isAddinError(e)) return e;
  return new AddinError('host', `Something went wrong: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}

function damagedRecord(d: DamagedRecord): AddinError {
  return new AddinError(
    'contract',
    'The stored record of this report is damaged and could not be read. Its cells are intact; remove it from the list, then insert the report again.',
    { detail: d.detail, data: { placementId: d.placementId, key: d.key } },
  );
}

function sameRect(a: GridRange, b: GridRange): boolean {
  return a.sheetId === b.sheetId && a.row === b.row && a.col === b.col && a.rows === b.rows && a.cols === b.cols;
}

function orphaned(record: Pick<PlacementRecord, 'name' | 'placementId'>): AddinError {
  return new AddinError(
    'notFound',
    `The cells of "${record.name}" are no longer in the workbook (their rows, columns or sheet were deleted). Remove it from the list, or insert the report again.`,
    { data: { placementId: record.placementId, orphaned: true } },
  );
}

function pivotBody(p: PivotSpec): NonNullable<ReportUpsertBody['pivotItems']> {
  return { columns: [...p.columns], filters: [...p.filters], measures: [...p.measures], rows: [...p.rows] };
}

export class Orchestrator {
  private readonly perPlacement = new SerialQueue();
  private readonly locks = new SerialQueue();
  /** Areas written but not yet in the registry (an insert between its write and its save). */
  private readonly pending = new Map<string, PlacementArea>();
  /** Placements removed in this runtime: a job's unsaved record of one is dropped, not written back. */
  private readonly removed = new Set<string>();
  /** Every host call goes through it: a busy host (a cell being edited) is waited for and retried. */
  private readonly call: HostCall = (call) => retryWhileBusy(this.deps.clock, call);
  /** Snapshot reads: with a host that yields, each waits for its page to breathe first too. */
  private readonly read: HostCall = async (call) => {
    await this.deps.yieldToHost?.();
    return this.call(call);
  };
  /** Writes and clears: each waits for the host's page to breathe first (a cancel is seen between two of them). */
  private readonly mutate: HostCall = async (call) => {
    await this.deps.yieldToHost?.();
    return this.call(call);
  };

  constructor(private readonly deps: OrchestratorDeps) {}

  // ---------- public API ----------

  /** Place a new report at `anchor`. Throws 'blocked' (data.cells = A1 labels) when user cells are in the way and !overwrite. */
  async insert(
    draft: PlacementDraft,
    anchor: { sheetId: string; row: number; col: number },
    opts: InsertOptions = {},
  ): Promise<PlacementOutcome> {
    const t0 = this.deps.clock.now();
    const { host, reports } = this.deps;
    const { signal } = opts;
    const scope = opts.scope ?? new JobScope();
    const name = draft.name.trim();
    if (draft.deploymentId.trim() === '') throw new AddinError('validation', 'Choose a deployment first.');
    if (name === '') throw new AddinError('validation', 'Give the report a name.');
    if (draft.sqlQuery.trim() === '') throw new AddinError('validation', 'The report has no query: build one or write SQL.');
    if (!(await this.startLayout(scope)).sheets.some((s) => s.id === anchor.sheetId))
      throw new AddinError('notFound', 'The target sheet no longer exists. Select a cell and try again.');
    throwIfAborted(signal);

    const publicId = opts.publicId ?? mintPublicId(this.deps.randomBytes);
    const idProblem = publicIdProblem(publicId);
    if (idProblem !== undefined)
      throw new AddinError('validation', `The draft's id is not usable: ${idProblem}.`, { data: { field: 'publicId' } });
    const placementId = mintPublicId(this.deps.randomBytes);
    const context: QueryContext = {
      deploymentId: draft.deploymentId,
      ...(draft.environmentId ? { environmentId: draft.environmentId } : {}),
    };
    try {
      opts.onPhase?.('running');
      const body: ReportUpsertBody = {
        publicId,
        name,
        sqlQuery: draft.sqlQuery,
        source: host.platformHost,
        ...(draft.description ? { description: draft.description } : {}),
        ...(draft.jsonQuery ? { jsonQuery: draft.jsonQuery } : {}),
        ...(draft.meta ? { meta: draft.meta } : {}),
        ...(draft.pivotItems ? { pivotItems: pivotBody(draft.pivotItems) } : {}),
      };
      // Run and plan first, save only once the result is in hand and fits: a failed, blocked or cancelled insert saves nothing.
      const definition: Report = {
        id: 0,
        deploymentId: Number(draft.deploymentId) || 0,
        publicId,
        name,
        sqlQuery: draft.sqlQuery,
        jsonQuery: draft.jsonQuery ?? null,
        meta: draft.meta ?? null,
      };
      const fetched = await this.runAndLayOut(context, draft.sqlQuery, draft.pivotItems ?? null, definition, opts);
      await opts.checkpoint?.();
      throwIfAborted(signal);
      opts.onPhase?.('writing');
      const saved: { report?: Report } = {};
      const commit: NonNullable<WriteArgs['commit']> = {
        save: async () => {
          saved.report = await reports.upsertReport(draft.deploymentId, publicId, body, signal ? { signal } : {});
          fetched.queryChecksum = saved.report.currentQueryChecksum ?? undefined;
          throwIfAborted(signal);
        },
        // The report stays on the platform: the draft keeps its publicId, so the retry saves onto it.
        restore: async () => undefined,
      };
      const written = await this.locks.run(WRITE_LOCK, () =>
        this.write({
          scope,
          autofit: true,
          placementId,
          name,
          target: anchor,
          matrix: fetched.matrix,
          overwrite: opts.overwrite ?? false,
          signal,
          previousHeaderRows: 0,
          commit,
        }),
      );
      const report = saved.report;
      if (report === undefined) throw new AddinError('host', 'The report was written but not saved.');
      const now = this.iso();
      const record: PlacementRecord = {
        placementId,
        reportId: report.id,
        publicId,
        deploymentId: draft.deploymentId,
        ...(draft.environmentId ? { environmentId: draft.environmentId } : {}),
        name,
        ...this.writtenFields(written, fetched),
        ...(fetched.queryChecksum ? { queryChecksum: fetched.queryChecksum } : {}),
        placedAt: now,
        refreshedAt: now,
      };
      const outcome = await this.finish(record, written, t0);
      // A new placement is saved at once, whatever job it belongs to: until then only this runtime knows its area.
      await this.save(scope, [record]);
      return outcome;
    } catch (e) {
      throw normalize(e, signal);
    } finally {
      this.pending.delete(placementId);
    }
  }

  /** Re-run a placement's current definition and write it where its cells are now. */
  refresh(placementId: string, opts: RunOptions = {}): Promise<PlacementOutcome> {
    return this.perPlacement.run(placementId, () => this.asJob(opts, (scope) => this.refreshNow(placementId, { ...opts, scope }, null)));
  }

  /**
   * Run an edited definition, plan where its result goes, and only when it fits save it (same publicId) and write it: an
   * edit that cannot be placed leaves the platform's report as it was (and one whose cells then fail to write restores it).
   */
  update(placementId: string, draft: PlacementDraft, opts: RunOptions = {}): Promise<PlacementOutcome> {
    return this.perPlacement.run(placementId, () =>
      this.asJob(opts, async (scope) => {
        const record = await this.record(scope, placementId);
        const name = draft.name.trim();
        if (name === '') throw new AddinError('validation', 'Give the report a name.');
        if (draft.sqlQuery.trim() === '') throw new AddinError('validation', 'The report has no query: build one or write SQL.');
        const body: ReportUpsertBody = {
          publicId: record.publicId,
          name,
          sqlQuery: draft.sqlQuery,
          ...(draft.description !== undefined ? { description: draft.description } : {}),
          ...(draft.jsonQuery ? { jsonQuery: draft.jsonQuery } : {}),
          ...(draft.meta ? { meta: draft.meta } : {}),
          pivotItems: pivotBody(draft.pivotItems ?? { rows: [], columns: [], measures: [], filters: [] }),
        };
        return this.refreshNow(
          placementId,
          { ...opts, scope },
          { name, environmentId: draft.environmentId ?? record.environmentId, draft, body },
        );
      }),
    );
  }

  /** Save the records a job has written or failed (one document write); the job's owner calls it when the job ends. */
  async flush(scope: JobScope): Promise<void> {
    const records = [...scope.unsaved.values()].filter((r) => !this.removed.has(r.placementId));
    scope.unsaved.clear();
    if (records.length > 0) await this.save(scope, records);
  }

  /**
   * Forget a placement (optionally clearing its cells, band by band, `onProgress` told the rows cleared so far); the
   * report stays on the platform. A damaged record can be removed too.
   */
  remove(placementId: string, opts: { clearCells: boolean; onProgress?: (clearedRows: number, rows: number) => void }): Promise<void> {
    return this.perPlacement.run(placementId, async () => {
      const { host } = this.deps;
      const scope = new JobScope();
      const registry = await this.registry(scope);
      const record = registry.records.find((r) => r.placementId === placementId);
      if (!record && !registry.damaged.some((d) => d.placementId === placementId))
        throw new AddinError('notFound', 'This placement is no longer in the workbook list.', { data: { placementId } });
      await this.locks.run(WRITE_LOCK, async () => {
        const area = (await this.call(() => host.layout([placementId]))).areas[placementId] ?? null;
        if (opts.clearCells && area) {
          const own = { area, headerRows: record ? headerRowsOf(record) : 0 };
          // Read and clear a band at a time: a large area never makes one long task of the host's page.
          const step = this.deps.yieldToHost ? Math.max(1, Math.floor(host.limits.maxCellsPerWrite / area.cols)) : area.rows;
          for (let at = 0; at < area.rows; at += step) {
            const band: GridRange = { ...area, row: area.row + at, rows: Math.min(step, area.rows - at) };
            const cells = await readSnapshots([band], this.readLimits(), (bands) => this.read(() => host.snapshot(bands)));
            await clearOwn(host, this.mutate, cells, own);
            opts.onProgress?.(at + band.rows, area.rows);
          }
        }
        await this.call(() => host.untrack(placementId));
      });
      this.removed.add(placementId);
      await this.locks.run(REGISTRY_LOCK, () =>
        this.call(() => host.documentStore.update(registryChanges(registry, { remove: [placementId] }))),
      );
    });
  }

  /** Every placement with where it is now. */
  async list(): Promise<PlacementListing[]> {
    return (await this.listing()).placements;
  }

  /** Every placement with where it is now, and the stored records that could not be read: two host calls. */
  async listing(scope: JobScope = new JobScope()): Promise<{ placements: PlacementListing[]; damaged: DamagedRecord[] }> {
    const registry = await this.registry(scope);
    const layout = await this.startLayout(scope);
    const placements = registry.records.map((record): PlacementListing => {
      const area = layout.areas[record.placementId] ?? null;
      const sheetName = area ? (layout.sheets.find((s) => s.id === area.sheetId)?.name ?? null) : (record.sheetName ?? null);
      return { record, area, sheetName, rangeRef: area && sheetName !== null ? formatRangeRef(sheetName, area) : null };
    });
    return { placements, damaged: registry.damaged };
  }

  /** Select a placement's cells. */
  async goTo(placementId: string): Promise<GridRange> {
    const scope = new JobScope();
    const record = await this.record(scope, placementId);
    const area = (await this.startLayout(scope, [placementId])).areas[placementId] ?? null;
    if (!area) throw orphaned(record);
    await this.call(() => this.deps.host.select(area));
    return area;
  }

  /** The placement's current report definition (for Edit), read through connect-workbook (read access suffices). */
  async definition(placementId: string, opts: { signal?: CancelSignal } = {}): Promise<Report> {
    const scope = new JobScope();
    const record = await this.record(scope, placementId);
    const layout = await this.startLayout(scope, [placementId]);
    const body = this.connectBody(placementId, layout.areas[placementId] ?? null, layout);
    try {
      return await this.deps.reports.connectWorkbook(
        record.deploymentId,
        record.reportId,
        body,
        opts.signal ? { signal: opts.signal } : {},
      );
    } catch (e) {
      throw normalize(e, opts.signal);
    }
  }

  // ---------- phases ----------

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

  private async refreshNow(
    placementId: string,
    opts: RunOptions & { scope: JobScope },
    edit: { name: string; environmentId: string | undefined; draft: PlacementDraft; body: ReportUpsertBody } | null,
  ): Promise<PlacementOutcome> {
    const t0 = this.deps.clock.now();
    const { signal, scope } = opts;
    const record = await this.record(scope, placementId);
    try {
      throwIfAborted(signal);
      const layout = await this.startLayout(scope);
      const area = layout.areas[placementId] ?? null;
      if (!area) throw orphaned(record);
      opts.onPhase?.('running');
      // Connect first: confirms read access and returns the definition as it is now.
      const report = await this.deps.reports.connectWorkbook(
        record.deploymentId,
        record.reportId,
        this.connectBody(placementId, area, layout),
        signal ? { signal } : {},
      );
      throwIfAborted(signal);
      // An edit runs its own definition (titled as it will be saved); a refresh the one the platform has now.
      const definition: Report = edit
        ? {
            ...report,
            name: edit.name,
            sqlQuery: edit.draft.sqlQuery,
            jsonQuery: edit.draft.jsonQuery ?? null,
            pivotItems: edit.draft.pivotItems ? { ...report.pivotItems, ...edit.draft.pivotItems } : null,
            meta: edit.draft.meta ?? report.meta ?? null,
          }
        : report;
      const sql = definition.sqlQuery ?? '';
      if (sql.trim() === '')
        throw new AddinError('validation', `The report "${report.name}" has no SQL query on the platform. Edit it to add one.`);
      const environmentId = edit ? edit.environmentId : record.environmentId;
      const context: QueryContext = { deploymentId: record.deploymentId, ...(environmentId ? { environmentId } : {}) };
      const pivot: PivotSpec | null = edit ? (edit.draft.pivotItems ?? null) : (report.pivotItems ?? null);
      const fetched = await this.runAndLayOut(context, sql, pivot, definition, opts);
      await opts.checkpoint?.();
      throwIfAborted(signal);
      opts.onPhase?.('writing');
      const name = edit?.name ?? record.name;
      const commit = edit ? this.editCommit(record, report, edit.body, fetched, signal) : undefined;
      const written = await this.locks.run(WRITE_LOCK, () =>
        this.write({
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
        }),
      );
      const next: PlacementRecord = {
        ...record,
        name,
        ...this.writtenFields(written, fetched),
        refreshedAt: this.iso(),
      };
      if (environmentId) next.environmentId = environmentId;
      else delete next.environmentId;
      if (fetched.queryChecksum) next.queryChecksum = fetched.queryChecksum;
      else delete next.queryChecksum;
      delete next.lastError;
      const outcome = await this.finish(next, written, t0);
      scope.unsaved.set(placementId, next);
      return outcome;
    } catch (e) {
      const err = normalize(e, signal);
      // A refused edit changed nothing: the placement still holds its saved definition's result, so it is not marked failed.
      if (edit === null && !(isAddinError(err) && err.kind === 'cancelled')) this.recordFailure(scope, record, asAddinError(err));
      throw err;
    }
  }

  /** Fetch phase: run the query and lay the whole result out (titled as `report`'s members). Nothing touches the sheet. */
  private async runAndLayOut(
    context: QueryContext,
    sql: string,
    pivot: PivotSpec | null,
    report: Report,
    opts: RunOptions,
  ): Promise<Fetched> {
    const { signal } = opts;
    const runner = this.deps.queries(context);
    const { limits } = this.deps.host;
    const isPivot = pivot !== null && pivot.columns.length > 0;
    // A flat result is typed line by line as it arrives (the stream's rows are not kept).
    const flat = isPivot ? null : createFlatLayout();
    const result = await runner.run({
      ...(flat ? { sink: flat } : {}),
      query: sql,
      ...(this.deps.timezone ? { timezone: this.deps.timezone } : {}),
      ...(signal ? { signal } : {}),
      // A flat result that cannot fit the sheet stops streaming at once (a pivot's shape is known only once laid out).
      ...(isPivot ? {} : { budget: { maxRows: limits.maxRows - 1, maxCols: limits.maxCols } }),
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    });
    throwIfAborted(signal);
    const titles = await this.deps.titles?.(context, result, report);
    throwIfAborted(signal);
    const options = titles ? { titles } : undefined;
    const matrix: Matrix = isPivot
      ? buildPivotMatrix(result, pivot, options)
      : flat && result.sunk
        ? flat.finish(options)
        : buildFlatMatrix(result, options);
    const sunk = !isPivot && result.sunk === true;
    // A sunk result keeps no rows: its query rows are the flat matrix's data rows (one header row).
    const queryRows = sunk ? matrix.rows - matrix.headerRows : result.rows.length;
    return {
      matrix,
      layout: isPivot ? 'pivot' : 'flat',
      queryChecksum: report.currentQueryChecksum ?? undefined,
      truncatedAtDefaultCap: cutAtDefaultCap(queryRows, sql),
    };
  }

  /**
   * Write phase (caller holds the write lock): read the layout afresh, snapshot the target and the leftovers (the
   * snapshot also shows the user cells in the way), plan, then run the write transaction (rolled back on any failure).
   */
  private async write(args: WriteArgs): Promise<Written> {
    const { host } = this.deps;
    const { placementId, matrix, signal } = args;
    throwIfAborted(signal);
    const layout = await this.call(() => host.layout());
    args.scope.setLayout(layout);
    let previousArea: GridRange | null = null;
    let anchor: { sheetId: string; row: number; col: number };
    if (args.target === 'current') {
      previousArea = layout.areas[placementId] ?? null;
      if (!previousArea) throw orphaned({ name: args.name, placementId });
      anchor = { sheetId: previousArea.sheetId, row: previousArea.row, col: previousArea.col };
    } else anchor = args.target;
    const sheet = layout.sheets.find((s) => s.id === anchor.sheetId);
    if (!sheet) throw new AddinError('notFound', 'The target sheet no longer exists.');

    const newArea: GridRange = { sheetId: anchor.sheetId, row: anchor.row, col: anchor.col, rows: matrix.rows, cols: matrix.cols };
    const otherAreas = await this.otherAreas(args.scope, layout, placementId);
    const planInput = {
      sheetId: anchor.sheetId,
      anchor,
      newShape: { rows: matrix.rows, cols: matrix.cols },
      previousArea,
      otherAreas,
      limits: host.limits,
      overwrite: args.overwrite,
      name: args.name,
    };
    const inGrid =
      newArea.row + newArea.rows <= host.limits.maxRows &&
      newArea.col + newArea.cols <= host.limits.maxCols &&
      matrix.rows > 0 &&
      matrix.cols > 0;
    // Out of the grid (or empty): the plan refuses it before anything is read.
    if (!inGrid) planPlacement({ ...planInput, occupied: [] });
    const leftoverRanges = previousArea ? subtract(previousArea, newArea) : [];
    const snapshots = await readSnapshots([newArea, ...leftoverRanges], this.readLimits(), (bands) =>
      this.read(() => host.snapshot(bands)),
    );
    const [target, ...leftovers] = snapshots;
    if (!target) throw new AddinError('host', 'The spreadsheet returned no snapshot of the target cells.');
    // User cells: what the snapshot holds outside the placement's own cells, so its own data never hides a user cell.
    const probes = previousArea ? subtract(newArea, previousArea) : [newArea];
    const occupied = occupiedCells(target, probes, args.overwrite ? MAX_LISTED_CELLS : MAX_LISTED_CELLS + 1);
    const plan = inPlace(() => planPlacement({ ...planInput, occupied }), previousArea !== null, args.name);
    // The passes over every cell (the restyle, in steps, and the text checks at the plan's start) in tasks of their own.
    await this.deps.yieldToHost?.();

    const own: OwnArea | null = previousArea ? { area: previousArea, headerRows: args.previousHeaderRows } : null;
    const styled = own ? await this.inSteps(restyleSteps(matrix, target, own)) : matrix;
    await this.deps.yieldToHost?.();
    // Planned block by block with the host let in between (at once, a large result's plan froze the preview).
    const blocks: WriteBlock[] = [];
    for (const block of writeBlocks(styled, { sheetId: anchor.sheetId, row: anchor.row, col: anchor.col }, host.limits)) {
      blocks.push(block);
      await this.deps.yieldToHost?.();
    }
    throwIfAborted(signal);
    if (args.commit) await args.commit.save();
    try {
      await runWriteTransaction(host, this.mutate, {
        blocks,
        snapshots,
        leftovers,
        own,
        track: previousArea && sameRect(previousArea, plan.write) ? null : { placementId, range: plan.write },
        signal,
      });
    } catch (e) {
      // The cells are as they were: so is the saved definition (best effort; the error already says what failed).
      if (args.commit) await args.commit.restore().catch(() => undefined);
      throw e;
    }
    if (args.autofit) {
      // Best effort: the cells are written; a host that cannot fit the widths leaves them as they were.
      await this.call(() => host.autofitColumns(plan.write)).catch(() => undefined);
    }
    // A new placement is known to other jobs by its pending area until its record is saved.
    if (args.target !== 'current') this.pending.set(placementId, { ...plan.write, placementId, name: args.name });
    const areas = { ...layout.areas, [placementId]: plan.write };
    return { plan, sheetName: sheet.name, layout: { ...layout, areas } };
  }

  /** After a successful write: record the location on the platform (best effort; no signal: the cells are written). */
  private async finish(record: PlacementRecord, written: Written, t0: number): Promise<PlacementOutcome> {
    const area = written.plan.write;
    let syncError: AddinError | null = null;
    try {
      await this.deps.reports.connectWorkbook(
        record.deploymentId,
        record.reportId,
        this.connectBody(record.placementId, area, written.layout, written.sheetName),
      );
    } catch (e) {
      syncError = asAddinError(e);
    }
    return {
      placementId: record.placementId,
      reportId: record.reportId,
      publicId: record.publicId,
      areaRows: area.rows,
      cols: area.cols,
      headerRows: record.headerRows ?? 0,
      area,
      rangeRef: formatRangeRef(written.sheetName, area),
      elapsedMs: this.deps.clock.now() - t0,
      overwrittenCells: written.plan.overwritten.length,
      syncError,
      truncatedAtDefaultCap: record.truncatedAtDefaultCap === true,
    };
  }

  // ---------- helpers ----------

  /** Runs a stepped pass over a result's cells to its end, the host's page let in between two steps. */
  private async inSteps<T>(steps: Generator<void, T, void>): Promise<T> {
    for (;;) {
      const step = steps.next();
      if (step.done === true) return step.value;
      await this.deps.yieldToHost?.();
    }
  }

  /** The host's read limits; a host that yields reads at most a write's cells per call (one short task of its page each). */
  private readLimits(): Pick<SpreadsheetHost['limits'], 'maxCellsPerRead' | 'maxBytesPerRead'> {
    const { limits } = this.deps.host;
    if (!this.deps.yieldToHost) return limits;
    return { maxCellsPerRead: Math.min(limits.maxCellsPerRead, limits.maxCellsPerWrite), maxBytesPerRead: limits.maxBytesPerRead };
  }

  /** An edit's save and, should its cells then fail to write, the saved definition put back (the new checksum goes to `fetched`). */
  private editCommit(
    record: PlacementRecord,
    saved: Report,
    body: ReportUpsertBody,
    fetched: Fetched,
    signal: CancelSignal | undefined,
  ): NonNullable<WriteArgs['commit']> {
    const { reports } = this.deps;
    return {
      save: async () => {
        const report = await reports.upsertReport(record.deploymentId, record.publicId, body, signal ? { signal } : {});
        fetched.queryChecksum = report.currentQueryChecksum ?? undefined;
      },
      restore: async () => {
        await reports.upsertReport(record.deploymentId, record.publicId, savedBody(record.publicId, saved));
      },
    };
  }

  /** Saves `records` in one document write (the index too when a placement is new) and keeps the job's registry current. */
  private async save(scope: JobScope, records: readonly PlacementRecord[]): Promise<void> {
    await this.locks.run(REGISTRY_LOCK, async () => {
      const registry = await this.registry(scope);
      await this.call(() => this.deps.host.documentStore.update(registryChanges(registry, { put: records })));
      let next = registry.records;
      for (const r of records) next = withRecord(next, r);
      const order = [...registry.order];
      for (const r of records) if (!order.includes(r.placementId)) order.push(r.placementId);
      scope.setRegistry({ ...registry, records: next, order, legacy: false });
    });
    for (const r of records) this.pending.delete(r.placementId);
  }

  private registry(scope: JobScope): Promise<Registry> {
    return scope.registry(() => this.call(() => readRegistry(this.deps.host.documentStore)));
  }

  private startLayout(scope: JobScope, placementIds?: readonly string[]): Promise<WorkbookLayout> {
    return scope.layout(() => this.call(() => this.deps.host.layout(placementIds)));
  }

  private async record(scope: JobScope, placementId: string): Promise<PlacementRecord> {
    const registry = await this.registry(scope);
    const record = registry.records.find((r) => r.placementId === placementId);
    if (record) return record;
    const damaged = registry.damaged.find((d) => d.placementId === placementId);
    if (damaged) throw damagedRecord(damaged);
    throw new AddinError('notFound', 'This placement is no longer in the workbook list.', { data: { placementId } });
  }

  /** The other placements' areas as the layout has them (named from the registry), and those written but not yet saved. */
  private async otherAreas(scope: JobScope, layout: WorkbookLayout, placementId: string): Promise<PlacementArea[]> {
    const out: PlacementArea[] = [];
    for (const r of (await this.registry(scope)).records) {
      if (r.placementId === placementId || this.pending.has(r.placementId)) continue;
      const area = layout.areas[r.placementId];
      if (area) out.push({ ...area, placementId: r.placementId, name: r.name });
    }
    for (const [id, a] of this.pending) if (id !== placementId) out.push(a);
    return out;
  }

  /** Keeps the failure on the record, saved with the job's other records. */
  private recordFailure(scope: JobScope, record: PlacementRecord, error: AddinError): void {
    const current = scope.unsaved.get(record.placementId) ?? record;
    scope.unsaved.set(record.placementId, { ...current, lastError: { kind: error.kind, message: error.message, at: this.iso() } });
  }

  private connectBody(placementId: string, area: GridRange | null, layout: WorkbookLayout, knownSheetName?: string): ConnectWorkbookBody {
    const wb = layout.workbook;
    const body: ConnectWorkbookBody = { externalWorkbookId: wb.id, placementId, workbookName: wb.name };
    if (!area) return body;
    const sheetName = knownSheetName ?? layout.sheets.find((s) => s.id === area.sheetId)?.name;
    body.sheetId = area.sheetId;
    if (sheetName !== undefined) body.sheetName = sheetName;
    body.resultLocation = formatRangeRef(sheetName ?? null, area);
    body.anchorCell = formatCellRef(area.row, area.col);
    body.endResultCell = formatCellRef(area.row + area.rows - 1, area.col + area.cols - 1);
    return body;
  }

  /** The record fields that say where a result was written and what it holds (set at insert, renewed at refresh). */
  private writtenFields(
    written: Written,
    fetched: Fetched,
  ): Pick<
    PlacementRecord,
    'sheetId' | 'sheetName' | 'anchor' | 'area' | 'areaRows' | 'cols' | 'headerRows' | 'layout' | 'truncatedAtDefaultCap'
  > {
    const at = written.plan.write;
    return {
      truncatedAtDefaultCap: fetched.truncatedAtDefaultCap,
      sheetId: at.sheetId,
      sheetName: written.sheetName,
      anchor: { row: at.row, col: at.col },
      area: this.rect(at),
      areaRows: fetched.matrix.rows,
      cols: fetched.matrix.cols,
      headerRows: fetched.matrix.headerRows,
      layout: fetched.layout,
    };
  }

  private rect(r: GridRange): PlacementRecord['area'] {
    return { row: r.row, col: r.col, rows: r.rows, cols: r.cols };
  }

  private iso(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}

/** The upsert body that puts `report`'s saved definition back. */
function savedBody(publicId: string, report: Report): ReportUpsertBody {
  return {
    publicId,
    name: report.name,
    sqlQuery: report.sqlQuery ?? '',
    description: report.description ?? '',
    ...(report.jsonQuery ? { jsonQuery: report.jsonQuery } : {}),
    ...(report.meta ? { meta: report.meta } : {}),
    pivotItems: pivotBody(report.pivotItems ?? { rows: [], columns: [], measures: [], filters: [] }),
  };
}

/**
 * Plans a placement; a placed report that no longer fits where it is gets a message naming what the user can do there
 * (Refresh and Edit have no cell picker: clear the cells in the way, or remove the report and insert it elsewhere).
 */
function inPlace(plan: () => PlacementPlan, placed: boolean, name: string): PlacementPlan {
  try {
    return plan();
  } catch (e) {
    if (!placed || !isAddinError(e) || e.kind !== 'blocked') throw e;
    const cells = Array.isArray(e.data.cells) ? e.data.cells.filter((c): c is string => typeof c === 'string') : [];
    const total = typeof e.data.total === 'number' ? e.data.total : cells.length;
    const shown = cells.slice(0, 3).join(', ') + (total > 3 ? ` and ${total - 3} more` : '');
    const what =
      e.data.otherPlacement === true
        ? `another placed report is at ${shown}`
        : `${total === 1 ? 'cell' : 'cells'} ${shown} ${total === 1 ? 'is' : 'are'} not empty`;
    const fix =
      e.data.otherPlacement === true ? 'Move or remove the other report' : `Clear or move ${total === 1 ? 'that cell' : 'those cells'}`;
    return failWith(
      new AddinError(
        'blocked',
        `The new result of "${name}" needs more room where it is, but ${what}. Nothing was changed. ${fix}, then try again; or remove "${name}" from the list and insert it at another cell.`,
        { cause: e, data: { ...e.data, inPlace: true } },
      ),
    );
  }
}

function failWith(e: AddinError): never {
  throw e;
}
