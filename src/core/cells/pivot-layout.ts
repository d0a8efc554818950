/** The pivot layout: a cross-tab of a flat result, Rows members down the left, Columns members and measures across the top. */
import { AddinError } from '../errors/addin-error';
import type { QueryResult } from '../api/query-result';
import type { PivotItems, StreamValue } from '../wire/schemas';
import type { Scalar } from '../host';
import { typeRowsInto, type TypedRows } from './column-typer';
import { buildFlatMatrix, type LayoutOptions } from './flat-layout';
import { textCell } from './inert-text';
import type { Matrix } from './matrix';
import {
  MEASURE_LABEL,
  MEASURES_AXES,
  MEASURES_POSITIONS,
  placeMeasures,
  type MeasuresAxis,
  type MeasuresPosition,
} from './measure-placement';
import { lookupTitle, resolveMemberColumn } from './member-match';
import { compareWireTuples, valueKey } from './natural-order';
import { tupleKeyOf, withPivotTotals, type PivotTotalsResults } from './totals-layout';
import type { TypedCell } from './typed-cell';

/** The pivot fields this layout reads (filters only shape the query). */
export type PivotLayoutItems = Pick<PivotItems, 'rows' | 'columns' | 'measures' | 'measuresAxis' | 'measuresPosition'>;

/** A placement a pivot does not name: measures across the columns, as the outer header level (as seen on the wire). */
const DEFAULT_AXIS: MeasuresAxis = 'columns';
const DEFAULT_POSITION: MeasuresPosition = 'before';

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

/** The members' values of a row as one string, distinct for distinct tuples: tupleKeyOf of those values, without a copy. */
function tupleKey(row: readonly StreamValue[], idx: readonly number[]): string {
  let key = '';
  for (const j of idx) {
    const part = valueKey(row[j] ?? null);
    key += `${part.length}:${part}`;
  }
  return key;
}

/** The error for two result rows with the same Rows and Columns values (`rows`: the earlier one first). */
function duplicateRows(
  pivot: PivotLayoutItems,
  row: readonly StreamValue[],
  rowIdx: readonly number[],
  colIdx: readonly number[],
  rows: [number, number],
): AddinError {
  const parts = [
    ...pivot.rows.map((m, j) => `${m} = ${describe(row[rowIdx[j] ?? -1] ?? null)}`),
    ...pivot.columns.map((m, j) => `${m} = ${describe(row[colIdx[j] ?? -1] ?? null)}`),
  ];
  return invalid(
    `The result has more than one row for ${parts.join(', ')}. A pivot needs one row per combination of its Rows and Columns members: group the query by all of them.`,
    { key: parts, rows },
  );
}

/** The pivot's measure placement; an axis or position the add-in does not know is a validation error naming it. */
function placementOf(pivot: PivotLayoutItems): { axis: MeasuresAxis; position: MeasuresPosition } {
  const axis = pivot.measuresAxis ?? DEFAULT_AXIS;
  const position = pivot.measuresPosition ?? DEFAULT_POSITION;
  const knownAxis = MEASURES_AXES.find((a) => a === axis);
  const knownPosition = MEASURES_POSITIONS.find((p) => p === position);
  if (knownAxis === undefined) {
    throw invalid(`This pivot puts measures on "${axis}"; the add-in lays out measures on "columns" or "rows".`, { measuresAxis: axis });
  }
  if (knownPosition === undefined) {
    throw invalid(`This pivot places measures "${position}" the members; the add-in supports "before" and "after".`, {
      measuresPosition: position,
    });
  }
  return { axis: knownAxis, position: knownPosition };
}

