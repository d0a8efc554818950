/** The pivot layout: a cross-tab of a flat result, Rows members down the left, Columns members and measures across the top. */
import { AddinError } from '../api/errors';
import type { QueryResult } from '../api/query-result';
import type { PivotItems, StreamValue } from '../api/schemas';
import type { Scalar } from '../host';
import { buildFlatMatrix, type LayoutOptions } from './flat-layout';
import { textCell } from './inert-text';
import type { Matrix } from './matrix';
import { lookupTitle, resolveMemberColumn } from './member-match';
import { compareWireTuples, valueKey } from './natural-order';
import type { TypedCell } from './typed-cell';
import { typeColumn } from './value-typing';

/** The pivot fields this layout reads (filters only shape the query). */
export type PivotLayoutItems = Pick<PivotItems, 'rows' | 'columns' | 'measures' | 'measuresAxis' | 'measuresPosition'>;

/** The only measure placement seen on the wire: measures across the columns, as the outer header level. */
export const SUPPORTED_MEASURES_AXIS = 'columns';
export const SUPPORTED_MEASURES_POSITION = 'before';

function invalid(message: string, data: Record<string, unknown>): AddinError {
  return new AddinError('validation', message, { data });
}

interface Key {
  values: StreamValue[];
  /** A result row holding this key (its typed cells give the header/label cells). */
  firstRow: number;
}

function describe(v: StreamValue): string {
  if (v === null) return '(empty)';
  return typeof v === 'string' ? `"${v}"` : String(v);
}

function resolveMembers(result: Pick<QueryResult, 'columns'>, pivot: PivotLayoutItems) {
  if (pivot.measuresAxis !== undefined && pivot.measuresAxis !== SUPPORTED_MEASURES_AXIS) {
    throw invalid(`This pivot puts measures on "${pivot.measuresAxis}"; the add-in lays out measures on columns only. Move the measures to the columns.`, { measuresAxis: pivot.measuresAxis });
  }
  if (pivot.measuresPosition !== undefined && pivot.measuresPosition !== SUPPORTED_MEASURES_POSITION) {
    throw invalid(`This pivot places measures "${pivot.measuresPosition}" the column members; the add-in supports "before" only.`, { measuresPosition: pivot.measuresPosition });
  }
  const members = [...pivot.rows, ...pivot.columns, ...pivot.measures];
  const indexes = members.map((m) => resolveMemberColumn(result.columns, m));
  for (let i = 0; i < members.length; i++) {
    for (let j = 0; j < i; j++) {
      if (indexes[i] === indexes[j]) {
        throw invalid(`The pivot lists "${members[j] ?? ''}" and "${members[i] ?? ''}", which are the same result column; list each member once.`, { members: [members[j], members[i]] });
      }
    }
  }
  const r = pivot.rows.length;
  const k = pivot.columns.length;
  return { rowIdx: indexes.slice(0, r), colIdx: indexes.slice(r, r + k), measureIdx: indexes.slice(r + k) };
}

/**
 * Lays out `result` as a cross-tab.
 * - Header rows (k = number of Columns members, k >= 1): row 0 holds the measure titles (measures are the outer level,
 *   measuresAxis "columns", measuresPosition "before"); rows 1..k hold the Columns members' values. Every header cell
 *   is filled (labels repeat across their span: no merged cells, each data column is self-describing).
 * - Corner: the last header row holds the Rows members' titles; rows 1..k-1 hold the title of that row's Columns
 *   member in the last row-label column (the innermost Columns member's title has no cell when Rows members exist).
 * - Row keys and column keys are in natural order (compareWireValues: numbers numerically, then false/true, then text
 *   by code point, which orders ISO dates chronologically, null last), element by element.
 * - A combination without a result row leaves its cells empty; two result rows with the same Rows and Columns values
 *   are a validation error naming them.
 * - Members match result columns by name: exactly, else without the `view.` prefix on either side, else ignoring case.
 * - Without Columns members this is the flat layout of the Rows and measure columns, in result order.
 */
