/**
 * The query API (`POST {deploymentUrl}/svcjs-api/v1/svcsql`): runs the SQL on DuckDB over the semantic model and
 * streams the header line (column types, and the format of each measure column), then `{"data":[...]}` lines read
 * from DuckDB chunk by chunk while the client reads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  StatementType,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBResult,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { CONTINUE_WAIT_TEXT, REQUEST_ID_HEADER } from '../../src/core/wire/wire-names';
import { columnTypeOf } from './column-types';
import type { QueryFaults } from './query-faults';
import { ParkedQueries } from './parked-queries';
import { refusedName, refusedNameMessage } from './query-sandbox';
import { parseQueryRequest, QueryRequestError, readQueryBody } from './query-request';
import { spanIdOf } from './query-spans';
import { columnFormats } from './result-column-formats';
import { hasExplicitLimit, rewriteMeasures, SqlRewriteError } from './sql-rewrite';
import { jsonRowsQuery } from './sql-row-encoding';
import { endsWithMarker, withEndMarker } from './stream-end-marker';
import { cellEncoder } from './value-encoding';
import { UnknownTimezoneError, type Warehouse } from './warehouse';

export type AuthVerdict = 'ok' | 'missing' | 'invalid';

/** Rows of a query without its own LIMIT (the platform's default cap; an explicit LIMIT streams everything asked). */
export const DEFAULT_ROW_CAP = 10_000;
/** Rows per data line at most: one DuckDB vector. */
export const MAX_ROWS_PER_LINE = 2048;
/** Default hold before a slow query answers Continue wait (when the client asks for it). */
export const DEFAULT_CONTINUE_WAIT_HOLD_MS = 10_000;

export interface SqlQueryContext {
  warehouse: Warehouse;
  deploymentId: string;
  authorize: (authorizationHeader: string | undefined) => AuthVerdict;
  /** Parsed `x-fault` header when the platform runs with --faults, else null. */
  faults: QueryFaults | null;
  /** How long a query may go without a first chunk before `throwContinueWait` answers Continue wait. */
  continueWaitHoldMs: number;
  /** Reads and JSON-parses the body; defaults to readQueryBody. A thrown `{status}` keeps that status. */
  readBody?: (req: IncomingMessage) => Promise<unknown>;
  /** Cap for queries without a top-level LIMIT; null disables it. Default DEFAULT_ROW_CAP. */
  rowCap?: number | null;
  /** Rows per data line at most. Default MAX_ROWS_PER_LINE. */
  maxRowsPerLine?: number;
}

const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function statusOf(e: unknown): number {
  const s = typeof e === 'object' && e !== null ? (e as { status?: unknown }).status : undefined;
  return typeof s === 'number' && s >= 400 && s < 500 ? s : 400;
}

/** One response's stream: lazy 200 head, backpressure-aware writes, and knowledge of a client that went away. */
class ResponseStream {
  closed = false;
  private headSent = false;
  private readonly closeListeners: Array<() => void> = [];

  constructor(
    private readonly res: ServerResponse,
    private readonly requestId: string | undefined,
  ) {
    res.on('close', () => {
      this.closed = true;
      for (const l of this.closeListeners.splice(0)) l();
    });
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  get started(): boolean {
    return this.headSent;
  }

  private head(): void {
    if (this.headSent) return;
    this.headSent = true;
    // No `Cache-Control: no-store` here: Chromium reports a streamed no-store POST read to its end as net::ERR_ABORTED
    // (seen on every successful insert); a POST's answer is not cached anyway.
    this.res.writeHead(200, { 'Content-Type': 'application/json' });
  }

  /** Writes text; resolves once the socket can take more (or the client is gone). */
  async write(text: string): Promise<void> {
    if (this.closed) return;
    this.head();
    if (this.res.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        this.res.off('drain', done);
        resolve();
      };
      this.res.on('drain', done);
      this.onClose(done);
    });
  }

  /** Ends the response with a final `{"error":...}` line (the whole body when nothing was sent yet). */
  endWithError(message: string): void {
    if (this.closed) return;
    this.head();
    const body: { error: string; requestId?: string } = { error: message };
    if (this.requestId !== undefined) body.requestId = this.requestId;
    this.res.end(line(body));
  }

  end(text?: string): void {
    if (this.closed) return;
    this.head();
    this.res.end(text);
  }

  /** Sends `text` (a line cut short), then destroys the connection. */
  drop(text: string): void {
    if (this.closed) return;
    this.head();
    this.res.write(text, () => this.res.destroy());
  }
}

