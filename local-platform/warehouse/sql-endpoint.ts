/**
 * The query API (`POST {deploymentUrl}/svcjs-api/v1/svcsql`): checks the request and the SQL, admits the query, runs it
 * on DuckDB over the semantic model and streams the header line, then `{"data":[...]}` lines while the client reads.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTINUE_WAIT_TEXT, REQUEST_ID_HEADER } from '../../src/core/wire/wire-names';
import { sendJson } from '../http-io';
import { CONTINUE_WAIT, deadlineTimer, firstOrContinueWait } from './continue-wait';
import { AdmissionRefused } from './query-admission';
import { parseQueryRequest, QueryRequestError, readQueryBody } from './query-request';
import { refusedName, refusedNameMessage } from './query-sandbox';
import { spanIdOf } from './query-spans';
import { holdFor, ResponseStream } from './response-stream';
import { streamRows, type RowStreamOptions } from './row-stream';
import type { Opened, RunningQuery } from './running-query';
import { rewriteMeasures, SqlRewriteError } from './sql-rewrite';

export type AuthVerdict = 'ok' | 'missing' | 'invalid';

/** Default hold before a slow query answers Continue wait (when the client asks for it). */
export const DEFAULT_CONTINUE_WAIT_HOLD_MS = 10_000;

export interface SqlQueryContext extends RowStreamOptions {
  deploymentId: string;
  authorize: (authorizationHeader: string | undefined) => AuthVerdict;
  /** Who calls, for admission and parked queries (default: the Authorization header itself). */
  callerOf?: (authorizationHeader: string | undefined) => string;
  /** How long a query may go without a first chunk before `throwContinueWait` answers Continue wait. */
  continueWaitHoldMs: number;
  /** Reads and JSON-parses the body; defaults to readQueryBody. A thrown `{status}` keeps that status. */
  readBody?: (req: IncomingMessage) => Promise<unknown>;
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function statusOf(e: unknown): number {
  const s = typeof e === 'object' && e !== null ? (e as { status?: unknown }).status : undefined;
  return typeof s === 'number' && s >= 400 && s < 500 ? s : 400;
}

const userError = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void =>
  sendJson(res, status, { type: 'UserError', error: message }, headers);

/** Handles one query request end to end (the router has matched method, path and deployment). */
export async function handleSqlQuery(req: IncomingMessage, res: ServerResponse, ctx: SqlQueryContext): Promise<void> {
  const startedAt = Date.now();
  const verdict = ctx.authorize(req.headers.authorization);
  if (verdict === 'missing') return sendJson(res, 403, { error: "Authorization header isn't set" });
  if (verdict === 'invalid') return sendJson(res, 403, { error: 'Invalid token' });
  const runtime = ctx.warehouse.queries;

  let request;
  try {
    request = parseQueryRequest(await (ctx.readBody ?? readQueryBody)(req));
  } catch (e) {
    const status = e instanceof QueryRequestError ? e.status : statusOf(e);
    return userError(res, status, `Invalid query format: ${errorMessage(e)}`);
  }
  const sqlBytes = Buffer.byteLength(request.query);
  if (sqlBytes > runtime.limits.maxSqlBytes) {
    return userError(
      res,
      413,
      `Invalid query format: the query is ${sqlBytes} bytes of SQL, more than the ${runtime.limits.maxSqlBytes} a query may have; ` +
        'shorten it (fewer UNION terms or literal lists).',
    );
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
  if (faults?.delayMs !== undefined && faults.delayMs > 0) {
    if (await simulateSlowQuery(stream, spans, `${spanKey}\u0000${request.query}`, faults.delayMs, throwContinueWait ? deadline : null)) {
      return stream.endWithError(CONTINUE_WAIT_TEXT);
    }
    if (stream.closed) return;
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
  // The decisive check reads what will run: DuckDB's parse of the rewritten SQL.
  const refusal = await runtime.refusal(sql);
  if (refusal !== null) return stream.endWithError(refusal);

  const timezone = request.timezone ?? 'UTC';
  if (!(await runtime.knowsTimezone(timezone))) return userError(res, 400, `Invalid query format: Unknown timezone "${timezone}"`);

  // A retry of a span whose identical query answered Continue wait takes that running query over (the same caller only).
  const caller = (ctx.callerOf ?? ((h) => h ?? ''))(req.headers.authorization);
  const place = requestId === undefined ? null : { parked: runtime.parked, caller, key: `${spanKey}\u0000${timezone}\u0000${sql}` };
  let running = place === null ? undefined : place.parked.take(place.caller, place.key);
  if (running === undefined) {
    const gone = new Promise<void>((resolve) => stream.onClose(resolve));
    const hold = throwContinueWait ? deadlineTimer(deadline - Date.now()) : null;
    let release;
    try {
      release = await runtime.admit(caller, hold === null ? gone : Promise.race([gone, hold.reached.then(() => undefined)]));
    } catch (e) {
      if (e instanceof AdmissionRefused) return userError(res, 429, e.message, { 'Retry-After': '1' });
      throw e;
    } finally {
      hold?.cancel();
    }
    if (release === null) return stream.endWithError(CONTINUE_WAIT_TEXT); // no-op when the client left
    running = runtime.start(sql, timezone, release);
  }
  await answer(running, stream, ctx, {
    query: request.query,
    sql,
    holdMs: throwContinueWait ? deadline - Date.now() : null,
    place,
  });
}

/**
 * The `delay-ms` fault: a slow query whose clock runs across the retries of one span, like a query the engine keeps
 * running. True when it must answer Continue wait (the hold's `deadline` passes first).
 */
async function simulateSlowQuery(
  stream: ResponseStream,
  spans: SqlQueryContext['warehouse']['spans'],
  delayKey: string,
  delayMs: number,
  deadline: number | null,
): Promise<boolean> {
  const remaining = spans.remainingDelay(delayKey, delayMs, Date.now());
  if (deadline !== null && remaining > deadline - Date.now()) {
    await holdFor(deadline - Date.now(), stream);
    return true;
  }
  await holdFor(remaining, stream);
  if (!stream.closed) spans.finishDelay(delayKey);
  return false;
}

/** Waits for the running query's first chunk (or Continue wait), then streams its rows and lets its connection go. */
async function answer(
  running: RunningQuery,
  stream: ResponseStream,
  ctx: SqlQueryContext,
  q: { query: string; sql: string; holdMs: number | null; place: Parameters<typeof firstOrContinueWait>[2] },
): Promise<void> {
  let attached = true;
  stream.onClose(() => {
    if (attached) running.interrupt();
  });
  let opened: Opened;
  try {
    const first = q.holdMs === null ? await running.first : await firstOrContinueWait(running, q.holdMs, q.place);
    if (first === CONTINUE_WAIT) {
      attached = false;
      return stream.endWithError(CONTINUE_WAIT_TEXT);
    }
    opened = first;
  } catch (e) {
    attached = false;
    running.closeWhenSettled();
    return stream.endWithError(running.failureMessage(e));
  }
  try {
    await streamRows(running, opened, stream, ctx, q.query, q.sql);
  } catch (e) {
    stream.endWithError(running.failureMessage(e));
  } finally {
    attached = false;
    running.closeWhenSettled();
  }
}