function resolveMembers(result: Pick<QueryResult, 'columns'>, pivot: PivotLayoutItems) {
  const members = [...pivot.rows, ...pivot.columns, ...pivot.measures];
  const indexes = members.map((m) => resolveMemberColumn(result.columns, m));
  for (let i = 0; i < members.length; i++) {
    for (let j = 0; j < i; j++) {
      if (indexes[i] === indexes[j]) {
        throw invalid(
          `The pivot lists "${members[j] ?? ''}" and "${members[i] ?? ''}", which are the same result column; list each member once.`,
          { members: [members[j], members[i]] },
        );
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
 * - With `totals` (the results of totalsQueries), a bold Total column per measure and a bold Total row (withPivotTotals).
 */
export function buildPivotMatrix(
  result: Pick<QueryResult, 'columns' | 'rows'>,
  pivot: PivotLayoutItems,
  options: LayoutOptions = {},
  totals?: PivotTotalsResults,
): Matrix {
  const placement = placementOf(pivot);
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

  // The members' columns typed once, row by row: typed row i holds row i's Rows members (cells 0..r-1), Columns
  // members (r..r+k-1) and measures (r+k...), in the pivot's order.
  const r = rowIdx.length;
  const k = colIdx.length;
  const typed: TypedRows = { values: [], formats: [] };
  typeRowsInto(columns, result.rows, typed, { pick: [...rowIdx, ...colIdx, ...measureIdx], memberFormats: options.memberFormats });
  const cellOf = (cell: number, row: number): TypedCell => ({
    value: typed.values[row]?.[cell] ?? null,
    format: typed.formats[row]?.[cell] ?? null,
  });

  // Each result row's Rows key and Columns key (tupleKey); each distinct key with its values and first row.
  const rowKeys = new Map<string, Key>();
  const colKeys = new Map<string, Key>();
  const rowKeyOf: string[] = [];
  const colKeyOf: string[] = [];
  result.rows.forEach((row, i) => {
    const rk = tupleKey(row, rowIdx);
    const ck = tupleKey(row, colIdx);
    if (!rowKeys.has(rk)) rowKeys.set(rk, { values: rowIdx.map((idx) => row[idx] ?? null), firstRow: i });
    if (!colKeys.has(ck)) colKeys.set(ck, { values: colIdx.map((idx) => row[idx] ?? null), firstRow: i });
    rowKeyOf.push(rk);
    colKeyOf.push(ck);
  });

  const sortKeys = (keys: Map<string, Key>) => [...keys.entries()].sort((a, b) => compareWireTuples(a[1].values, b[1].values));
  const sortedRows = sortKeys(rowKeys);
  const sortedCols = sortKeys(colKeys);
  const rowPos = new Map(sortedRows.map(([key], i) => [key, i]));
  const colPos = new Map(sortedCols.map(([key], i) => [key, i]));

  // Where each result row goes; the first row whose combination an earlier row already took is an error.
  const C = sortedCols.length;
  const rowAt = new Int32Array(result.rows.length);
  const colAt = new Int32Array(result.rows.length);
  const taken = new Map<number, number>();
  for (let i = 0; i < result.rows.length; i++) {
    const ri = rowPos.get(rowKeyOf[i] ?? '') ?? 0;
    const ci = colPos.get(colKeyOf[i] ?? '') ?? 0;
    const slot = ri * C + ci;
    const first = taken.get(slot);
    if (first !== undefined) throw duplicateRows(pivot, result.rows[i] ?? [], rowIdx, colIdx, [first, i]);
    taken.set(slot, i);
    rowAt[i] = ri;
    colAt[i] = ci;
  }

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
    for (let level = 0; level < k; level++) {
      const cell = cellOf(r + level, key.firstRow);
      for (let m = 0; m < measureIdx.length; m++) put(1 + level, r + m * C + c, cell);
    }
  });
  // Corner.
  if (r > 0) {
    for (let level = 0; level < k - 1; level++) put(1 + level, r - 1, textCell(titleOf(pivot.columns[level] ?? '', colIdx[level] ?? -1)));
    rowIdx.forEach((idx, j) => put(k, j, textCell(titleOf(pivot.rows[j] ?? '', idx))));
  }
  // Row labels.
  sortedRows.forEach(([, key], i) => {
    for (let j = 0; j < r; j++) put(headerRows + i, j, cellOf(j, key.firstRow));
  });
  // Measure values, copied straight from the typed rows.
  for (let i = 0; i < result.rows.length; i++) {
    const vr = values[headerRows + (rowAt[i] ?? 0)];
    const fr = formats[headerRows + (rowAt[i] ?? 0)];
    const tv = typed.values[i];
    const tf = typed.formats[i];
    if (!vr || !fr || !tv || !tf) continue;
    const c = colAt[i] ?? 0;
    for (let m = 0; m < measureIdx.length; m++) {
      vr[r + m * C + c] = tv[r + k + m] ?? null;
      fr[r + m * C + c] = tf[r + k + m] ?? null;
    }
  }
  const matrix = { rows, cols, values, formats, headerRows };
  const geometry = { rowMembers: pivot.rows, columnMembers: pivot.columns, measures: pivot.measures, rowPos, colPos, keyOf: tupleKeyOf };
  const withTotals = totals ? withPivotTotals(matrix, geometry, totals) : matrix;
  const shape = {
    r,
    k,
    measures: measureIdx.length,
    block: C + (totals?.byRows ? 1 : 0),
    rowTitles: rowIdx.map((idx, j) => textCell(titleOf(pivot.rows[j] ?? '', idx))),
    columnTitles: colIdx.map((idx, level) => textCell(titleOf(pivot.columns[level] ?? '', idx))),
    measureLabel: textCell(MEASURE_LABEL),
  };
  return placeMeasures(withTotals, shape, placement.axis, placement.position);
}
