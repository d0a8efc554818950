/**
 * Opens the DuckDB databases (control plane and warehouse) and serializes control-plane access.
 * Each is one file under the data directory, or in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';

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

/**
 * The control plane's own connection. Every use runs as one critical section (a promise queue), so a transaction
 * never interleaves with another request's statements on the shared connection. Query streams use their own connections.
 */
export class ControlDb {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly sql: Sql;

  constructor(private readonly connection: DuckDBConnection) {
    this.sql = {
      all: async (text, params) => (await connection.runAndReadAll(text, params ?? [])).getRowObjects(),
      run: async (text, params) => {
        await connection.run(text, params ?? []);
      },
    };
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
    this.connection.closeSync();
  }
}
