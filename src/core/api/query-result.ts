/** The decoded result of one SQL query run and the options of a run: what the query client returns to the orchestrator. */
import type { CancelSignal } from '../runtime/cancel-signal';
import type { CacheMode, StreamColumn, StreamHeader, StreamValue } from '../wire/schemas';

export interface QueryProgress {
  bytes: number;
  rows: number;
  elapsedMs: number;
}

export interface QueryRunOptions {
  query: string;
  timezone?: string;
  cache?: CacheMode;
  signal?: CancelSignal;
  onProgress?: (progress: QueryProgress) => void;
}

export interface QueryResult {
  columns: StreamColumn[];
  rows: StreamValue[][];
  lastRefreshTime?: string;
  usedPreAggregations?: StreamHeader['usedPreAggregations'];
  bytes: number;
  elapsedMs: number;
}

/** What the orchestrator needs from the query client. */
export interface QueryRunner {
  run(options: QueryRunOptions): Promise<QueryResult>;
}
