/**
 * Named fakes for orchestrator tests: a recording ReportsApi, a table-backed QueryRunner, a clock and random bytes.
 * The QueryRunner can fail or hang.
 */
import type { CancelSignal } from '../../../src/core/runtime/cancel-signal';
import { AddinError, cancelledError } from '../../../src/core/errors/addin-error';
import type { QueryResult, QueryRunner, QueryRunOptions } from '../../../src/core/api/query-result';
import {
  connectWorkbookBodySchema,
  reportSchema,
  reportUpsertBodySchema,
  type ConnectWorkbookBody,
  type Report,
  type ReportUpsertBody,
  type StreamColumn,
  type StreamValue,
} from '../../../src/core/wire/schemas';
import type { HostLimits } from '../../../src/core/host';
import { MemoryHost, type MemoryHostOptions } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import { Orchestrator } from '../../../src/core/placements/orchestrator';
import type { OrchestratorDeps, QueryContext, ReportsApi } from '../../../src/core/placements/placement-types';

export interface Table {
  columns: StreamColumn[];
  rows: StreamValue[][];
}

/** A flat table from column names (all String except names ending in `_n`, which are Int64) and rows. */
export function table(names: string[], rows: StreamValue[][]): Table {
  return { columns: names.map((name) => ({ name, column_type: name.endsWith('_n') ? 'Int64' : 'String' })), rows };
}

/** n rows of [`k<i>`, `<i>`] with columns key, value_n. */
export function numbered(n: number, prefix = 'k'): Table {
  return table(
    ['key', 'value_n'],
    Array.from({ length: n }, (_, i) => [`${prefix}${i}`, String(i)]),
  );
}

export type ReportsCall =
  | { method: 'upsertReport'; deploymentId: string; publicId: string; body: ReportUpsertBody }
  | { method: 'connectWorkbook'; deploymentId: string; reportId: number; body: ConnectWorkbookBody };

/** Keeps reports by publicId like the platform; every answer is parsed by reportSchema. */
export class FakeReports implements ReportsApi {
  readonly calls: ReportsCall[] = [];
  private readonly byPublicId = new Map<string, Record<string, unknown>>();
  private nextId = 100;
  /** Scripted outcomes of the next connectWorkbook calls: an error fails that call, null lets it through. */
  failConnect: Array<AddinError | null> = [];
  /** Another writer deletes the report and creates it again under a new id while the next upsert runs. */
  recreateOnNextUpsert = false;

  async upsertReport(deploymentId: string, publicId: string, body: ReportUpsertBody, opts?: { signal?: CancelSignal }): Promise<Report> {
    if (opts?.signal?.cancelled) throw cancelledError();
    reportUpsertBodySchema.parse(body);
    this.calls.push({ method: 'upsertReport', deploymentId, publicId, body });
    const existing = this.byPublicId.get(publicId);
    if (existing && this.recreateOnNextUpsert) {
      this.recreateOnNextUpsert = false;
      existing.id = this.nextId++;
    }
    const next: Record<string, unknown> = existing
      ? { ...existing, ...body, source: existing.source }
      : { id: this.nextId++, deploymentId: Number(deploymentId), type: 'REPORT', canEdit: true, externalWorkbookPlacements: [], ...body };
    next.currentQueryChecksum = `sum:${String(next.sqlQuery ?? '')}`;
    this.byPublicId.set(publicId, next);
    return reportSchema.parse(next);
  }

  async connectWorkbook(
    deploymentId: string,
    reportId: number,
    body: ConnectWorkbookBody,
    opts?: { signal?: CancelSignal },
  ): Promise<Report> {
    if (opts?.signal?.cancelled) throw cancelledError();
    connectWorkbookBodySchema.parse(body);
    this.calls.push({ method: 'connectWorkbook', deploymentId, reportId, body });
    const failure = this.failConnect.shift();
    if (failure) throw failure;
    const report = [...this.byPublicId.values()].find((r) => r.id === reportId);
    if (!report) throw new AddinError('notFound', 'Report not found.', { status: 404 });
    // One placement per workbook and placement id, as the platform keeps them (a copied workbook's are its own).
    const placements = (report.externalWorkbookPlacements as Record<string, unknown>[]).filter(
      (p) => p.id !== body.placementId || p.workbookId !== body.externalWorkbookId,
    );
    placements.push({
      id: body.placementId,
      host: 'SPREADSHEET_1',
      workbookId: body.externalWorkbookId,
      ...body,
      syncStatus: 'UP_TO_DATE',
    });
    report.externalWorkbookPlacements = placements;
    return reportSchema.parse(report);
  }

  /** Edit a report behind the add-in's back (another user, the platform UI). */
  editSql(reportId: number, sqlQuery: string): void {
    const r = [...this.byPublicId.values()].find((x) => x.id === reportId);
    if (!r) throw new Error('no such report');
    r.sqlQuery = sqlQuery;
    r.currentQueryChecksum = `sum:${sqlQuery}`;
  }

  /** Change fields of a report behind the add-in's back (its meta, who refreshed it). */
  editReport(reportId: number, fields: Record<string, unknown>): void {
    const r = [...this.byPublicId.values()].find((x) => x.id === reportId);
    if (!r) throw new Error('no such report');
    Object.assign(r, fields);
  }

  connects(): Extract<ReportsCall, { method: 'connectWorkbook' }>[] {
    return this.calls.filter((c): c is Extract<ReportsCall, { method: 'connectWorkbook' }> => c.method === 'connectWorkbook');
  }
}

type Behaviour = { kind: 'table'; table: Table } | { kind: 'failMidway'; table: Table; afterRows: number } | { kind: 'hang' };

