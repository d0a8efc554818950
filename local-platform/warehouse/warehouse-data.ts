/**
 * The sample warehouse's data on the engine's side: generated into its own DuckDB instance (or reused), the sandbox
 * locked, and per-query connections whose TEMP VIEWs show the model in the query's timezone.
 */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { generateWarehouseData, GENERATOR_VERSION, readStoredGeneration } from './generate-data';
import { createModelViewsSql, quoteLiteral } from './model-views';
import { queryLimits, type QueryLimits } from './query-limits';
import { lockQuerySandbox } from './query-sandbox';
import { SEMANTIC_MODEL } from './semantic-model';

/** A timezone DuckDB does not know (the query API answers 400). */
export class UnknownTimezoneError extends Error {
  constructor(readonly timezone: string) {
    super(`Unknown timezone "${timezone}"`);
    this.name = 'UnknownTimezoneError';
  }
}

export interface WarehouseDataOptions {
  /** Number of orders. */
  rows: number;
  seed: number;
  /** Limits of the queries run on it (query-limits.ts); defaults for the rest. */
  limits?: Partial<QueryLimits>;
}

export interface WarehouseData {
  /** ISO time the data was generated: the stream header's `lastRefreshTime`. */
  readonly lastRefreshTime: string;
  /** True when this start generated the data, false when it reused what the database held. */
  readonly generated: boolean;
  /**
   * A new connection whose TEMP VIEWs `orders` and `customers` show the model in `timezone` (session TimeZone set too).
   * The caller closes it. Throws UnknownTimezoneError.
   */
  openQueryConnection(timezone: string): Promise<DuckDBConnection>;
  /** md5 over every generated row, in id order: equal for equal seeds and row counts. */
  dataChecksum(): Promise<string>;
}

/**
 * Opens the warehouse's data on `instance` (which must hold nothing else: user SQL runs on it), generating it only
 * when the database lacks it or holds another rows/seed/version, then locks the instance's sandbox (query-sandbox.ts):
 * from then on nothing on it reads files or changes its configuration.
 */
export async function openWarehouseData(instance: DuckDBInstance, options: WarehouseDataOptions): Promise<WarehouseData> {
  const { rows, seed } = options;
  const conn = await instance.connect();
  let generated = false;
  let lastRefreshTime: string;
  try {
    const stored = await readStoredGeneration(conn);
    if (stored !== null && stored.version === GENERATOR_VERSION && stored.rows === rows && stored.seed === seed) {
      lastRefreshTime = stored.generatedAt;
    } else {
      const now = new Date();
      await generateWarehouseData(conn, { rows, seed }, now);
      lastRefreshTime = now.toISOString();
      generated = true;
    }
    await lockQuerySandbox(conn, queryLimits(options.limits));
  } finally {
    conn.closeSync();
  }
  return {
    lastRefreshTime,
    generated,
    openQueryConnection: async (timezone: string) => {
      const c = await instance.connect();
      try {
        try {
          await c.run(`SET TimeZone = ${quoteLiteral(timezone)}`);
        } catch {
          throw new UnknownTimezoneError(timezone);
        }
        for (const sql of createModelViewsSql(SEMANTIC_MODEL, timezone)) await c.run(sql);
        return c;
      } catch (e) {
        c.closeSync();
        throw e;
      }
    },
    dataChecksum: async () => {
      const c = await instance.connect();
      try {
        const parts: string[] = [];
        for (const table of ['wh_customers', 'wh_products', 'wh_orders', 'wh_line_items']) {
          const r = await c.runAndReadAll(`SELECT md5(string_agg(t::VARCHAR, '|' ORDER BY t.id)) AS h FROM ${table} t`);
          parts.push(String(r.getRowObjects()[0]?.h));
        }
        return parts.join(':');
      } finally {
        c.closeSync();
      }
    },
  };
}
