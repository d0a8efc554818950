/** The flat layout: one header row of column titles, then one typed row per result row. */
import type { QueryResult } from '../api/query-result';
import { typeRowsInto, type TypedRows } from './column-typer';
import { textCell } from './inert-text';
import type { Matrix } from './matrix';
import { lookupTitle } from './member-match';

export interface LayoutOptions {
  /** Header titles by column or member name (`status` or `orders.status`); a column without one shows its name. */
  titles?: Readonly<Record<string, string>>;
  /** Apply members' percent/currency hints as number formats (default true). */
  memberFormats?: boolean;
}

/**
 * Lays out `result` as a table: header row of titles (inert text: a title like "=x" or "2024" stays text), then the
 * rows in result order, each value typed by its column (typeRowsInto). `headerRows` is 1.
 */
export function buildFlatMatrix(result: Pick<QueryResult, 'columns' | 'rows'>, options: LayoutOptions = {}): Matrix {
  const { columns, rows } = result;
  const header = columns.map((c) => textCell(lookupTitle(options.titles, c.name) ?? c.name));
  const typed: TypedRows = { values: [header.map((h) => h.value)], formats: [header.map((h) => h.format)] };
  typeRowsInto(columns, rows, typed, { memberFormats: options.memberFormats });
  return { rows: rows.length + 1, cols: columns.length, values: typed.values, formats: typed.formats, headerRows: 1 };
}