/** Answers SQL text from registered tables; counts queries in flight. */
export class FakeQueries {
  readonly calls: Array<{ context: QueryContext; query: string; timezone: string | undefined; budget?: QueryRunOptions['budget'] }> = [];
  inFlight = 0;
  maxInFlight = 0;
  private readonly behaviours = new Map<string, Behaviour>();
  /** Microtask turns each query takes, so concurrent queries overlap. */
  turns = 5;
  /** Hand the rows to a run's sink as the real QueryClient does (the result then keeps none), instead of returning them. */
  useSink = false;
  /** Rows handed to a sink at a time. */
  sinkBatch = 1000;
  /** Rows handed to sinks so far. */
  rowsHanded = 0;
  /** The wait between two batches handed to a sink (a network's: a microtask turn unless a test sets a longer one). */
  batchGap: () => Promise<void> = () => Promise.resolve();

  set(sql: string, t: Table): this {
    this.behaviours.set(sql, { kind: 'table', table: t });
    return this;
  }

  /** The query reports some rows, then the stream ends with an error line. */
  failMidway(sql: string, t: Table, afterRows: number): this {
    this.behaviours.set(sql, { kind: 'failMidway', table: t, afterRows });
    return this;
  }

  /** The query never answers; it rejects when its signal aborts. */
  hang(sql: string): this {
    this.behaviours.set(sql, { kind: 'hang' });
    return this;
  }

  readonly runnerFor = (context: QueryContext): QueryRunner => ({ run: (o) => this.run(context, o) });

  /**
   * Hands `rows` to the run's sink `sinkBatch` at a time, `batchGap` between two (as lines arrive from a network),
   * stopping when the run's signal trips.
   */
  private async stream(columns: Table['columns'], rows: Table['rows'], o: QueryRunOptions): Promise<void> {
    const sink = o.sink;
    if (!sink) return;
    sink.header(columns);
    for (let i = 0; i < rows.length; i += this.sinkBatch) {
      await this.batchGap();
      if (o.signal?.cancelled) throw cancelledError();
      const batch = rows.slice(i, i + this.sinkBatch);
      this.rowsHanded += batch.length;
      sink.add(batch);
    }
  }

  private async run(context: QueryContext, o: QueryRunOptions): Promise<QueryResult> {
    this.calls.push({ context, query: o.query, timezone: o.timezone, ...(o.budget === undefined ? {} : { budget: o.budget }) });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      for (let i = 0; i < this.turns; i += 1) await Promise.resolve();
      if (o.signal?.cancelled) throw cancelledError();
      const b = this.behaviours.get(o.query);
      if (!b) throw new AddinError('query', `Unknown table in: ${o.query}`);
      if (b.kind === 'hang') {
        await new Promise<never>((_, reject) => {
          if (o.signal?.cancelled) reject(cancelledError());
          o.signal?.onCancel(() => reject(cancelledError()));
        });
      }
      if (b.kind === 'failMidway') {
        o.onProgress?.({ rows: b.afterRows, bytes: 100, elapsedMs: 1 });
        if (this.useSink && o.sink) await this.stream(b.table.columns, b.table.rows.slice(0, b.afterRows), o);
        throw new AddinError('query', 'The query failed while sending results: connection reset. Nothing was changed.', {
          data: { discardedRows: b.afterRows },
        });
      }
      const t = (b as { table: Table }).table;
      o.onProgress?.({ rows: t.rows.length, bytes: 100, elapsedMs: 1 });
      if (this.useSink && o.sink) {
        await this.stream(t.columns, t.rows, o);
        return { columns: t.columns, rows: [], sunk: true, bytes: 100, elapsedMs: 1 };
      }
      return { columns: t.columns, rows: t.rows, bytes: 100, elapsedMs: 1 };
    } finally {
      this.inFlight -= 1;
    }
  }
}

export function fakeClock(start = Date.UTC(2025, 0, 15, 9, 0, 0)): { now(): number; sleep(): Promise<void> } {
  let t = start;
  return {
    now: () => (t += 1000),
    sleep: async () => undefined,
  };
}

/** Deterministic bytes: a counter, so every minted id differs. */
export function countingBytes(): (n: number) => Uint8Array {
  let k = 0;
  return (n) => Uint8Array.from({ length: n }, () => (k++ * 37 + 11) % 256);
}

export interface Rig {
  model: WorkbookModel;
  host: MemoryHost;
  sheet: string;
  reports: FakeReports;
  queries: FakeQueries;
  orch: Orchestrator;
}

export function rig(
  limits: Partial<HostLimits> = {},
  deps: Partial<Pick<OrchestratorDeps, 'titles' | 'yieldToHost' | 'undo' | 'parameters' | 'noteTime'>> = {},
  hostOptions: Pick<MemoryHostOptions, 'notesUnsupported' | 'streamsWrites'> = {},
): Rig {
  const model = new WorkbookModel({ name: 'Plan.xlsx' });
  const host = new MemoryHost(model, { limits, mintWorkbookId: () => 'wb-test-1', ...hostOptions });
  const reports = new FakeReports();
  const queries = new FakeQueries();
  const orch = new Orchestrator({
    host,
    reports,
    queries: queries.runnerFor,
    clock: fakeClock(),
    randomBytes: countingBytes(),
    timezone: 'Europe/Paris',
    ...deps,
  });
  return { model, host, sheet: model.sheets()[0]!.id, reports, queries, orch };
}

/** A draft for `sql` in deployment 7. */
export function draft(sql: string, name = 'Orders'): { deploymentId: string; environmentId: string; name: string; sqlQuery: string } {
  return { deploymentId: '7', environmentId: '3', name, sqlQuery: sql };
}

/** The cells (not settings) of the model, for before/after comparison. */
export function cells(model: WorkbookModel): unknown {
  const j = model.toJSON();
  return { sheets: j.sheets, areas: j.areas };
}
