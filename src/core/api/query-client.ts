/** The SQL query API client: posts a query, decodes its NDJSON stream, repeats on Continue wait, and returns the result. */
import { authorizationHeader, type AuthScheme } from '../wire/auth-scheme';
import { AddinError, cancelledError, isAddinError } from '../errors/addin-error';
import { errorFromResponse } from './http-errors';
import {
  bodyFailure,
  groupDigits,
  idleStream,
  megabytes,
  notAQueryResult,
  overBudget,
  requestFailure,
  slowStream,
  stillRunning,
  tooManyColumns,
} from './query-errors';
import { MAX_ERROR_BODY_BYTES, answerTooLarge, isBodyTooLarge } from './body-limit';
import { createIdleWatch, DEFAULT_IDLE_TIMEOUT_MS, type IdleWatch } from './idle-watch';
import { createRateFloor, DEFAULT_SLOW_STREAM, type SlowStreamLimit } from './rate-floor';
import { createCancelSource } from '../runtime/cancel-signal';
import type { QueryResult, QueryRunner, QueryRunOptions, ResultBudget } from './query-result';
import { sqlQueryRequestSchema, type SqlQueryRequest, type StreamHeader, type StreamValue } from '../wire/schemas';
import { raceCancel } from '../runtime/cancel-race';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { Clock } from '../runtime/clock';
import { parseServiceUrl } from './service-url';
import { requireQueryText } from './query-text';
import type { Transport, TransportResponse } from './transport';
import { REQUEST_ID_HEADER, SQL_QUERY_PATH } from '../wire/wire-names';
import { createNdjsonDecoder } from '../ndjson/ndjson-decoder';
import { utf8ByteLength } from '../ndjson/utf8-length';

export interface QueryClientOptions {
  /** The deployment's `deploymentUrl` (2.2); the query path is appended. */
  deploymentUrl: string;
  /** A JWT (sent raw) or an API key (sent as `Bearer <key>`), as `authScheme` decides. */
  credential: string;
  authScheme?: AuthScheme;
  transport: Transport;
  clock: Clock;
  /** Uniform in [0, 1); mints the span id of each run. */
  random: () => number;
  /** Ask the server to answer `Continue wait` instead of holding the connection (default true; required on Apps Script). */
  throwContinueWait?: boolean;
  /** How many times one run repeats its request on Continue wait before giving up (default 60). */
  maxContinueWaits?: number;
  /** IANA time zone sent when a run names none. */
  defaultTimezone?: string;
  /** Longest accepted stream line in UTF-8 bytes (decoder default when absent). */
  maxLineBytes?: number;
  /** The runtime's byte budget of one result (default DEFAULT_MAX_RESULT_BYTES); a run's own budget may lower it. */
  maxResultBytes?: number;
  /**
   * How long a streamed result may bring no byte, or its answer take to begin, before the run stops with an error (default
   * DEFAULT_IDLE_TIMEOUT_MS; Infinity turns the watch off). A buffered body (Apps Script) has nothing to wait for and is
   * not watched, nor is anything on a clock whose sleep blocks the runtime.
   */
  idleTimeoutMs?: number;
  /**
   * The slowest a streamed result may arrive (default DEFAULT_SLOW_STREAM: 100 bytes a second over 60 s); a stream that
   * brings less over a window ends with an error. A buffered body is not timed.
   */
  slowStream?: Partial<SlowStreamLimit>;
}

/** Bytes of one result a browser pane keeps at most by default (the decoded rows take several times more memory). */
export const DEFAULT_MAX_RESULT_BYTES = 256 * 1024 * 1024;

export const DEFAULT_MAX_CONTINUE_WAITS = 60;
/** Pause before the k-th repeat (k from 0): 100 ms doubling up to 2 s; the server itself holds each request a while. */
export const CONTINUE_WAIT_FIRST_DELAY_MS = 100;
export const CONTINUE_WAIT_MAX_DELAY_MS = 2000;

export function continueWaitDelay(repeat: number): number {
  return Math.min(CONTINUE_WAIT_MAX_DELAY_MS, CONTINUE_WAIT_FIRST_DELAY_MS * 2 ** Math.min(repeat, 16));
}

/** Sixteen lowercase hex digits from the injected random source. */
export function mintSpanId(random: () => number): string {
  let id = '';
  for (let i = 0; i < 16; i++)
    id += Math.floor(random() * 16)
      .toString(16)
      .slice(0, 1);
  return id;
}

