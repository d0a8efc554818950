/** The sample warehouse of the local platform: generated data in DuckDB, the semantic model over it, and per-query connections. */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { Meta } from '../../src/core/wire/schemas';
import { generateWarehouseData, GENERATOR_VERSION, readStoredGeneration, WAREHOUSE_TABLES } from './generate-data';
import { buildMeta } from './model-meta';
import { createModelViewsSql, quoteLiteral } from './model-views';
import { queryLimits, type QueryLimits } from './query-limits';
import { QueryRuntime } from './query-runtime';
import { lockQuerySandbox } from './query-sandbox';
import { QuerySpans } from './query-spans';
import { SEMANTIC_MODEL, type SemanticModel } from './semantic-model';

export const DEFAULT_ROWS = 100_000;
export const DEFAULT_SEED = 42;

/** A timezone DuckDB does not know (the query API answers 400). */
export class UnknownTimezoneError extends Error {
  constructor(readonly timezone: string) {
    super(`Unknown timezone "${timezone}"`);
    this.name = 'UnknownTimezoneError';
  }
}

export interface WarehouseOptions {
  /** Number of orders. */
  rows: number;
  seed: number;
  deployments: Array<{ id: string }>;
  /** Limits of the queries run on it (query-limits.ts); defaults for the rest. */
  limits?: Partial<QueryLimits>;
}

export interface Warehouse {
  readonly instance: DuckDBInstance;
  readonly model: SemanticModel;
  readonly rows: number;
  readonly seed: number;
  /** ISO time the data was generated: the stream header's `lastRefreshTime`. */
  readonly lastRefreshTime: string;
  /** True when this start generated the data, false when it reused what the database held. */
  readonly generated: boolean;
  /** Deployments that serve the model (all see the same data). */
  readonly deploymentIds: readonly string[];
  /** Continue-wait counters and simulated slow queries, per span. */
  readonly spans: QuerySpans;
  /** Limits, admission, parked and running queries, and the sandbox's parse check (query-runtime.ts). */
  readonly queries: QueryRuntime;
  /** The `/meta` document of a deployment's model. */
  meta(deploymentId?: string): Meta;
  /**
   * A new connection whose TEMP VIEWs `orders` and `customers` show the model in `timezone` (session TimeZone set too).
   * The caller closes it. Throws UnknownTimezoneError.
   */
  openQueryConnection(timezone: string): Promise<DuckDBConnection>;
  /** md5 over every generated row, in id order: equal for equal seeds and row counts. */
  dataChecksum(): Promise<string>;
  /** Stops every query and closes the warehouse's own instances (the parser's too). */
  close(): void;
}

/**
 * Opens the warehouse on its own instance (which must hold nothing else: user SQL runs on it), generating its data only
 * when the database lacks it or holds another rows/seed/version, then locks the instance's sandbox (query-sandbox.ts):
 * from then on nothing on it reads files or changes its configuration.
 */
export async function createWarehouse(instance: DuckDBInstance, options: WarehouseOptions): Promise<Warehouse> {
  const { rows, seed } = options;
  const limits = queryLimits(options.limits);
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
    await lockQuerySandbox(conn, limits);
  } finally {
    conn.closeSync();
  }
  const model = SEMANTIC_MODEL;
  const meta = buildMeta(model);
  const internal: ReadonlySet<string> = new Set(['wh_meta']);
  const readable = [...WAREHOUSE_TABLES.filter((t) => !internal.has(t)), ...model.map((v) => v.name)];
  const queries = await QueryRuntime.create(limits, readable);
  return {
    instance,
    model,
    rows,
    seed,
    lastRefreshTime,
    generated,
    deploymentIds: options.deployments.map((d) => d.id),
    spans: new QuerySpans(),
    queries,
    meta: () => structuredClone(meta),
    openQueryConnection: async (timezone: string) => {
      const c = await instance.connect();
      try {
        try {
          await c.run(`SET TimeZone = ${quoteLiteral(timezone)}`);
        } catch {
          throw new UnknownTimezoneError(timezone);
        }
        for (const sql of createModelViewsSql(model, timezone)) await c.run(sql);
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
    close: () => {
      queries.close();
      instance.closeSync();
    },
  };
}
