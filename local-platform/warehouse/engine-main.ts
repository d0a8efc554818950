/**
 * The query engine process: opens the warehouse on its own DuckDB instance and runs the server's queries there, each on
 * its own connection, answering over the IPC channel (engine-protocol.ts). It runs under an address-space limit set by
 * the server (engine-process.ts), so a query that allocates past it fails or ends this process, never the server; it
 * exits when the server goes away.
 */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { openDatabase, WAREHOUSE_FILE } from '../database';
import { engineOptionsSchema, engineRequestSchema, type EngineReply, type EngineRequest } from './engine-protocol';
import { EngineQuery } from './engine-query';
import { openWarehouseData, type WarehouseData } from './warehouse-data';

/** Idle connections kept at most (each holds the model's views in one timezone). */
const MAX_IDLE_CONNECTIONS = 8;

interface QueryState {
  timezone: string;
  conn: DuckDBConnection | null;
  query: EngineQuery | null;
  /** The engine call under way (start or a fetch): the connection closes only once it settled. */
  work: Promise<unknown>;
  closed: boolean;
  /** An interrupt was asked for: the connection is closed, not reused. */
  interrupted: boolean;
}

const send = (reply: EngineReply): void => {
  process.send?.(reply);
};

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Connections whose query ran to its end, by timezone, their views made: the next query in that timezone takes one
 * instead of opening a connection and creating the views again (four engine calls fewer).
 */
class IdleConnections {
  private readonly byTimezone = new Map<string, DuckDBConnection[]>();
  private count = 0;

  constructor(private readonly data: WarehouseData) {}

  async take(timezone: string): Promise<DuckDBConnection> {
    const conn = this.byTimezone.get(timezone)?.pop();
    if (conn === undefined) return this.data.openQueryConnection(timezone);
    this.count--;
    return conn;
  }

  give(timezone: string, conn: DuckDBConnection): void {
    if (this.count >= MAX_IDLE_CONNECTIONS) return conn.closeSync();
    this.byTimezone.set(timezone, [...(this.byTimezone.get(timezone) ?? []), conn]);
    this.count++;
  }
}

/** Lets the query's connection go once its engine call settled: kept for reuse when the query finished, else closed. */
function closeWhenSettled(state: QueryState, idle: IdleConnections): void {
  state.closed = true;
  const reusable = !state.interrupted && state.query?.finished === true;
  if (!reusable) state.conn?.interrupt();
  void state.work.finally(() => {
    if (state.conn === null) return;
    if (reusable) idle.give(state.timezone, state.conn);
    else state.conn.closeSync();
    state.conn = null;
  });
}

function serve(data: WarehouseData, options: ReturnType<typeof engineOptionsSchema.parse>): void {
  const queries = new Map<number, QueryState>();
  const idle = new IdleConnections(data);
  const caps = { maxRowBytes: options.maxRowBytes, batchBytes: options.batchBytes };
  const fail = (id: number, e: unknown): void => {
    const state = queries.get(id);
    if (state !== undefined) {
      queries.delete(id);
      state.interrupted = true;
      closeWhenSettled(state, idle);
    }
    send({ op: 'failed', id, message: messageOf(e) });
  };
  const handle = (request: EngineRequest): void => {
    const { id } = request;
    const state = queries.get(id);
    switch (request.op) {
      case 'start': {
        const fresh: QueryState = {
          timezone: request.timezone,
          conn: null,
          query: null,
          work: Promise.resolve(),
          closed: false,
          interrupted: false,
        };
        queries.set(id, fresh);
        fresh.work = (async () => {
          fresh.conn = await idle.take(request.timezone);
          if (fresh.closed) throw new Error('The query was stopped.');
          fresh.query = await EngineQuery.start(fresh.conn, request.sql, request.timezone, caps);
          const batch = await fresh.query.next();
          send({ op: 'opened', id, names: fresh.query.names, columnTypes: fresh.query.columnTypes, batch });
        })().catch((e: unknown) => fail(id, e));
        return;
      }
      case 'next': {
        const query = state?.query;
        if (state === undefined || query === null || query === undefined)
          return send({ op: 'failed', id, message: 'The query was closed.' });
        state.work = query.next().then(
          (batch) => send({ op: 'rows', id, batch }),
          (e: unknown) => fail(id, e),
        );
        return;
      }
      case 'interrupt':
        if (state === undefined) return;
        state.interrupted = true;
        state.conn?.interrupt();
        return;
      case 'close':
        if (state === undefined) return;
        queries.delete(id);
        closeWhenSettled(state, idle);
    }
  };
  process.on('message', (raw: unknown) => {
    const request = engineRequestSchema.safeParse(raw);
    if (request.success) handle(request.data);
  });
}

async function main(): Promise<void> {
  // Whatever happens to the server (closed, killed), this process goes with it.
  // SIGKILL, not exit(): an orderly exit would wait for the queries DuckDB runs.
  process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
  const options = engineOptionsSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
  let instance: DuckDBInstance;
  try {
    ({ instance } = await openDatabase({ memory: options.memory, dataDir: options.dataDir, file: WAREHOUSE_FILE }));
  } catch (e) {
    return send({ op: 'fatal', message: messageOf(e) });
  }
  const data = await openWarehouseData(instance, {
    rows: options.rows,
    seed: options.seed,
    limits: { memoryLimit: options.memoryLimit, threads: options.threads, maxTempDirectorySize: options.maxTempDirectorySize },
  });
  serve(data, options);
  send({ op: 'ready', lastRefreshTime: data.lastRefreshTime, generated: data.generated });
}

main().catch((e: unknown) => {
  send({ op: 'fatal', message: messageOf(e) });
});
