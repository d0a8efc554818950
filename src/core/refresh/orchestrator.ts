/** The Orchestrator: inserts, refreshes, edits and removes placed reports, all-or-nothing on the cells, one write at a time. */
import { AddinError, cancelledError, isAddinError } from '../wire/errors';
import { mintPublicId } from '../api/public-id';
import type { QueryProgress, QueryResult, QueryRunner } from '../api/query-result';
import type { ConnectWorkbookBody, PivotItems, Report, ReportUpsertBody } from '../wire/schemas';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { Clock } from '../runtime/clock';
import { formatCellRef, formatRangeRef } from '../cells/a1';
import { buildFlatMatrix } from '../cells/flat-layout';
import type { Matrix } from '../cells/matrix';
import { buildPivotMatrix } from '../cells/pivot-layout';
import { planWriteBlocks } from '../cells/write-plan';
import type { CellSnapshot, GridRange, SpreadsheetHost, WorkbookIdentity } from '../host';
import { subtract } from './grid-rect';
import { headerRowsOf, loadRegistry, saveRegistry, withRecord, withoutRecord, type PlacementRecord } from './placement-record';
import { MAX_LISTED_CELLS, planPlacement, type PlacementArea, type PlacementPlan } from './planner';
import { SerialQueue } from './serial-queue';
import { restyleForWrite, restyleLeftover, type OwnArea } from './restyle';

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
  clock: Pick<Clock, 'now'>;
  randomBytes: (n: number) => Uint8Array;
  /** IANA time zone sent with every query. */
  timezone?: string;
  /**
   * Header titles (flat and pivot), by column or member name (member-match rules), for a result of `report`'s definition;
   * undefined keeps the column names. It may fetch (the service reads the environment's metadata) but should not fail.
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
}

export interface InsertOptions extends RunOptions {
  /** Overwrite user cells in the target (other placements always block). */
  overwrite?: boolean;
}

export interface PlacementOutcome {
  placementId: string;
  reportId: number;
  publicId: string;
  /** Rows and columns written (the area's size: header rows included). */
  rows: number;
  cols: number;
  /** Leading rows of `rows` that are headers (1 for a flat table, Columns members + 1 for a pivot). */
  headerRows: number;
  area: GridRange;
  /** "'My Sheet'!B2:D20" */
  rangeRef: string;
  elapsedMs: number;
  /** User cells the insert overwrote (with `overwrite`). */
  overwrittenCells: number;
  /** The cells were written but recording the new location on the platform failed; the next refresh records it again. */
  syncError: AddinError | null;
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
}

interface WriteArgs {
  placementId: string;
  name: string;
  /** Where to write: the insert target, or the placement's current area's top-left (read under the write lock). */
  target: { sheetId: string; row: number; col: number } | 'current';
  matrix: Matrix;
  overwrite: boolean;
  signal: CancelSignal | undefined;
  /** Header rows of the placement's previous write (target 'current'; the add-in made them bold); 0 for an insert. */
  previousHeaderRows: number;
}

interface Written {
  plan: PlacementPlan;
  sheetName: string;
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
    const name = draft.name.trim();
    if (draft.deploymentId.trim() === '') throw new AddinError('validation', 'Choose a deployment first.');
    if (name === '') throw new AddinError('validation', 'Give the report a name.');
    if (draft.sqlQuery.trim() === '') throw new AddinError('validation', 'The report has no query: build one or write SQL.');
    if (!(await host.sheets()).some((s) => s.id === anchor.sheetId))
      throw new AddinError('notFound', 'The target sheet no longer exists. Select a cell and try again.');
    throwIfAborted(signal);