export function buildPivotMatrix(result: Pick<QueryResult, 'columns' | 'rows'>, pivot: PivotLayoutItems, options: LayoutOptions = {}): Matrix {
  const { rowIdx, colIdx, measureIdx } = resolveMembers(result, pivot);
  const columns = result.columns;
  const titleOf = (member: string, idx: number): string => {
    const name = columns[idx]?.name ?? member;
    return lookupTitle(options.titles, member, name) ?? name;
  };

  if (colIdx.length === 0) {
    const selected = [...rowIdx, ...measureIdx];
    const memberNames = [...pivot.rows, ...pivot.measures];
    const titles: Record<string, string> = {};
    selected.forEach((idx, i) => {
      const col = columns[idx];
      if (col) titles[col.name] = titleOf(memberNames[i] ?? col.name, idx);
    });
    return buildFlatMatrix(
      { columns: selected.flatMap((idx) => columns[idx] ?? []), rows: result.rows.map((row) => selected.map((idx) => row[idx] ?? null)) },
      { titles, memberFormats: options.memberFormats },
    );
  }

  const typed = new Map<number, TypedCell[]>();
  for (const idx of [...rowIdx, ...colIdx, ...measureIdx]) {
    const col = columns[idx];
    if (col) typed.set(idx, typeColumn(col, result.rows.map((row) => row[idx] ?? null), { memberFormats: options.memberFormats }));
  }
  const cellOf = (idx: number, row: number): TypedCell => typed.get(idx)?.[row] ?? { value: null, format: null };

  const rowKeys = new Map<string, Key>();
  const colKeys = new Map<string, Key>();
  const seen = new Map<string, number>();
  const placements: Array<{ rk: string; ck: string; row: number }> = [];
  result.rows.forEach((row, i) => {
    const rv = rowIdx.map((idx) => row[idx] ?? null);
    const cv = colIdx.map((idx) => row[idx] ?? null);
    const rk = JSON.stringify(rv.map(valueKey));
    const ck = JSON.stringify(cv.map(valueKey));
    if (!rowKeys.has(rk)) rowKeys.set(rk, { values: rv, firstRow: i });
    if (!colKeys.has(ck)) colKeys.set(ck, { values: cv, firstRow: i });
    const both = `${rk}\u0000${ck}`;
    if (seen.has(both)) {
      const parts = [
        ...pivot.rows.map((m, j) => `${m} = ${describe(rv[j] ?? null)}`),
        ...pivot.columns.map((m, j) => `${m} = ${describe(cv[j] ?? null)}`),
      ];
      throw invalid(
        `The result has more than one row for ${parts.join(', ')}. A pivot needs one row per combination of its Rows and Columns members: group the query by all of them.`,
        { key: parts, rows: [seen.get(both), i] },
      );
    }
    seen.set(both, i);
    placements.push({ rk, ck, row: i });
  });

  const sortKeys = (keys: Map<string, Key>) => [...keys.entries()].sort((a, b) => compareWireTuples(a[1].values, b[1].values));
  const sortedRows = sortKeys(rowKeys);
  const sortedCols = sortKeys(colKeys);
  const rowPos = new Map(sortedRows.map(([key], i) => [key, i]));
  const colPos = new Map(sortedCols.map(([key], i) => [key, i]));

  const r = rowIdx.length;
  const k = colIdx.length;
  const C = sortedCols.length;
  const headerRows = k + 1;
  const rows = headerRows + sortedRows.length;
  const cols = r + measureIdx.length * C;
  const values: Scalar[][] = Array.from({ length: rows }, () => new Array<Scalar>(cols).fill(null));
  const formats: (string | null)[][] = Array.from({ length: rows }, () => new Array<string | null>(cols).fill(null));
  const put = (row: number, col: number, cell: TypedCell): void => {
    const vr = values[row];
    const fr = formats[row];
    if (vr && fr) {
      vr[col] = cell.value;
      fr[col] = cell.format;
    }
  };

  // Header: measure titles (outer), then one row per Columns member.
  measureIdx.forEach((idx, m) => {
    const title = textCell(titleOf(pivot.measures[m] ?? '', idx));
    for (let c = 0; c < C; c++) put(0, r + m * C + c, title);
  });
  sortedCols.forEach(([, key], c) => {
    colIdx.forEach((idx, level) => {
      const cell = cellOf(idx, key.firstRow);
      for (let m = 0; m < measureIdx.length; m++) put(1 + level, r + m * C + c, cell);
    });
  });
  // Corner.
  if (r > 0) {
    for (let level = 0; level < k - 1; level++) put(1 + level, r - 1, textCell(titleOf(pivot.columns[level] ?? '', colIdx[level] ?? -1)));
    rowIdx.forEach((idx, j) => put(k, j, textCell(titleOf(pivot.rows[j] ?? '', idx))));
  }
  // Row labels.
  sortedRows.forEach(([, key], i) => {
    rowIdx.forEach((idx, j) => put(headerRows + i, j, cellOf(idx, key.firstRow)));
  });
  // Measure values.
  for (const p of placements) {
    const i = rowPos.get(p.rk) ?? 0;
    const c = colPos.get(p.ck) ?? 0;
    measureIdx.forEach((idx, m) => put(headerRows + i, r + m * C + c, cellOf(idx, p.row)));
  }
  return { rows, cols, values, formats, headerRows };
}
