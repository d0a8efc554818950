/**
 * The end marker of a streamed query: DuckDB's streaming fetch ends the same way (an empty chunk) whether the query is
 * exhausted or failed mid-stream, and the binding does not expose `duckdb_result_error`, so the query runs with one
 * extra last row flagged in a leading BOOLEAN column, and only a stream that reaches that row is complete.
 */
import type { DuckDBDataChunk } from '@duckdb/node-api';
import { stripTrailingTerminators } from './sql-row-encoding';

/** Name of the leading marker column (false on every data row, true on the one last row). */
export const END_MARKER_COLUMN = '__svc_end';

/**
 * `SELECT false, q.* FROM (<sql>) q UNION ALL SELECT true, NULL, ...`: the query's rows, each behind a `false`, then one
 * row `true, NULL...`. UNION ALL keeps its inputs in order (and the subquery its ORDER BY) while insertion order is
 * preserved, DuckDB's default.
 */
export function withEndMarker(sql: string, columnCount: number): string {
  const names = Array.from({ length: columnCount }, (_, i) => `c${i}`);
  const columns = names.map((n) => `__svc_m.${n}`).join(', ');
  const nulls = names.map(() => 'NULL').join(', ');
  return (
    `SELECT false AS ${END_MARKER_COLUMN}, ${columns} FROM (\n${stripTrailingTerminators(sql)}\n) AS __svc_m(${names.join(', ')})\n` +
    `UNION ALL SELECT true, ${nulls}`
  );
}

/** Whether the chunk's last row is the end marker (the chunk's other rows are data rows). */
export function endsWithMarker(chunk: DuckDBDataChunk): boolean {
  return chunk.rowCount > 0 && chunk.getColumnVector(0).getItem(chunk.rowCount - 1) === true;
}
