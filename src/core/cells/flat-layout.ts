/** The flat layout: one header row of column titles, then one typed row per result row. */
import type { QueryResult } from '../api/query-result';
import type { Scalar } from '../host';
import { textCell } from './inert-text';
import type { Matrix } from './matrix';
import { lookupTitle } from './member-match';
import { typeColumn } from './value-typing';

export interface LayoutOptions {
  /** Header titles by column or member name (`status` or `orders.status`); a column without one shows its name. */
  titles?: Readonly<Record<string, string>>;
  /** Apply members' percent/currency hints as number formats (default true). */
  memberFormats?: boolean;
}

/**
 * Lays out `result` as a table: header row of titles (inert text: a title like "=x" or "2024" stays text), then the
 * rows in result order, each value typed by its column (typeColumn). `headerRows` is 1.
 */
export function buildFlatMatrix(result: Pick<QueryResult, 'columns' | 'rows'>, options: LayoutOptions = {}): Matrix {
  const { columns, rows } = result;
  const header = columns.map((c) => textCell(lookupTitle(options.titles, c.name) ?? c.name));
  const typedColumns = columns.map((c, j) =>
    typeColumn(c, rows.map((r) => r[j] ?? null), { memberFormats: options.memberFormats }),
  );
  const values: Scalar[][] = [header.map((h) => h.value)];
  const formats: (string | null)[][] = [header.map((h) => h.format)];
  for (let i = 0; i < rows.length; i++) {
    values.push(typedColumns.map((col) => col[i]?.value ?? null));
    formats.push(typedColumns.map((col) => col[i]?.format ?? null));
  }
  return { rows: rows.length + 1, cols: columns.length, values, formats, headerRows: 1 };
}