/** Resolves after `ms`, or as soon as the client goes away. */
function holdFor(ms: number, stream: ResponseStream): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    stream.onClose(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

type FaultKind = 'drop' | 'malformed' | 'error';
interface RowFault {
  kind: FaultKind;
  afterRows: number;
}

/** The row fault that strikes first, if any. */
function rowFaultOf(faults: QueryFaults | null): RowFault | null {
  if (faults === null) return null;
  const candidates: RowFault[] = [];
  if (faults.dropAfterRows !== undefined) candidates.push({ kind: 'drop', afterRows: faults.dropAfterRows });
  if (faults.malformedAfterRows !== undefined) candidates.push({ kind: 'malformed', afterRows: faults.malformedAfterRows });
  if (faults.errorAfterRows !== undefined) candidates.push({ kind: 'error', afterRows: faults.errorAfterRows });
  candidates.sort((a, b) => a.afterRows - b.afterRows);
  return candidates[0] ?? null;
}

function strike(fault: RowFault, stream: ResponseStream, rowsSent: number): void {
  switch (fault.kind) {
    case 'drop':
      stream.drop('{"data":[["');
      return;
    case 'malformed':
      stream.end('{"data":[["malformed",\n');
      return;
    case 'error':
      stream.endWithError(`Simulated failure after ${rowsSent} rows (x-fault error-after-rows=${fault.afterRows})`);
      return;
  }
}

/**
 * A started query: the user query's columns, and a streaming result of the end-marker column (stream-end-marker.ts)
 * followed by either the query's columns or one column of their row JSON texts.
 */
interface StartedQuery {
  names: string[];
  types: DuckDBType[];
  result: DuckDBResult;
  /** True when the result's payload is one VARCHAR column of row JSON texts (sql-row-encoding.ts). */
  jsonRows: boolean;
}

/** Prepares the single SELECT statement of `sql` and starts streaming it, encoded by DuckDB when its types allow. */
async function startQuery(conn: DuckDBConnection, sql: string): Promise<StartedQuery> {
  const extracted = await conn.extractStatements(sql);
  if (extracted.count === 0) throw new Error('Empty query');
  if (extracted.count > 1) throw new Error('Only one statement per query is supported');
  const prepared = await extracted.prepare(0);
  let names: string[];
  let types: DuckDBType[];
  try {
    if (prepared.statementType !== StatementType.SELECT) throw new Error('Only SELECT queries are supported');
    names = Array.from({ length: prepared.columnCount }, (_, i) => prepared.columnName(i));
    types = Array.from({ length: prepared.columnCount }, (_, i) => prepared.columnType(i));
  } finally {
    prepared.destroySync();
  }
  const wrapped = jsonRowsQuery(sql, types);
  const executed = wrapped === null ? withEndMarker(sql, types.length) : withEndMarker(wrapped, 1);
  const preparedRows = await conn.prepare(executed);
  try {
    return { names, types, result: await preparedRows.stream(), jsonRows: wrapped !== null };
  } finally {
    preparedRows.destroySync();
  }
}

/** Encodes rows [from, to) of a chunk's columns as one data line. */
function dataLine(
  columns: readonly (readonly DuckDBValue[])[],
  encoders: ReadonlyArray<(v: DuckDBValue) => string>,
  from: number,
  to: number,
): string {
  let text = '{"data":[';
  for (let r = from; r < to; r++) {
    text += r === from ? '[' : ',[';
    for (let c = 0; c < encoders.length; c++) {
      if (c > 0) text += ',';
      text += encoders[c]!(columns[c]![r] ?? null);
    }
    text += ']';
  }
  return `${text}]}\n`;
}

/** One data line from rows [from, to) of row JSON texts. */
function jsonRowsLine(rows: readonly DuckDBValue[], from: number, to: number): string {
  return `{"data":[${rows.slice(from, to).join(',')}]}\n`;
}

/** Handles one query request end to end (the router has matched method, path and deployment). */
export async function handleSqlQuery(req: IncomingMessage, res: ServerResponse, ctx: SqlQueryContext): Promise<void> {
  const startedAt = Date.now();
  const verdict = ctx.authorize(req.headers.authorization);
  if (verdict === 'missing') return sendJson(res, 403, { error: "Authorization header isn't set" });
  if (verdict === 'invalid') return sendJson(res, 403, { error: 'Invalid token' });

  let request;
  try {
    request = parseQueryRequest(await (ctx.readBody ?? readQueryBody)(req));
  } catch (e) {
    const status = e instanceof QueryRequestError ? e.status : statusOf(e);
    return sendJson(res, status, { type: 'UserError', error: `Invalid query format: ${errorMessage(e)}` });
  }

  const rawRequestId = req.headers[REQUEST_ID_HEADER];
  const requestId = typeof rawRequestId === 'string' && rawRequestId !== '' ? rawRequestId : undefined;
  const spanKey = `${ctx.deploymentId}\u0000${spanIdOf(requestId)}`;
  const stream = new ResponseStream(res, requestId);
  const faults = ctx.faults;
  const spans = ctx.warehouse.spans;
  const deadline = startedAt + ctx.continueWaitHoldMs;
  const throwContinueWait = request.throwContinueWait === true;

  if (faults?.continueWait !== undefined && spans.takeContinueWait(spanKey, faults.continueWait)) {
    return stream.endWithError(CONTINUE_WAIT_TEXT);
  }

  // A slow query simulated by `delay-ms`: its clock runs across the retries of one span, like a query the engine keeps running.
  if (faults?.delayMs !== undefined && faults.delayMs > 0) {
    const delayKey = `${spanKey}\u0000${request.query}`;
    const remaining = spans.remainingDelay(delayKey, faults.delayMs, Date.now());
    const leftOfHold = deadline - Date.now();
    if (throwContinueWait && remaining > leftOfHold) {
      await holdFor(leftOfHold, stream);
      return stream.endWithError(CONTINUE_WAIT_TEXT);
    }
    await holdFor(remaining, stream);
    if (stream.closed) return;
    spans.finishDelay(delayKey);
  }

  const refused = refusedName(request.query);
  if (refused !== null) return stream.endWithError(refusedNameMessage(refused));

  let sql: string;
  try {
    sql = rewriteMeasures(request.query, ctx.warehouse.model);
  } catch (e) {
    if (e instanceof SqlRewriteError) return stream.endWithError(e.message);
    throw e;
  }

  // A retry of a span whose identical query answered Continue wait takes that running query over.
  const timezone = request.timezone ?? 'UTC';
  const parkKey = `${spanKey}\u0000${timezone}\u0000${sql}`;
  const parkedQueries = parkedQueriesOf(ctx.warehouse);
  let running: RunningQuery;
  const adopted = requestId === undefined ? undefined : parkedQueries.take(parkKey);
  if (adopted !== undefined) {
    running = adopted;
  } else {
    let conn: DuckDBConnection;
    try {
      conn = await ctx.warehouse.openQueryConnection(timezone);
    } catch (e) {
      if (e instanceof UnknownTimezoneError) {
        return sendJson(res, 400, { type: 'UserError', error: `Invalid query format: ${e.message}` });
      }
      return stream.endWithError(errorMessage(e));
    }
    const first = (async (): Promise<Opened> => {
      const query = await startQuery(conn, sql);
      return { query, chunk: await query.result.fetchChunk() };
    })();
    first.catch(() => undefined);
    running = { conn, first };
  }
  const { conn, first } = running;

  let attached = true;
  stream.onClose(() => {
    if (attached) conn.interrupt();
  });
  const closeWhenSettled = (): void => {
    attached = false;
    void first.then(
      () => conn.closeSync(),
      () => conn.closeSync(),
    );
  };

  let opened: Opened;
  try {
    if (throwContinueWait) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
      });
      const winner = await Promise.race([first, timeout]);
      clearTimeout(timer);
      if (winner === 'timeout') {
        attached = false;
        if (requestId === undefined) {
          // Without a span no retry can find it: stop it.
          conn.interrupt();
          closeWhenSettled();
        } else {
          parkedQueries.park(parkKey, running, (q) => {
            q.conn.interrupt();
            void q.first.then(
              () => q.conn.closeSync(),
              () => q.conn.closeSync(),
            );
          });
        }
        return stream.endWithError(CONTINUE_WAIT_TEXT);
      }
      opened = winner;
    } else {
      opened = await first;
    }
  } catch (e) {
    closeWhenSettled();
    return stream.endWithError(errorMessage(e));
  }

  try {
    await streamRows(opened, stream, ctx, request.query, sql, timezone);
  } catch (e) {
    stream.endWithError(errorMessage(e));
  } finally {
    attached = false;
    conn.closeSync();
  }
}

