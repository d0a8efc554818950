/** Streams a started query's result: the header line (column types and measure formats), then data lines chunk by chunk. */
import type { DuckDBDataChunk, DuckDBValue } from '@duckdb/node-api';
import { columnTypeOf } from './column-types';
import type { QueryFaults } from './query-faults';
import { ndjsonLine, type ResponseStream } from './response-stream';
import { columnFormats } from './result-column-formats';
import { rowFaultOf, strike } from './row-faults';
import type { Opened, RunningQuery } from './running-query';
import { hasExplicitLimit } from './sql-rewrite';
import { endsWithMarker } from './stream-end-marker';
import { cellEncoder } from './value-encoding';
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

/** Encodes rows [from, to) of a chunk's columns as one data line. */
function dataLine(
  columns: readonly (readonly DuckDBValue[])[],
  encoders: ReadonlyArray<(v: DuckDBValue) => string>,
  from: number,
  to: number,
): string {
  let text = '{"data":[';
  for (let r = from; r < to; r++) {
    text += r === from ? '[' : ',[';
    for (let c = 0; c < encoders.length; c++) {
      if (c > 0) text += ',';
      text += encoders[c]!(columns[c]![r] ?? null);
    }
    text += ']';
  }
  return `${text}]}\n`;
}

/** One data line from rows [from, to) of row JSON texts. */
function jsonRowsLine(rows: readonly DuckDBValue[], from: number, to: number): string {
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
  timezone: string,
): Promise<void> {
  const { result, names, types, jsonRows } = opened.query;
  const failed = (rows: number): string => (running.stoppedByTimeLimit ? running.failureMessage(null) : failedMidStream(rows));
  // A successful query's stream holds at least the end marker: nothing at all is a failure before the first row.
  if (opened.chunk === null || opened.chunk.rowCount === 0) return stream.endWithError(failed(0));
  const encoders = types.map((t) => cellEncoder(t, timezone));
  const formats = columnFormats(query, options.warehouse.model, names);
  const header = {
    schema: names.map((name, i) => ({ name, column_type: columnTypeOf(types[i]!), ...formats[i] })),
    lastRefreshTime: options.warehouse.lastRefreshTime,
  };
  await stream.write(ndjsonLine(header));

  const cap = options.rowCap === undefined ? DEFAULT_ROW_CAP : options.rowCap;
  const limit = cap === null || hasExplicitLimit(sql) ? Infinity : cap;
  const perLine = Math.max(1, options.maxRowsPerLine ?? MAX_ROWS_PER_LINE);
  const fault = rowFaultOf(options.faults);
  let sent = 0;
  let complete = false;
  let chunk: DuckDBDataChunk | null = opened.chunk;
  while (chunk !== null && chunk.rowCount > 0 && !stream.closed && sent < limit) {
    complete = endsWithMarker(chunk);
    // Column 0 is the end marker; the data rows are the chunk's rows but the marker row.
    const columns = jsonRows ? [] : chunk.getColumns().slice(1);
    const rows = jsonRows ? chunk.getColumnValues(1) : [];
    const rowCount = chunk.rowCount - (complete ? 1 : 0);
    let offset = 0;
    while (offset < rowCount && sent < limit) {
      let take = Math.min(rowCount - offset, perLine, limit - sent);
      if (fault !== null) take = Math.min(take, fault.afterRows - sent);
      if (take > 0) {
        await stream.write(jsonRows ? jsonRowsLine(rows, offset, offset + take) : dataLine(columns, encoders, offset, offset + take));
        if (stream.closed) return;
        offset += take;
        sent += take;
      }
      if (fault !== null && sent >= fault.afterRows) return strike(fault, stream, sent);
    }
    if (complete || sent >= limit) break;
    chunk = await running.nextChunk(result);
  }
  if (stream.closed) return;
  if (!complete && sent < limit) return stream.endWithError(failed(sent));
  if (fault !== null) return strike(fault, stream, sent);
  stream.end(sent === 0 ? ndjsonLine({ data: [] }) : undefined);
}