    const publicId = mintPublicId(this.deps.randomBytes);
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
      const report = await reports.upsertReport(draft.deploymentId, publicId, body, signal ? { signal } : {});
      throwIfAborted(signal);
      const definition: Report = { ...report, meta: report.meta ?? draft.meta ?? null };
      const fetched = await this.fetch(context, draft.sqlQuery, draft.pivotItems ?? null, definition, opts);
      opts.onPhase?.('writing');
      const written = await this.locks.run(WRITE_LOCK, () =>
        this.write({
          placementId,
          name,
          target: anchor,
          matrix: fetched.matrix,
          overwrite: opts.overwrite ?? false,
          signal,
          previousHeaderRows: 0,
        }),
      );
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
      return await this.finish(record, written, t0);
    } catch (e) {
      throw normalize(e, signal);
    } finally {
      this.pending.delete(placementId);
    }
  }

  /** Re-run a placement's current definition and write it where its cells are now. */
  refresh(placementId: string, opts: RunOptions = {}): Promise<PlacementOutcome> {
    return this.perPlacement.run(placementId, () => this.refreshNow(placementId, opts, null));
  }

  /** Save an edited definition (same publicId), then refresh the placement with it. */
  update(placementId: string, draft: PlacementDraft, opts: RunOptions = {}): Promise<PlacementOutcome> {
    return this.perPlacement.run(placementId, async () => {
      const record = await this.record(placementId);
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
      try {
        await this.deps.reports.upsertReport(record.deploymentId, record.publicId, body, opts.signal ? { signal: opts.signal } : {});
      } catch (e) {
        throw normalize(e, opts.signal);
      }
      return this.refreshNow(placementId, opts, { name, environmentId: draft.environmentId ?? record.environmentId });
    });
  }

  /** Forget a placement (optionally clearing its cells); the report stays on the platform. */
  remove(placementId: string, opts: { clearCells: boolean }): Promise<void> {
    return this.perPlacement.run(placementId, async () => {
      const record = await this.record(placementId);
      await this.locks.run(WRITE_LOCK, async () => {
        const area = await this.deps.host.trackedArea(placementId);
        if (opts.clearCells && area) await this.clearOwn(await this.deps.host.snapshot(area), { area, headerRows: headerRowsOf(record) });
        await this.deps.host.untrack(placementId);
      });
      await this.locks.run(REGISTRY_LOCK, async () => {
        const records = await loadRegistry(this.deps.host.document);
        await saveRegistry(this.deps.host.document, withoutRecord(records, placementId));
      });
    });
  }

  /** Every placement with where it is now. */
  async list(): Promise<PlacementListing[]> {
    const records = await loadRegistry(this.deps.host.document);
    const sheets = await this.deps.host.sheets();
    const out: PlacementListing[] = [];
    for (const record of records) {
      const area = await this.deps.host.trackedArea(record.placementId);
      const sheetName = area ? (sheets.find((s) => s.id === area.sheetId)?.name ?? null) : (record.sheetName ?? null);
      out.push({ record, area, sheetName, rangeRef: area && sheetName !== null ? formatRangeRef(sheetName, area) : null });
    }
    return out;
  }

  /** Select a placement's cells. */
  async goTo(placementId: string): Promise<GridRange> {
    const record = await this.record(placementId);
    const area = await this.deps.host.trackedArea(placementId);
    if (!area) throw orphaned(record);
    await this.deps.host.select(area);
    return area;
  }

  /** The placement's current report definition (for Edit), read through connect-workbook (read access suffices). */
  async definition(placementId: string, opts: { signal?: CancelSignal } = {}): Promise<Report> {
    const record = await this.record(placementId);
    const area = await this.deps.host.trackedArea(placementId);
    const body = await this.connectBody(placementId, area);
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

  private async refreshNow(
    placementId: string,
    opts: RunOptions,
    edit: { name: string; environmentId: string | undefined } | null,
  ): Promise<PlacementOutcome> {
    const t0 = this.deps.clock.now();
    const { signal } = opts;
    const record = await this.record(placementId);
    try {
      throwIfAborted(signal);
      const area = await this.deps.host.trackedArea(placementId);
      if (!area) throw orphaned(record);
      opts.onPhase?.('running');
      // Connect first: confirms read access and returns the definition as it is now.
      const report = await this.deps.reports.connectWorkbook(
        record.deploymentId,
        record.reportId,
        await this.connectBody(placementId, area),
        signal ? { signal } : {},
      );
      throwIfAborted(signal);
      const sql = report.sqlQuery ?? '';
      if (sql.trim() === '')
        throw new AddinError('validation', `The report "${report.name}" has no SQL query on the platform. Edit it to add one.`);
      const environmentId = edit ? edit.environmentId : record.environmentId;
      const context: QueryContext = { deploymentId: record.deploymentId, ...(environmentId ? { environmentId } : {}) };
      const fetched = await this.fetch(context, sql, report.pivotItems ?? null, report, opts);
      opts.onPhase?.('writing');
      const name = edit?.name ?? record.name;
      const written = await this.locks.run(WRITE_LOCK, () =>
        this.write({
          placementId,
          name,
          target: 'current',
          matrix: fetched.matrix,
          overwrite: false,
          signal,
          previousHeaderRows: headerRowsOf(record),
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
      return await this.finish(next, written, t0);
    } catch (e) {
      const err = normalize(e, signal);
      if (!(isAddinError(err) && err.kind === 'cancelled')) await this.recordFailure(placementId, asAddinError(err));
      throw err;
    }
  }

  /** Fetch phase: run the query and lay the whole result out (titled as `report`'s members). Nothing touches the sheet. */
  private async fetch(context: QueryContext, sql: string, pivot: PivotSpec | null, report: Report, opts: RunOptions): Promise<Fetched> {
    const { signal } = opts;
    const runner = this.deps.queries(context);
    const { limits } = this.deps.host;
    const isPivot = pivot !== null && pivot.columns.length > 0;
    const result = await runner.run({
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
    const matrix: Matrix = isPivot ? buildPivotMatrix(result, pivot, options) : buildFlatMatrix(result, options);
    return { matrix, layout: isPivot ? 'pivot' : 'flat', queryChecksum: report.currentQueryChecksum ?? undefined };
  }

  /** Write phase (caller holds the write lock): plan, snapshot, write, clear leftovers, track; roll back on any failure. */
  private async write(args: WriteArgs): Promise<Written> {
    const { host } = this.deps;
    const { placementId, matrix, signal } = args;
    throwIfAborted(signal);
    let previousArea: GridRange | null = null;
    let anchor: { sheetId: string; row: number; col: number };
    if (args.target === 'current') {
      previousArea = await host.trackedArea(placementId);
      if (!previousArea) throw orphaned({ name: args.name, placementId });
      anchor = { sheetId: previousArea.sheetId, row: previousArea.row, col: previousArea.col };
    } else anchor = args.target;
    const sheet = (await host.sheets()).find((s) => s.id === anchor.sheetId);
    if (!sheet) throw new AddinError('notFound', 'The target sheet no longer exists.');

    const newArea: GridRange = { sheetId: anchor.sheetId, row: anchor.row, col: anchor.col, rows: matrix.rows, cols: matrix.cols };
    const otherAreas = await this.otherAreas(placementId);
    // Probe only outside the placement's own cells, so its own data never hides a user cell.
    const occupied: Array<{ row: number; col: number }> = [];
    const inGrid =
      newArea.row + newArea.rows <= host.limits.maxRows &&
      newArea.col + newArea.cols <= host.limits.maxCols &&
      matrix.rows > 0 &&
      matrix.cols > 0;
    if (inGrid) {
      const probes = previousArea ? subtract(newArea, previousArea) : [newArea];
      for (const p of probes) occupied.push(...(await host.occupiedCells(p, args.overwrite ? MAX_LISTED_CELLS : MAX_LISTED_CELLS + 1)));
    }
    const plan = planPlacement({
      sheetId: anchor.sheetId,
      anchor,
      newShape: { rows: matrix.rows, cols: matrix.cols },
      previousArea,
      occupied,
      otherAreas,
      limits: host.limits,
      overwrite: args.overwrite,
      name: args.name,
    });
    throwIfAborted(signal);

    const snapshots: CellSnapshot[] = [];
    for (const r of [plan.write, ...plan.clear]) snapshots.push(await host.snapshot(r));
    const [target, ...leftovers] = snapshots;
    const own: OwnArea | null = previousArea ? { area: previousArea, headerRows: args.previousHeaderRows } : null;
    const styled = target && own ? restyleForWrite(matrix, target, own) : matrix;
    const blocks = planWriteBlocks(styled, { sheetId: anchor.sheetId, row: anchor.row, col: anchor.col }, host.limits);
    let touched = false;
    try {
      for (const block of blocks) {
        throwIfAborted(signal);
        touched = true;
        await host.writeBlock(block);
      }
      for (const leftover of leftovers) {
        touched = true;
        await this.clearOwn(leftover, own);
      }
      await host.trackArea(placementId, plan.write);
    } catch (e) {
      if (touched) await this.rollback(snapshots, e);
      throw e;
    }
    this.pending.set(placementId, { ...plan.write, placementId, name: args.name });
    return { plan, sheetName: sheet.name };
  }

  /** Clear the contents of the placement's cells in `cells` (its snapshot), then put the add-in's own formats and header bold there back to plain. */
  private async clearOwn(cells: CellSnapshot, own: OwnArea | null): Promise<void> {
    const { host } = this.deps;
    await host.clear(cells.range);
    const plain = own ? restyleLeftover(cells, own) : null;
    if (plain) for (const block of planWriteBlocks(plain, cells.range, host.limits)) await host.writeBlock(block);
  }

  /** Write every snapshot back: values, formats and, when the host read it, bold (a failed write may have bolded header cells); a failure here is reported as such. */
  private async rollback(snapshots: CellSnapshot[], original: unknown): Promise<void> {
    const { host } = this.deps;
    try {
      for (const s of snapshots) {
        const m: Matrix = {
          rows: s.range.rows,
          cols: s.range.cols,
          values: s.values,
          formats: s.formats,
          headerRows: 0,
          ...(s.bold ? { bold: s.bold } : {}),
        };
        for (const block of planWriteBlocks(m, s.range, host.limits)) await host.writeBlock(block);
      }
    } catch (e) {
      const first = original instanceof Error ? original.message : String(original);
      throw new AddinError(
        'host',
        `Writing failed, and the cells could not all be put back as they were. Check the area and refresh again. (${first})`,
        {
          cause: e,
          detail: e instanceof Error ? e.message : String(e),
          data: { rollbackFailed: true },
        },
      );
    }
  }

  /** After a successful write: record the location on the platform (best effort) and save the registry. */
  private async finish(record: PlacementRecord, written: Written, t0: number): Promise<PlacementOutcome> {
    const area = written.plan.write;
    let syncError: AddinError | null = null;
    try {
      // No signal: the cells are written, the location must be recorded.
      await this.deps.reports.connectWorkbook(
        record.deploymentId,
        record.reportId,
        await this.connectBody(record.placementId, area, written.sheetName),
      );
    } catch (e) {
      syncError = asAddinError(e);
    }
    await this.locks.run(REGISTRY_LOCK, async () => {
      const records = await loadRegistry(this.deps.host.document);
      await saveRegistry(this.deps.host.document, withRecord(records, record));
    });
    this.pending.delete(record.placementId);
    return {
      placementId: record.placementId,
      reportId: record.reportId,
      publicId: record.publicId,
      rows: area.rows,
      cols: area.cols,
      headerRows: record.headerRows ?? 0,
      area,
      rangeRef: formatRangeRef(written.sheetName, area),
      elapsedMs: this.deps.clock.now() - t0,
      overwrittenCells: written.plan.overwritten.length,
      syncError,
    };
  }

  // ---------- helpers ----------

  private async record(placementId: string): Promise<PlacementRecord> {
    const record = (await loadRegistry(this.deps.host.document)).find((r) => r.placementId === placementId);
    if (!record) throw new AddinError('notFound', 'This placement is no longer in the workbook list.', { data: { placementId } });
    return record;
  }

  private async otherAreas(placementId: string): Promise<PlacementArea[]> {
    const out: PlacementArea[] = [];
    for (const r of await loadRegistry(this.deps.host.document)) {
      if (r.placementId === placementId || this.pending.has(r.placementId)) continue;
      const area = await this.deps.host.trackedArea(r.placementId);
      if (area) out.push({ ...area, placementId: r.placementId, name: r.name });
    }
    for (const [id, a] of this.pending) if (id !== placementId) out.push(a);
    return out;
  }

  private async recordFailure(placementId: string, error: AddinError): Promise<void> {
    await this.locks.run(REGISTRY_LOCK, async () => {
      const records = await loadRegistry(this.deps.host.document);
      const current = records.find((r) => r.placementId === placementId);
      if (!current) return;
      await saveRegistry(
        this.deps.host.document,
        withRecord(records, { ...current, lastError: { kind: error.kind, message: error.message, at: this.iso() } }),
      );
    });
  }

  private async connectBody(placementId: string, area: GridRange | null, knownSheetName?: string): Promise<ConnectWorkbookBody> {
    const wb: WorkbookIdentity = await this.deps.host.workbook();
    const body: ConnectWorkbookBody = { externalWorkbookId: wb.id, placementId, workbookName: wb.name };
    if (!area) return body;
    const sheetName = knownSheetName ?? (await this.deps.host.sheets()).find((s) => s.id === area.sheetId)?.name;
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
  ): Pick<PlacementRecord, 'sheetId' | 'sheetName' | 'anchor' | 'area' | 'rows' | 'cols' | 'headerRows' | 'layout'> {
    const at = written.plan.write;
    return {
      sheetId: at.sheetId,
      sheetName: written.sheetName,
      anchor: { row: at.row, col: at.col },
      area: this.rect(at),
      rows: fetched.matrix.rows,
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