/** The error line of a query whose stream ended before its end marker (DuckDB gives the stream no error text). */
const failedMidStream = (rowsSent: number): string =>
  `Query failed while its result was streamed, after ${rowsSent} rows; the rows sent are incomplete.`;

/** A query started on its own connection: the promise of its first chunk. */
interface RunningQuery {
  conn: DuckDBConnection;
  first: Promise<Opened>;
}

/** The parked queries of each warehouse (parked-queries.ts). */
const PARKED = new WeakMap<Warehouse, ParkedQueries<RunningQuery>>();

function parkedQueriesOf(warehouse: Warehouse): ParkedQueries<RunningQuery> {
  let parked = PARKED.get(warehouse);
  if (parked === undefined) {
    parked = new ParkedQueries<RunningQuery>();
    PARKED.set(warehouse, parked);
  }
  return parked;
}

interface Opened {
  query: StartedQuery;
  /** The first chunk, fetched before the header is written (so a failure there is the whole body). */
  chunk: DuckDBDataChunk | null;
}

async function streamRows(
  opened: Opened,
  stream: ResponseStream,
  ctx: SqlQueryContext,
  query: string,
  sql: string,
  timezone: string,
): Promise<void> {
  const { result, names, types, jsonRows } = opened.query;
  // A successful query's stream holds at least the end marker: nothing at all is a failure before the first row.
  if (opened.chunk === null || opened.chunk.rowCount === 0) return stream.endWithError(failedMidStream(0));
  const encoders = types.map((t) => cellEncoder(t, timezone));
  const formats = columnFormats(query, ctx.warehouse.model, names);
  const header = {
    schema: names.map((name, i) => ({ name, column_type: columnTypeOf(types[i]!), ...formats[i] })),
    lastRefreshTime: ctx.warehouse.lastRefreshTime,
  };
  await stream.write(line(header));

  const cap = ctx.rowCap === undefined ? DEFAULT_ROW_CAP : ctx.rowCap;
  const limit = cap === null || hasExplicitLimit(sql) ? Infinity : cap;
  const perLine = Math.max(1, ctx.maxRowsPerLine ?? MAX_ROWS_PER_LINE);
  const fault = rowFaultOf(ctx.faults);
  let sent = 0;
  let complete = false;
  let chunk: DuckDBDataChunk | null = opened.chunk;
  while (chunk !== null && chunk.rowCount > 0 && !stream.closed && sent < limit) {
    complete = endsWithMarker(chunk);
    // Column 0 is the end marker; the data rows are the chunk's rows but the marker row.
    const columns = jsonRows ? [] : chunk.getColumns().slice(1);
    const rows = jsonRows ? chunk.getColumnValues(1) : [];
    const rowCount = chunk.rowCount - (complete ? 1 : 0);
    let offset = 0;
    while (offset < rowCount && sent < limit) {
      let take = Math.min(rowCount - offset, perLine, limit - sent);
      if (fault !== null) take = Math.min(take, fault.afterRows - sent);
      if (take > 0) {
        await stream.write(jsonRows ? jsonRowsLine(rows, offset, offset + take) : dataLine(columns, encoders, offset, offset + take));
        if (stream.closed) return;
        offset += take;
        sent += take;
      }
      if (fault !== null && sent >= fault.afterRows) return strike(fault, stream, sent);
    }
    if (complete || sent >= limit) break;
    chunk = await result.fetchChunk();
  }
  if (stream.closed) return;
  if (!complete && sent < limit) return stream.endWithError(failedMidStream(sent));
  if (fault !== null) return strike(fault, stream, sent);
  stream.end(sent === 0 ? line({ data: [] }) : undefined);
}
