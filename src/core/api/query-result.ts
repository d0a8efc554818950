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

/**
 * Takes the result's rows line by line as they arrive (the flat layout types them at once), so the stream's rows are
 * never kept whole. header() starts afresh: a retried run (a Continue wait) calls it again.
 */
export interface ResultRowSink {
  header(columns: readonly StreamColumn[]): void;
  add(rows: readonly (readonly StreamValue[])[]): void;
  /**
   * Like add, for rows fresh from the decoder that nothing else holds: the sink may keep and change them (type them in
   * place). Their longer strings may be views of the stream's text: the sink copies the ones it keeps (`ownText`).
   */
  adopt?(rows: StreamValue[][]): void;
}

export interface QueryRunOptions {
  query: string;
  timezone?: string;
  cache?: CacheMode;
  signal?: CancelSignal;
  budget?: ResultBudget;
  onProgress?: (progress: QueryProgress) => void;
  /** Hand the rows to this sink as they arrive instead of keeping them in the result (a runner may ignore it). */
  sink?: ResultRowSink;
}

export interface QueryResult {
  columns: StreamColumn[];
  /** The rows, or none when they went to the run's sink (`sunk`). */
  rows: StreamValue[][];
  /** The rows went to the run's sink, not into `rows`. */
  sunk?: true;
  lastRefreshTime?: string;
  usedPreAggregations?: StreamHeader['usedPreAggregations'];
  bytes: number;
  elapsedMs: number;
}

/** What the orchestrator needs from the query client. */
export interface QueryRunner {
  run(options: QueryRunOptions): Promise<QueryResult>;
}
