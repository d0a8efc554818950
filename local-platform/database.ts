/**
 * Opens the DuckDB databases (control plane and warehouse) and serializes control-plane access.
 * Each is one file under the data directory, or in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBPreparedStatement, type DuckDBValue } from '@duckdb/node-api';

/** The control plane's database: deployments, reports, users, tokens. */
export const DATABASE_FILE = 'platform.duckdb';
/** The sample warehouse's database, opened by its own instance: user SQL runs there and never sees the control plane's. */
export const WAREHOUSE_FILE = 'warehouse.duckdb';

export interface OpenedDatabase {
  instance: DuckDBInstance;
  /** The database file, or `:memory:`. */
  location: string;
}

/**
 * Opens a database (`file` under the data directory, default DATABASE_FILE; each its own instance); a file held by
 * another process becomes an error saying that DuckDB allows one writer process per file.
 */
export async function openDatabase(options: { memory: boolean; dataDir: string; file?: string }): Promise<OpenedDatabase> {
  if (options.memory) return { instance: await DuckDBInstance.create(':memory:'), location: ':memory:' };
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.file ?? DATABASE_FILE);
  try {
    return { instance: await DuckDBInstance.create(file), location: file };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/lock/i.test(message)) {
      throw new Error(
        `The database file ${file} is locked by another process: DuckDB allows one writer process per file. ` +
          `Stop the other local platform, or start this one with --data <another dir> or --memory. (${message})`,
        { cause: e },
      );
    }
    throw e;
  }
}

export type Row = Record<string, DuckDBValue>;
export type Params = DuckDBValue[];

/** What a critical section may do on the control-plane connection. */
export interface Sql {
  all(sql: string, params?: Params): Promise<Row[]>;
  run(sql: string, params?: Params): Promise<void>;
}

/** Prepared statements the control connection keeps. */
const MAX_PREPARED = 64;

/**
 * The control plane's own connection. Every use runs as one critical section (a promise queue), so a transaction
 * never interleaves with another request's statements on the shared connection. Query streams use their own connections.
 */
export class ControlDb {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly sql: Sql;

  /** Prepared statements of the parameterized texts, oldest first (at most MAX_PREPARED: a text may hold a page's numbers). */
  private readonly prepared = new Map<string, DuckDBPreparedStatement>();

  constructor(private readonly connection: DuckDBConnection) {
    this.sql = {
      all: async (text, params) => {
        if (params === undefined || params.length === 0) return (await connection.runAndReadAll(text)).getRowObjects();
        const statement = await this.statement(text);
        statement.bind(params);
        return (await statement.runAndReadAll()).getRowObjects();
      },
      run: async (text, params) => {
        if (params === undefined || params.length === 0) {
          await connection.run(text);
          return;
        }
        const statement = await this.statement(text);
        statement.bind(params);
        await statement.run();
      },
    };
  }

  /**
   * The prepared statement of a parameterized text, prepared once: DuckDB plans a statement anew on every run otherwise,
   * which is most of a small control-plane query's time.
   */
  private async statement(text: string): Promise<DuckDBPreparedStatement> {
    const known = this.prepared.get(text);
    if (known !== undefined) return known;
    const statement = await this.connection.prepare(text);
    if (this.prepared.size >= MAX_PREPARED) {
      const [oldest, dropped] = this.prepared.entries().next().value as [string, DuckDBPreparedStatement];
      this.prepared.delete(oldest);
      dropped.destroySync();
    }
    this.prepared.set(text, statement);
    return statement;
  }

  /** Runs `fn` alone on the connection (no transaction). */
  exclusive<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    const result = this.tail.then(() => fn(this.sql));
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Runs `fn` alone inside BEGIN/COMMIT; any throw rolls back and rethrows. */
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return this.exclusive(async (sql) => {
      await sql.run('BEGIN TRANSACTION');
      try {
        const value = await fn(sql);
        await sql.run('COMMIT');
        return value;
      } catch (e) {
        await sql.run('ROLLBACK').catch(() => undefined);
        throw e;
      }
    });
  }

  /** Waits for queued work, then closes the connection. */
  async close(): Promise<void> {
    await this.tail;
    for (const statement of this.prepared.values()) statement.destroySync();
    this.prepared.clear();
    this.connection.closeSync();
  }
}
