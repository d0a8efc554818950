/** Streams a started query's result: the header line (column types and measure formats), then data lines batch by batch. */
import type { EngineBatch } from './engine-protocol';
import type { QueryFaults } from './query-faults';
import { ndjsonLine, type ResponseStream } from './response-stream';
import { columnFormats } from './result-column-formats';
import { rowFaultOf, strike } from './row-faults';
import type { Opened, RunningQuery } from './running-query';
import { hasExplicitLimit } from './sql-rewrite';
import type { Warehouse } from './warehouse';

/** Rows of a query without its own LIMIT (the platform's default cap; an explicit LIMIT streams everything asked). */
export const DEFAULT_ROW_CAP = 10_000;
/** Rows per data line at most: one DuckDB vector. */
export const MAX_ROWS_PER_LINE = 2048;

export interface RowStreamOptions {
  warehouse: Warehouse;
  faults: QueryFaults | null;
  /** Cap for queries without a top-level LIMIT; null disables it. Default DEFAULT_ROW_CAP. */
  rowCap?: number | null;
  /** Rows per data line at most. Default MAX_ROWS_PER_LINE. */
  maxRowsPerLine?: number;
}

/** The error line of a query whose stream ended before its end marker (DuckDB gives the stream no error text). */
const failedMidStream = (rowsSent: number): string =>
  `Query failed while its result was streamed, after ${rowsSent} rows; the rows sent are incomplete.`;

/** One data line from rows [from, to) of row JSON texts. */
function dataLine(rows: readonly string[], from: number, to: number): string {
  return `{"data":[${rows.slice(from, to).join(',')}]}\n`;
}

/** Writes the whole answer of an opened query (`query` is the caller's text, `sql` the rewritten one run). */
export async function streamRows(
  running: RunningQuery,
  opened: Opened,
  stream: ResponseStream,
  options: RowStreamOptions,
  query: string,
  sql: string,
): Promise<void> {
  const { names, columnTypes } = opened;
  const failed = (rows: number): string => (running.stoppedByTimeLimit ? running.failureMessage(null) : failedMidStream(rows));
  // A successful query's stream holds at least the end marker: nothing at all is a failure before the first row.
  if (opened.batch.done && !opened.batch.complete) return stream.endWithError(failed(0));
  const formats = columnFormats(query, options.warehouse.model, names);
  const header = {
    schema: names.map((name, i) => ({ name, column_type: columnTypes[i]!, ...formats[i] })),
    lastRefreshTime: options.warehouse.lastRefreshTime,
  };
  await stream.write(ndjsonLine(header));

  const cap = options.rowCap === undefined ? DEFAULT_ROW_CAP : options.rowCap;
  const limit = cap === null || hasExplicitLimit(sql) ? Infinity : cap;
  const perLine = Math.max(1, options.maxRowsPerLine ?? MAX_ROWS_PER_LINE);
  const fault = rowFaultOf(options.faults);
  let sent = 0;
  let batch: EngineBatch = opened.batch;
  for (;;) {
    const { rows } = batch;
    let offset = 0;
    while (offset < rows.length && sent < limit && !stream.closed) {
      let take = Math.min(rows.length - offset, perLine, limit - sent);
      if (fault !== null) take = Math.min(take, fault.afterRows - sent);
      if (take > 0) {
        await stream.write(dataLine(rows, offset, offset + take));
        if (stream.closed) return;
        offset += take;
        sent += take;
      }
      if (fault !== null && sent >= fault.afterRows) return strike(fault, stream, sent);
    }
    if (batch.done || sent >= limit || stream.closed) break;
    batch = await running.nextBatch();
  }
  if (stream.closed) return;
  if (!batch.complete && sent < limit) return stream.endWithError(failed(sent));
  if (fault !== null) return strike(fault, stream, sent);
  stream.end(sent === 0 ? ndjsonLine({ data: [] }) : undefined);
}
