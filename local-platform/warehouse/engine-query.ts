/**
 * A query on the engine's side: prepared as one SELECT, streamed behind the end marker with each row's size computed by
 * DuckDB, and read in batches of encoded row texts. A row larger than the cap fails the query before JavaScript reads
 * or encodes its values, so no single value can fill the engine's heap or a batch.
 */
import { StatementType, type DuckDBConnection, type DuckDBDataChunk, type DuckDBResult, type DuckDBType } from '@duckdb/node-api';
import { columnTypeOf } from './column-types';
import type { EngineBatch } from './engine-protocol';
import { jsonRowsQuery, stripTrailingTerminators } from './sql-row-encoding';
import { endsWithMarker, withEndMarker } from './stream-end-marker';
import { cellEncoder } from './value-encoding';

/** Column of the executed query holding each row's size in bytes (after the end marker, before the payload). */
const SIZE_COLUMN = 1;
/** First payload column of the executed query. */
const PAYLOAD_COLUMN = 2;

export interface RowCaps {
  maxRowBytes: number;
  batchBytes: number;
}

const sized = (n: number): string => n.toLocaleString('en-US');

/** A row over the cap: the query fails with this message. */
export function rowTooLargeMessage(bytes: number, cap: number): string {
  return (
    `A row of the result is ${sized(bytes)} bytes, more than the ${sized(cap)} the platform returns in one row; ` +
    'select fewer or smaller values (aggregate lists and long texts, or split them over rows).'
  );
}

/**
 * `SELECT <bytes>, s.* FROM (<inner>) s(c0, ...)`: the payload behind the size of each row, which DuckDB computes
 * (the row text's length, or the text length of each value the JavaScript encoder would read).
 */
function withRowSize(inner: string, payload: number, jsonRows: boolean): string {
  const names = Array.from({ length: payload }, (_, i) => `c${i}`);
  const size = jsonRows
    ? `strlen(__svc_s.c0)`
    : names.length === 0
      ? '0'
      : names.map((n) => `COALESCE(strlen(CAST(__svc_s.${n} AS VARCHAR)), 0)`).join(' + ');
  return `SELECT ${size} AS __svc_bytes, __svc_s.* FROM (\n${stripTrailingTerminators(inner)}\n) AS __svc_s(${names.join(', ')})`;
}

export class EngineQuery {
  private pending: string[] = [];
  private done = false;
  private complete = false;

  private constructor(
    private readonly result: DuckDBResult,
    private readonly encode: ((chunk: DuckDBDataChunk) => string[]) | null,
    private readonly caps: RowCaps,
    readonly names: string[],
    readonly types: DuckDBType[],
  ) {}

  /** Prepares the single SELECT of `sql` on `conn` and starts streaming it, encoded by DuckDB when its types allow. */
  static async start(conn: DuckDBConnection, sql: string, timezone: string, caps: RowCaps): Promise<EngineQuery> {
    // The server's parse check let through exactly one statement: it is prepared as it is.
    const prepared = await conn.prepare(sql);
    let names: string[];
    let types: DuckDBType[];
    try {
      if (prepared.statementType !== StatementType.SELECT) throw new Error('Only SELECT queries are supported');
      names = Array.from({ length: prepared.columnCount }, (_, i) => prepared.columnName(i));
      types = Array.from({ length: prepared.columnCount }, (_, i) => prepared.columnType(i));
    } finally {
      prepared.destroySync();
    }
    const wrapped = jsonRowsQuery(sql, types);
    const payload = wrapped === null ? types.length : 1;
    const executed = withEndMarker(withRowSize(wrapped ?? sql, payload, wrapped !== null), payload + 1);
    const preparedRows = await conn.prepare(executed);
    try {
      const result = await preparedRows.stream();
      return new EngineQuery(result, wrapped === null ? rowEncoder(types, timezone) : null, caps, names, types);
    } finally {
      preparedRows.destroySync();
    }
  }

  /** Whether the stream was read to its end (the connection is free for another query). */
  get finished(): boolean {
    return this.done && this.pending.length === 0;
  }

  /** The engine's names of the result's column types (the stream header's). */
  get columnTypes(): ReturnType<typeof columnTypeOf>[] {
    return this.types.map(columnTypeOf);
  }

  /** The next rows, at most `batchBytes` of them (at least one); fetches a chunk when none are pending. */
  async next(): Promise<EngineBatch> {
    if (this.pending.length === 0 && !this.done) await this.fetch();
    let bytes = 0;
    let take = 0;
    while (take < this.pending.length && (take === 0 || bytes + this.pending[take]!.length <= this.caps.batchBytes)) {
      bytes += this.pending[take]!.length;
      take++;
    }
    const rows = this.pending.slice(0, take);
    this.pending = this.pending.slice(take);
    const done = this.done && this.pending.length === 0;
    return { rows, done, complete: done && this.complete };
  }

  private async fetch(): Promise<void> {
    const chunk = await this.result.fetchChunk();
    if (chunk === null || chunk.rowCount === 0) {
      this.done = true;
      return;
    }
    const marker = endsWithMarker(chunk);
    const rowCount = chunk.rowCount - (marker ? 1 : 0);
    const sizes = chunk.getColumnValues(SIZE_COLUMN);
    for (let r = 0; r < rowCount; r++) {
      const size = Number(sizes[r] ?? 0);
      if (size > this.caps.maxRowBytes) throw new Error(rowTooLargeMessage(size, this.caps.maxRowBytes));
    }
    const rows = this.encode === null ? (chunk.getColumnValues(PAYLOAD_COLUMN).slice(0, rowCount) as string[]) : this.encode(chunk);
    for (const row of rows.slice(0, rowCount)) {
      // The estimate counts values' text; the encoded row adds quotes and escapes.
      if (row.length > this.caps.maxRowBytes) throw new Error(rowTooLargeMessage(row.length, this.caps.maxRowBytes));
    }
    this.pending = rows.slice(0, rowCount);
    if (marker) {
      this.done = true;
      this.complete = true;
    }
  }
}

/** Encodes each data row of a chunk (payload columns from PAYLOAD_COLUMN) as the JSON text of its data row. */
function rowEncoder(types: readonly DuckDBType[], timezone: string): (chunk: DuckDBDataChunk) => string[] {
  const encoders = types.map((t) => cellEncoder(t, timezone));
  return (chunk) => {
    const columns = chunk.getColumns().slice(PAYLOAD_COLUMN);
    const rows: string[] = [];
    for (let r = 0; r < chunk.rowCount; r++) {
      let text = '[';
      for (let c = 0; c < encoders.length; c++) {
        if (c > 0) text += ',';
        text += encoders[c]!(columns[c]![r] ?? null);
      }
      rows.push(`${text}]`);
    }
    return rows;
  };
}
