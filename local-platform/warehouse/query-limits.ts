/**
 * What one query and all queries together may use on the local platform: the engine process's memory, DuckDB's memory
 * and threads, time, SQL and row size, slots.
 */
import os from 'node:os';

export interface QueryLimits {
  /**
   * Address space the engine process may map (the OS enforces it): what bounds the memory of every query together,
   * allocations DuckDB's `memory_limit` does not count included. A size such as '3GB'; '0B' sets none.
   */
  engineMemory: string;
  /** DuckDB `memory_limit` of the warehouse instance (every query shares it), e.g. '1.5GB'; kept below engineMemory. */
  memoryLimit: string;
  /** DuckDB `threads` of the warehouse instance (default: the machine's available parallelism). */
  threads: number;
  /** Bytes one result row may take; a query returning a larger one fails before the row is encoded. */
  maxRowBytes: number;
  /** DuckDB `max_temp_directory_size`: how much a query may spill to disk. */
  maxTempDirectorySize: string;
  /** Engine time a query may take (its run, not the time its client takes to read) before it is interrupted. */
  timeLimitMs: number;
  /** Bytes of SQL text a query may have (UTF-8). */
  maxSqlBytes: number;
  /** Queries one caller may have running (parked Continue-wait queries count). */
  maxRunningPerCaller: number;
  /** Queries running on the platform at once. */
  maxRunningTotal: number;
  /** Queries one caller may have waiting for a slot; one more is answered 429. */
  maxQueuedPerCaller: number;
  /** Continue-wait queries parked on the platform at once; parking one more stops the oldest. */
  maxParked: number;
  /**
   * A parked query whose client has not come back for it this long (retries come within seconds) is taken as abandoned:
   * a new query of its caller that finds no free slot stops it instead of waiting behind it.
   */
  abandonedParkMs: number;
}

/**
 * Defaults for an analyst's laptop: room for the sample model's queries, far from taking the machine. A caller may run
 * as many queries as the add-in sends at once (Google Sheets' Refresh all fetches 10 in one batch), and the total
 * leaves room for a second user, whose queries are admitted round-robin with the first's once it is reached.
 */
export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  engineMemory: '3GB',
  memoryLimit: '1.5GB',
  threads: os.availableParallelism(),
  maxRowBytes: 8 * 1024 * 1024,
  maxTempDirectorySize: '2GB',
  timeLimitMs: 120_000,
  maxSqlBytes: 128 * 1024,
  maxRunningPerCaller: 10,
  maxRunningTotal: 16,
  maxQueuedPerCaller: 16,
  maxParked: 8,
  abandonedParkMs: 15_000,
};

/** `partial` over the defaults. */
export function queryLimits(partial: Partial<QueryLimits> = {}): QueryLimits {
  return { ...DEFAULT_QUERY_LIMITS, ...partial };
}

/** A size setting DuckDB accepts ('512MB', '2GB', '1.5GiB'), else an error naming `what`. */
export function checkSize(what: string, value: string): string {
  if (!/^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(value)) {
    throw new Error(`${what} needs a size such as 512MB or 2GB (got "${value}").`);
  }
  return value;
}

const UNIT_BYTES: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

/** The bytes of a size setting (checkSize's forms; DuckDB reads KB, MB, GB as powers of 1000). */
export function sizeBytes(what: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(checkSize(what, value).trim());
  return Math.floor(Number(m![1]) * UNIT_BYTES[m![2]!.toLowerCase()]!);
}

/** The DuckDB settings of `limits`, run on the warehouse instance before its configuration is locked. */
export function engineLimitSettings(limits: QueryLimits): string[] {
  return [
    `SET memory_limit = '${checkSize('memoryLimit', limits.memoryLimit)}'`,
    `SET threads = ${Math.max(1, Math.floor(limits.threads))}`,
    `SET max_temp_directory_size = '${checkSize('maxTempDirectorySize', limits.maxTempDirectorySize)}'`,
  ];
}
