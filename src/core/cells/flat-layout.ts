/** The flat layout: one header row of column titles, then one typed row per result row. */
import type { QueryResult } from '../api/query-result';
import type { StreamColumn, StreamValue } from '../wire/schemas';
import { createRowsTyper, type RowsTyper, type TypedRows } from './column-typer';
import { textCell } from './inert-text';
import type { Matrix } from './matrix';
import type { Scalar } from '../host';
import { lookupTitle } from './member-match';

export interface LayoutOptions {
  /** Header titles by column or member name (`status` or `orders.status`); a column without one shows its name. */
  titles?: Readonly<Record<string, string>>;
  /** Apply members' percent/currency hints as number formats (default true). */
  memberFormats?: boolean;
}

/** The flat layout built as the result's lines arrive: typed rows are kept, the stream's rows are not. */
export interface FlatLayoutBuilder {
  /** The result's columns (the stream's header): starts the layout afresh. */
  header(columns: readonly StreamColumn[]): void;
  /** One data line's rows, typed at once (the rows are left as they are). */
  add(rows: readonly (readonly StreamValue[])[]): void;
  /** Like add, for rows nothing else holds: each row of the result's width becomes its typed row (typed in place). */
  adopt(rows: StreamValue[][]): void;
  /** The matrix: the header row of titles, then every row added. Call once, after the last line. */
  finish(options?: LayoutOptions): Matrix;
}

/** A FlatLayoutBuilder: the same matrix buildFlatMatrix lays out of the same columns and rows. */
export function createFlatLayout(memberFormats?: boolean): FlatLayoutBuilder {
  let columns: readonly StreamColumn[] = [];
  let typed: TypedRows = { values: [[]], formats: [[]] };
  let typer: RowsTyper | null = null;
  return {
    header(cols) {
      columns = cols;
      // Row 0 is the header row, titled in finish() (titles are known once the result is).
      typed = { values: [[]], formats: [[]] };
      typer = createRowsTyper(cols, typed, { memberFormats });
    },
    add(rows) {
      if (typer === null) throw new Error('Flat layout: rows before the header.');
      typer.add(rows);
    },
    adopt(rows) {
      if (typer === null) throw new Error('Flat layout: rows before the header.');
      typer.adopt(rows);
    },
    finish(options = {}) {
      if (typer === null) throw new Error('Flat layout: no header.');
      typer.finish();
      const header = flatHeaderRow(columns, options.titles);
      typed.values[0] = header.values;
      typed.formats[0] = header.formats;
      return { rows: typed.values.length, cols: columns.length, values: typed.values, formats: typed.formats, headerRows: 1 };
    },
  };
}

/** The header row of a flat table: each column's title (its name when untitled) as inert text. */
export function flatHeaderRow(
  columns: readonly StreamColumn[],
  titles: LayoutOptions['titles'],
): { values: Scalar[]; formats: (string | null)[] } {
  const header = columns.map((c) => textCell(lookupTitle(titles, c.name) ?? c.name));
  return { values: header.map((h) => h.value), formats: header.map((h) => h.format) };
}

/**
 * Lays out `result` as a table: header row of titles (inert text: a title like "=x" or "2024" stays text), then the
 * rows in result order, each value typed by its column (createRowsTyper). `headerRows` is 1.
 */
export function buildFlatMatrix(result: Pick<QueryResult, 'columns' | 'rows'>, options: LayoutOptions = {}): Matrix {
  const layout = createFlatLayout(options.memberFormats);
  layout.header(result.columns);
  layout.add(result.rows);
  return layout.finish(options);
}