/** One attempt's decoded stream. */
interface Decoded {
  header: StreamHeader;
  rows: StreamValue[][];
  bytes: number;
}

export class QueryClient implements QueryRunner {
  private readonly url: string;

  constructor(private readonly options: QueryClientOptions) {
    this.url = `${parseServiceUrl(options.deploymentUrl, "The deployment's query URL").base}${SQL_QUERY_PATH}`;
  }

  async run(run: QueryRunOptions): Promise<QueryResult> {
    const { clock, random } = this.options;
    const signal = run.signal;
    if (signal?.cancelled) throw cancelledError();
    requireQueryText(run.query);
    const started = clock.now();
    const body = JSON.stringify(this.body(run));
    const spanId = mintSpanId(random);
    const maxRepeats = this.options.maxContinueWaits ?? DEFAULT_MAX_CONTINUE_WAITS;
    for (let attempt = 1; ; attempt++) {
      try {
        const decoded = await this.attempt(body, `${spanId}-span-${attempt}`, run, started);
        const result: QueryResult = {
          columns: decoded.header.schema,
          rows: decoded.rows,
          ...(run.sink ? { sunk: true as const } : {}),
          bytes: decoded.bytes,
          elapsedMs: clock.now() - started,
        };
        if (decoded.header.lastRefreshTime !== undefined) result.lastRefreshTime = decoded.header.lastRefreshTime;
        if (decoded.header.usedPreAggregations !== undefined) result.usedPreAggregations = decoded.header.usedPreAggregations;
        return result;
      } catch (e) {
        if (signal?.cancelled) throw cancelledError();
        if (!isAddinError(e) || e.kind !== 'continueWait') throw e;
        const repeats = attempt - 1;
        if (repeats >= maxRepeats) throw stillRunning(attempt, clock.now() - started, e);
        await raceCancel(clock.sleep(continueWaitDelay(repeats), signal), signal);
      }
    }
  }

