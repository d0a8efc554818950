/**
 * The sample warehouse as the server sees it: the semantic model and its metadata, and the query engine process that
 * holds the data (engine-main.ts) with the runtime that admits and runs queries on it.
 */
import type { Meta } from '../../src/core/wire/schemas';
import { EngineProcess } from './engine-process';
import { WAREHOUSE_TABLES } from './generate-data';
import { buildMeta } from './model-meta';
import { queryLimits, sizeBytes, type QueryLimits } from './query-limits';
import { QueryRuntime } from './query-runtime';
import { QuerySpans } from './query-spans';
import { SEMANTIC_MODEL, type SemanticModel } from './semantic-model';

export const DEFAULT_ROWS = 100_000;
export const DEFAULT_SEED = 42;

/** Bytes of row texts the engine sends in one message at most: a whole DuckDB chunk of ordinary rows. */
const BATCH_BYTES = 4 * 1024 * 1024;
/** Pool threads of the engine besides one per admitted query (connections opening, closing). */
const SPARE_POOL_THREADS = 4;

export interface WarehouseOptions {
  /** The database in memory, or `<dataDir>/warehouse.duckdb`. */
  memory: boolean;
  dataDir: string;
  /** Number of orders. */
  rows: number;
  seed: number;
  /** Limits of the queries run on it (query-limits.ts); defaults for the rest. */
  limits?: Partial<QueryLimits>;
}

export interface Warehouse {
  readonly model: SemanticModel;
  readonly rows: number;
  readonly seed: number;
  /** ISO time the data was generated: the stream header's `lastRefreshTime`. */
  readonly lastRefreshTime: string;
  /** True when this start generated the data, false when it reused what the database held. */
  readonly generated: boolean;
  /** Continue-wait counters and simulated slow queries, per span. */
  readonly spans: QuerySpans;
  /** Limits, admission, parked and running queries, the engine process and the sandbox's parse check (query-runtime.ts). */
  readonly queries: QueryRuntime;
  /** The `/meta` document of a deployment's model. */
  meta(deploymentId?: string): Meta;
  /** Stops every query, ends the engine process and closes the parser. */
  close(): Promise<void>;
}

/**
 * Starts the engine process on the warehouse's database (generating its data when the database lacks it or holds
 * another rows/seed/version) and the runtime of its queries.
 */
export async function startWarehouse(options: WarehouseOptions): Promise<Warehouse> {
  const { rows, seed } = options;
  const limits = queryLimits(options.limits);
  const { engine, lastRefreshTime, generated } = await EngineProcess.start({
    memory: options.memory,
    dataDir: options.dataDir,
    rows,
    seed,
    memoryLimit: limits.memoryLimit,
    threads: Math.max(1, Math.floor(limits.threads)),
    maxTempDirectorySize: limits.maxTempDirectorySize,
    maxRowBytes: limits.maxRowBytes,
    batchBytes: BATCH_BYTES,
    addressSpaceBytes: sizeBytes('engineMemory', limits.engineMemory),
    poolThreads: Math.min(1024, limits.maxRunningTotal + SPARE_POOL_THREADS),
  });
  const model = SEMANTIC_MODEL;
  const meta = buildMeta(model);
  const internal: ReadonlySet<string> = new Set(['wh_meta']);
  const readable = [...WAREHOUSE_TABLES.filter((t) => !internal.has(t)), ...model.map((v) => v.name)];
  let queries: QueryRuntime;
  try {
    queries = await QueryRuntime.create(limits, readable, engine);
  } catch (e) {
    await engine.close();
    throw e;
  }
  return {
    model,
    rows,
    seed,
    lastRefreshTime,
    generated,
    spans: new QuerySpans(),
    queries,
    meta: () => structuredClone(meta),
    close: () => queries.close(),
  };
}
