/**
 * Totals laid into a report's matrix from the platform's totals queries: a bold "Total" row under a flat table; for a
 * pivot a bold "Total" row (the column totals and the grand total) and, after each measure's columns, a bold "Total"
 * column (the row totals). Values are typed as the report's own cells, never summed here.
 */
import type { QueryResult } from '../api/query-result';
import type { Scalar } from '../host';
import type { StreamValue } from '../wire/schemas';
import { typeRowsInto, type TypedRows } from './column-typer';
import { textCell } from './inert-text';
import type { Matrix } from './matrix';
import { resolveMemberColumn } from './member-match';
import { valueKey } from './natural-order';

/** The label of a totals row and column. */
export const TOTAL_LABEL = 'Total';

type Result = Pick<QueryResult, 'columns' | 'rows'>;

/** The measures of the first row of a totals result, typed as cells (format and value). */
function typedMeasures(result: Result, measures: readonly string[]): { values: Scalar[][]; formats: (string | null)[][] } {
  const pick = measures.map((m) => resolveMemberColumn(result.columns, m));
  const typed: TypedRows = { values: [], formats: [] };
  typeRowsInto(result.columns, result.rows, typed, { pick });
  return typed;
}

/** Bold for every cell of a `rows` x `cols` matrix: on for totals, else as the matrix had it. */
function boldWith(
  rows: number,
  cols: number,
  isTotal: (r: number, c: number) => boolean,
  from: (r: number, c: number) => boolean,
): boolean[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => isTotal(r, c) || from(r, c)));
}

function boldOf(m: Matrix): (r: number, c: number) => boolean {
  return (r, c) => (m.bold ? (m.bold[r]?.[c] ?? false) : r < m.headerRows);
}

/**
 * A flat matrix with a totals row: "Total" under the first column when it is not a measure, each measure's grand total
 * under its column. `resultColumns` are the report result's columns (the matrix's columns, in order).
 */
export function withFlatTotals(
  m: Matrix,
  resultColumns: ReadonlyArray<{ name: string }>,
  measures: readonly string[],
  grand: Result,
): Matrix {
  const at = measures.map((name) => resolveMemberColumn(resultColumns, name));
  const typed = typedMeasures(grand, measures);
  const values: Scalar[] = new Array<Scalar>(m.cols).fill(null);
  const formats: (string | null)[] = new Array<string | null>(m.cols).fill(null);
  at.forEach((col, i) => {
    values[col] = typed.values[0]?.[i] ?? null;
    formats[col] = typed.formats[0]?.[i] ?? null;
  });
  if (m.cols > 0 && !at.includes(0)) {
    const label = textCell(TOTAL_LABEL);
    values[0] = label.value;
    formats[0] = label.format;
  }
  const rows = m.rows + 1;
  const wasBold = boldOf(m);
  return {
    ...m,
    rows,
    values: [...m.values, values],
    formats: [...m.formats, formats],
    bold: boldWith(rows, m.cols, (r) => r === m.rows, wasBold),
  };
}

/** What the pivot layout knows of its own shape, for totals to be laid beside it. */
export interface PivotGeometry {
  /** Rows members (label columns) and Columns members. */
  rowMembers: readonly string[];
  columnMembers: readonly string[];
  measures: readonly string[];
  /** Row index (after the header) of each row key, and column index within a measure's block of each column key. */
  rowPos: ReadonlyMap<string, number>;
  colPos: ReadonlyMap<string, number>;
  /** The key of a tuple of members' values, as the layout keyed its rows and columns. */
  keyOf: (values: readonly StreamValue[]) => string;
}

/** The totals results a pivot's totals are read from (see totalsQueries). */
export interface PivotTotalsResults {
  grand: Result;
  /** Totals by Rows members: the Total column of each measure. */
  byRows?: Result;
  /** Totals by Columns members: the Total row. */
  byColumns?: Result;
}

