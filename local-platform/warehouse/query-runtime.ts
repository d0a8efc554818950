/**
 * The query API's shared state on one warehouse: its limits, admission control, the parked Continue-wait queries, the
 * running queries on the engine process (stopped all at once on shutdown) and the parser-only instance of the sandbox's
 * check, which lives in the server: its checks never wait behind the queries the engine runs.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import type { EngineProcess } from './engine-process';
import { quoteLiteral } from './model-views';
import { ParkedQueries } from './parked-queries';
import { QueryAdmission, type Release } from './query-admission';
import type { QueryLimits } from './query-limits';
import { RunningQuery } from './running-query';
import { SANDBOX_SETTINGS } from './query-sandbox';
import { refusalByParse } from './sql-parse-check';

export class QueryRuntime {
  readonly admission: QueryAdmission;
  readonly parked: ParkedQueries<RunningQuery>;
  private readonly running = new Set<RunningQuery>();
  /** Timezones DuckDB knew (a few hundred exist; unknown ones are not kept). */
  private readonly timezones = new Set<string>();
  private closed = false;

  private constructor(
    readonly limits: QueryLimits,
    private readonly parser: DuckDBInstance,
    private readonly tables: ReadonlySet<string>,
    readonly engine: EngineProcess,
  ) {
    this.admission = new QueryAdmission(limits);
    this.parked = new ParkedQueries<RunningQuery>(limits.maxParked);
  }

  /** A runtime running queries on `engine` whose parse check lets them read `tables` (lower-case names) and nothing else. */
  static async create(limits: QueryLimits, tables: Iterable<string>, engine: EngineProcess): Promise<QueryRuntime> {
    const parser = await DuckDBInstance.create(':memory:');
    const conn = await parser.connect();
    try {
      for (const sql of ["SET memory_limit = '256MB'", 'SET threads = 1', ...SANDBOX_SETTINGS]) await conn.run(sql);
    } finally {
      conn.closeSync();
    }
    return new QueryRuntime(limits, parser, new Set([...tables].map((t) => t.toLowerCase())), engine);
  }

  /** Why DuckDB's parse of `sql` is refused by the sandbox, or null. */
  async refusal(sql: string): Promise<string | null> {
    const conn = await this.parser.connect();
    try {
      return await refusalByParse(conn, sql, this.tables);
    } finally {
      conn.closeSync();
    }
  }

  /** Whether DuckDB knows `timezone` (the session TimeZone every query connection sets). */
  async knowsTimezone(timezone: string): Promise<boolean> {
    if (this.timezones.has(timezone)) return true;
    const conn = await this.parser.connect();
    try {
      await conn.run(`SET TimeZone = ${quoteLiteral(timezone)}`);
      this.timezones.add(timezone);
      return true;
    } catch {
      return false;
    } finally {
      conn.closeSync();
    }
  }

  /**
   * Waits for a slot of `caller`; null when `gone` resolves first. Throws AdmissionRefused when the caller's queue is
   * full. When the caller's slots are held by its parked queries, the oldest one nobody came back for within
   * `limits.abandonedParkMs` is stopped first: a client that left frees its slots, while a client running several
   * queries at once (Refresh all) keeps the parked ones its retries are about to take over.
   */
  async admit(caller: string, gone: Promise<void>): Promise<Release | null> {
    if (!this.admission.hasRoomFor(caller)) {
      if (this.parked.evictOldest(caller, this.limits.abandonedParkMs) === undefined && this.admission.full)
        this.parked.evictOldest(undefined, this.limits.abandonedParkMs);
    }
    const ticket = this.admission.enter(caller);
    const winner = await Promise.race([ticket.granted, gone.then(() => null)]);
    if (winner === null) ticket.cancel();
    return winner;
  }

  /** Starts `sql` on the engine under the time limit; the query frees `release` when it is finished or stopped. */
  start(sql: string, timezone: string, release: Release): RunningQuery {
    const query: RunningQuery = new RunningQuery(this.engine, sql, timezone, this.limits.timeLimitMs, () => {
      this.running.delete(query);
      release();
    });
    this.running.add(query);
    if (this.closed) query.stop();
    return query;
  }

  /** Stops every running and parked query (shutdown): each is interrupted and its connection closed once it lets go. */
  stopAll(): void {
    this.closed = true;
    this.parked.clear();
    for (const q of [...this.running]) q.stop();
  }

  /** Stops everything, ends the engine process and closes the parser instance. */
  async close(): Promise<void> {
    this.stopAll();
    await this.engine.close();
    this.parser.closeSync();
  }
}
