/**
 * A query running on its own connection: prepared as one SELECT, streamed with the end marker, its engine time bounded
 * (interrupted past the limit), and its admission slot held until it is finished or stopped.
 */
import { StatementType, type DuckDBConnection, type DuckDBDataChunk, type DuckDBResult, type DuckDBType } from '@duckdb/node-api';
import { jsonRowsQuery } from './sql-row-encoding';
import { withEndMarker } from './stream-end-marker';

/**
 * A started query: the user query's columns, and a streaming result of the end-marker column (stream-end-marker.ts)
 * followed by either the query's columns or one column of their row JSON texts.
 */
export interface StartedQuery {
  names: string[];
  types: DuckDBType[];
  result: DuckDBResult;
  /** True when the result's payload is one VARCHAR column of row JSON texts (sql-row-encoding.ts). */
  jsonRows: boolean;
}

export interface Opened {
  query: StartedQuery;
  /** The first chunk, fetched before the header is written (so a failure there is the whole body). */
  chunk: DuckDBDataChunk | null;
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

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class RunningQuery {
  /** The query started and its first chunk fetched. */
  readonly first: Promise<Opened>;
  private timedOut = false;
  private settled = false;
  private budgetMs: number;
  private timer: NodeJS.Timeout | undefined;
  private idle = true;
  private closed = false;
  /** The engine work last started (start or a chunk fetch): the connection closes only once it settled. */
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(
    readonly conn: DuckDBConnection,
    sql: string,
    private readonly timeLimitMs: number,
    private readonly release: () => void,
  ) {
    this.budgetMs = timeLimitMs;
    this.first = this.engine(
      (async (): Promise<Opened> => {
        const query = await startQuery(conn, sql);
        return { query, chunk: await query.result.fetchChunk() };
      })(),
    );
    this.first.then(
      () => (this.settled = true),
      () => (this.settled = true),
    );
  }

  /** The next chunk of the stream, on the engine's clock. */
  nextChunk(result: DuckDBResult): Promise<DuckDBDataChunk | null> {
    if (this.closed) return Promise.resolve(null);
    return this.engine(result.fetchChunk());
  }

  /** Interrupts what the engine runs for this query (the client went away, or the query is stopped). */
  interrupt(): void {
    if (!this.closed) this.conn.interrupt();
  }

  /** Stops the query: interrupted, its connection closed once the engine lets go, its slot freed. */
  stop(): void {
    this.interrupt();
    this.closeWhenSettled();
  }

  /** Frees the slot and closes the connection as soon as the start settles (closing under a running task blocks). */
  closeWhenSettled(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearTimer();
    this.release();
    const close = (): void => this.conn.closeSync();
    if (this.settled && this.idle) close();
    else void Promise.allSettled([this.first, this.inFlight]).then(close);
  }

  /** The message of a failure: the time limit named when it struck, the memory limit named when DuckDB ran out. */
  failureMessage(e: unknown): string {
    if (this.timedOut) {
      return `The query ran longer than the platform's limit of ${this.timeLimitMs / 1000} s per query and was stopped; narrow it (filters, fewer groups) or ask with a LIMIT.`;
    }
    const text = messageOf(e);
    if (/out of memory/i.test(text)) {
      // DuckDB's own advice after the first line (SET threads, temp_directory) is for its operator, not the caller.
      const detail = text.split('\n')[0];
      return `The query needs more memory than the platform allows queries and was stopped; narrow it (filters, fewer groups). (${detail})`;
    }
    return text;
  }

  /** Whether the time limit stopped the query. */
  get stoppedByTimeLimit(): boolean {
    return this.timedOut;
  }

  /** Runs `work` with the remaining time budget armed: past it, the connection is interrupted. */
  private engine<T>(work: Promise<T>): Promise<T> {
    const startedAt = Date.now();
    this.clearTimer();
    if (this.timeLimitMs > 0)
      this.timer = setTimeout(
        () => {
          this.timedOut = true;
          this.conn.interrupt();
        },
        Math.max(0, this.budgetMs),
      );
    this.inFlight = work;
    this.idle = false;
    const stopClock = (): void => {
      if (this.inFlight === work) this.idle = true;
      this.clearTimer();
      this.budgetMs -= Date.now() - startedAt;
    };
    work.then(stopClock, stopClock);
    return work;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