function keyedMeasures(result: Result, members: readonly string[], measures: readonly string[], keyOf: PivotGeometry['keyOf']) {
  const idx = members.map((mm) => resolveMemberColumn(result.columns, mm));
  const typed = typedMeasures(result, measures);
  return result.rows.map((row, i) => ({
    key: keyOf(idx.map((j) => row[j] ?? null)),
    values: typed.values[i] ?? [],
    formats: typed.formats[i] ?? [],
  }));
}

/**
 * A pivot matrix with totals: a Total column after each measure's C columns (from `byRows`, the grand total in its last
 * row) when `byRows` is given, and a Total row at the bottom (from `byColumns`) when it is given.
 */
export function withPivotTotals(m: Matrix, g: PivotGeometry, totals: PivotTotalsResults): Matrix {
  const r = g.rowMembers.length;
  const C = g.colPos.size;
  const M = g.measures.length;
  const totalCol = totals.byRows !== undefined;
  const totalRow = totals.byColumns !== undefined;
  const block = C + (totalCol ? 1 : 0);
  const cols = r + M * block;
  const rows = m.rows + (totalRow ? 1 : 0);
  const newCol = (c: number) => (c < r ? c : r + Math.floor((c - r) / C) * block + ((c - r) % C));
  const values: Scalar[][] = Array.from({ length: rows }, () => new Array<Scalar>(cols).fill(null));
  const formats: (string | null)[][] = Array.from({ length: rows }, () => new Array<string | null>(cols).fill(null));
  const wasBold = boldOf(m);
  const bold: boolean[][] = Array.from({ length: rows }, () => new Array<boolean>(cols).fill(false));
  for (let i = 0; i < m.rows; i++)
    for (let c = 0; c < m.cols; c++) {
      const nc = newCol(c);
      values[i]![nc] = m.values[i]?.[c] ?? null;
      formats[i]![nc] = m.formats[i]?.[c] ?? null;
      bold[i]![nc] = wasBold(i, c);
    }
  const put = (row: number, col: number, value: Scalar, format: string | null) => {
    values[row]![col] = value;
    formats[row]![col] = format;
    bold[row]![col] = true;
  };
  const label = textCell(TOTAL_LABEL);
  const grand = typedMeasures(totals.grand, g.measures);
  if (totalCol && totals.byRows) {
    const byRow = keyedMeasures(totals.byRows, g.rowMembers, g.measures, g.keyOf);
    for (let mi = 0; mi < M; mi++) {
      const col = r + mi * block + C;
      // Headers: the measure's title above, "Total" where the column labels are.
      put(0, col, m.values[0]?.[r + mi * C] ?? null, m.formats[0]?.[r + mi * C] ?? null);
      if (m.headerRows > 1) put(1, col, label.value, label.format);
      for (const t of byRow) {
        const at = g.rowPos.get(t.key);
        if (at !== undefined) put(m.headerRows + at, col, t.values[mi] ?? null, t.formats[mi] ?? null);
      }
      if (totalRow) put(rows - 1, col, grand.values[0]?.[mi] ?? null, grand.formats[0]?.[mi] ?? null);
    }
  }
  if (totalRow && totals.byColumns) {
    const last = rows - 1;
    if (r > 0) put(last, 0, label.value, label.format);
    for (let c = 1; c < r; c++) bold[last]![c] = true;
    const byCol = keyedMeasures(totals.byColumns, g.columnMembers, g.measures, g.keyOf);
    for (const t of byCol) {
      const at = g.colPos.get(t.key);
      if (at === undefined) continue;
      for (let mi = 0; mi < M; mi++) put(last, r + mi * block + at, t.values[mi] ?? null, t.formats[mi] ?? null);
    }
  }
  return { rows, cols, values, formats, headerRows: m.headerRows, bold };
}

/** The key pivot layouts give a tuple of members' values (each valueKey prefixed by its length). */
export function tupleKeyOf(values: readonly StreamValue[]): string {
  let key = '';
  for (const v of values) {
    const part = valueKey(v);
    key += `${part.length}:${part}`;
  }
  return key;
}