  /** The request body with exactly the documented keys; undefined ones are left out. */
  private body(run: QueryRunOptions): SqlQueryRequest {
    const candidate: Record<string, unknown> = { query: run.query };
    const timezone = run.timezone ?? this.options.defaultTimezone;
    if (timezone !== undefined) candidate['timezone'] = timezone;
    if (run.cache !== undefined) candidate['cache'] = run.cache;
    if (this.options.throwContinueWait ?? true) candidate['throwContinueWait'] = true;
    const parsed = sqlQueryRequestSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue === undefined ? '' : issue.path.map(String).join('.');
      const message =
        field === 'query'
          ? 'There is no query to run: build or write one first.'
          : `The query cannot be sent: ${field || 'body'} ${issue?.message ?? 'is invalid'}.`;
      throw new AddinError('validation', message, {
        detail: parsed.error.message,
        data: { field },
      });
    }
    return parsed.data;
  }

  private async attempt(body: string, requestId: string, run: QueryRunOptions, started: number): Promise<Decoded> {
    // The request stops when the user cancels or the stream goes idle: a read the body never answers can only be ended
    // by stopping the request underneath it.
    const stop = createCancelSource();
    const unlink = run.signal?.onCancel(() => stop.cancel()) ?? (() => undefined);
    try {
      return await this.attemptUntil(body, requestId, run, started, stop.signal);
    } finally {
      unlink();
      stop.cancel();
    }
  }

  private async attemptUntil(body: string, requestId: string, run: QueryRunOptions, started: number, stop: CancelSignal): Promise<Decoded> {
    const { transport, clock } = this.options;
    const signal = run.signal;
    const idleMs = this.options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    // The wait for the answer to begin is bounded as a silent stream is (a clock whose sleep blocks the runtime times nothing).
    const waiting = this.watch(() => idleStream(idleMs, 0, 0));
    let response: TransportResponse;
    try {
      const answer = transport({
        method: 'POST',
        url: this.url,
        headers: {
          'Content-Type': 'application/json',
          Authorization: authorizationHeader(this.options.credential, this.options.authScheme ?? 'auto'),
          [REQUEST_ID_HEADER]: requestId,
        },
        body,
        signal: stop,
      });
      response = await raceCancel(waiting === null ? answer : waiting.read(answer), signal);
    } catch (e) {
      throw requestFailure(e, signal);
    } finally {
      waiting?.stop();
    }
    if (response.status !== 200) throw await this.httpError(response, signal);

    let header: StreamHeader | undefined;
    const rows: StreamValue[][] = [];
    const sink = run.sink;
    let received = 0;
    const budget = this.budgetOf(run.budget);
    const decoder = createNdjsonDecoder(
      {
        onHeader: (h) => {
          header = h;
          if (h.schema.length > budget.maxCols) throw tooManyColumns(h.schema.length, budget.maxCols);
          sink?.header(h.schema);
        },
        onRows: (batch) => {
          received += batch.length;
          if (received > budget.maxRows)
            throw overBudget(
              received,
              `more than fit below the header (${groupDigits(budget.maxRows)} rows from there to the sheet's last row)`,
              budget,
            );
          // The decoder's rows are fresh and handed on once: a sink that can adopt them types them in place.
          if (sink) {
            if (sink.adopt) sink.adopt(batch);
            else sink.add(batch);
          } else for (const row of batch) rows.push(row);
        },
      },
      {
        ...(this.options.maxLineBytes === undefined ? {} : { maxLineBytes: this.options.maxLineBytes }),
        // A sink that adopts rows copies the strings it keeps: it may take them as views of their line.
        stringViews: sink?.adopt !== undefined,
      },
    );
    let bytes = 0;
    const buffered = response.buffered === true;
    const idle = buffered ? null : this.watch(() => idleStream(idleMs, decoder.rows, bytes));
    const slow = { ...DEFAULT_SLOW_STREAM, ...this.options.slowStream };
    const floor = buffered ? null : createRateFloor(clock, slow, (got, spanMs) => slowStream(slow, got, spanMs, decoder.rows, bytes));
    const chunks = response.chunks()[Symbol.asyncIterator]();
    let done = false;
    let begun = false;
    try {
      for (;;) {
        let next: IteratorResult<string>;
        try {
          const read = chunks.next();
          next = await raceCancel(idle === null ? read : idle.read(read), signal);
        } catch (e) {
          throw bodyFailure(e, signal, decoder.rows, bytes);
        }
        if (next.done === true) {
          done = true;
          break;
        }
        if (!begun) {
          // A result starts with its JSON header line: anything else (a sign-in or proxy page) is named as it came.
          const start = next.value.replace(/^[\uFEFF\s]+/, '');
          begun = start !== '';
          if (begun && !start.startsWith('{')) throw notAQueryResult(response.headers['content-type'], start);
        }
        bytes = response.bytesRead ? response.bytesRead() : bytes + utf8ByteLength(next.value);
        floor?.observe(bytes);
        decoder.feed(next.value);
        if (bytes > budget.maxBytes)
          throw overBudget(decoder.rows, `more data than the add-in can take at once (${megabytes(budget.maxBytes)} MB)`, budget);
        // Progress describes the result: a Continue wait answer (no header) reports nothing.
        if (header !== undefined) run.onProgress?.({ bytes, rows: decoder.rows, elapsedMs: clock.now() - started });
      }
      decoder.end();
    } finally {
      idle?.stop();
      // Stop reading (closes the connection) whenever we leave before the body ended: error line, abort, bad stream.
      if (!done) void chunks.return?.()?.catch(() => undefined);
    }
    if (header === undefined) throw new AddinError('stream', 'The query result arrived without a header.', { code: 'noHeader' });
    return { header, rows, bytes };
  }

  /** The idle watch of one wait of a run, or null when the clock's sleep blocks the runtime (nothing can be raced there). */
  private watch(onIdle: () => AddinError): IdleWatch | null {
    const { clock } = this.options;
    return clock.blocking === true ? null : createIdleWatch(clock, this.options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, onIdle);
  }

  /** The run's budget under the runtime's byte budget; absent bounds are unbounded. */
  private budgetOf(asked: ResultBudget | undefined): Required<ResultBudget> {
    const runtimeBytes = this.options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
    return {
      maxRows: asked?.maxRows ?? Infinity,
      maxCols: asked?.maxCols ?? Infinity,
      maxBytes: Math.min(runtimeBytes, asked?.maxBytes ?? Infinity),
    };
  }

  /** A non-200 answer: 400 validation, 401/403 unauthenticated (sign in again), 404 notFound, 5xx server; detail carries the server text. */
  private async httpError(response: TransportResponse, signal: CancelSignal | undefined): Promise<AddinError> {
    let text = '';
    try {
      text = await raceCancel(response.text(MAX_ERROR_BODY_BYTES), signal);
    } catch (e) {
      if (signal?.cancelled) return cancelledError();
      if (isBodyTooLarge(e)) return answerTooLarge('run the query', response.status, MAX_ERROR_BODY_BYTES);
    }
    return errorFromResponse(response.status, text, { api: 'query', action: 'run the query' });
  }
}
