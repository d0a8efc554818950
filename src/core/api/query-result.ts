/** The decoded result of one SQL query run and the options of a run: what the query client returns to the orchestrator. */
import type { CancelSignal } from '../runtime/cancel-signal';
import type { CacheMode, StreamColumn, StreamHeader, StreamValue } from '../wire/schemas';

export interface QueryProgress {
  bytes: number;
  rows: number;
  elapsedMs: number;
}

/**
 * What a result may hold at most: the run stops reading the moment the stream passes a bound (a `limit` error), so a
 * result the target cannot hold is never kept whole in memory. Every bound is optional.
 */
export interface ResultBudget {
  /** Data rows (the sheet's rows below the anchor, less the header row). */
  maxRows?: number;
  /** Columns of the result. */
  maxCols?: number;
  /** UTF-8 bytes of the stream (the runtime's memory: a task pane, Apps Script's fetch cap). */
  maxBytes?: number;
}

export interface QueryRunOptions {
  query: string;
  timezone?: string;
  cache?: CacheMode;
  signal?: CancelSignal;
  budget?: ResultBudget;
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
