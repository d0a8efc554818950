/** Where a pivot's measures go: a cross-tab laid with measures as the outer column level, re-laid per measuresAxis/Position. */
import type { Scalar } from '../host';
import type { Matrix } from './matrix';
import type { TypedCell } from './typed-cell';

export const MEASURES_AXES = ['columns', 'rows'] as const;
export const MEASURES_POSITIONS = ['before', 'after'] as const;
export type MeasuresAxis = (typeof MEASURES_AXES)[number];
export type MeasuresPosition = (typeof MEASURES_POSITIONS)[number];

/** The header of the label column that names each row's measure (measures on rows). */
export const MEASURE_LABEL = 'Measure';

/** What the cross-tab's shape is, for its measures to be moved. */
export interface CrossTabShape {
  /** Rows members (label columns) and Columns members (header rows under the measure titles). */
  r: number;
  k: number;
  /** Measures, and each measure's block width (its column keys, plus its Total column when there is one). */
  measures: number;
  block: number;
  /** Titles of the Rows members and of every Columns member, for the corner. */
  rowTitles: readonly TypedCell[];
  columnTitles: readonly TypedCell[];
  measureLabel: TypedCell;
}

interface Grid {
  values: Scalar[][];
  formats: (string | null)[][];
  bold: boolean[][];
}

function blank(rows: number, cols: number): Grid {
  return {
    values: Array.from({ length: rows }, () => new Array<Scalar>(cols).fill(null)),
    formats: Array.from({ length: rows }, () => new Array<string | null>(cols).fill(null)),
    bold: Array.from({ length: rows }, () => new Array<boolean>(cols).fill(false)),
  };
}

/** A copy of `m`'s cells to edit in place. */
function grid(m: Matrix): Grid {
  return {
    values: m.values.map((row) => [...row]),
    formats: m.formats.map((row) => [...row]),
    bold: Array.from({ length: m.rows }, (_, r) => Array.from({ length: m.cols }, (_, c) => boldAt(m, r, c))),
  };
}

/** The re-laid matrix; bold is set cell by cell only where `m` had it so (else its header rows are the bold ones). */
function finish(m: Matrix, rows: number, cols: number, headerRows: number, g: Grid): Matrix {
  const { values, formats, bold } = g;
  return m.bold ? { rows, cols, headerRows, values, formats, bold } : { rows, cols, headerRows, values, formats };
}

function boldAt(m: Matrix, r: number, c: number): boolean {
  return m.bold ? (m.bold[r]?.[c] ?? false) : r < m.headerRows;
}

/** Copies cell (sr, sc) of `m` to (dr, dc) of `g`, bold as it was or as `bold` says. */
function copy(m: Matrix, g: Grid, sr: number, sc: number, dr: number, dc: number, bold?: boolean): void {
  const vr = g.values[dr];
  const fr = g.formats[dr];
  const br = g.bold[dr];
  if (!vr || !fr || !br) return;
  vr[dc] = m.values[sr]?.[sc] ?? null;
  fr[dc] = m.formats[sr]?.[sc] ?? null;
  br[dc] = bold ?? boldAt(m, sr, sc);
}

function boldRow(g: Grid, row: number): void {
  const br = g.bold[row];
  if (br) br.fill(true);
}

function put(g: Grid, r: number, c: number, cell: TypedCell): void {
  const vr = g.values[r];
  const fr = g.formats[r];
  const br = g.bold[r];
  if (!vr || !fr || !br) return;
  vr[c] = cell.value;
  fr[c] = cell.format;
  br[c] = true;
}

/**
 * One measure: its title heads no column. With two or more Rows and Columns members each, the corner has a free cell
 * (top-left) for it and its own header row is dropped (the Columns members' rows are the header); otherwise the title
 * keeps its row, written once in the top-left cell, so the sheet always says what the numbers are. Axis and position
 * do not apply.
 */
function singleMeasure(m: Matrix, s: CrossTabShape): Matrix {
  const g = grid(m);
  const title = { value: m.values[0]?.[s.r] ?? null, format: m.formats[0]?.[s.r] ?? null };
  if (s.k >= 2 && s.r >= 2) {
    g.values.shift();
    g.formats.shift();
    g.bold.shift();
    put(g, 0, 0, title);
    return finish(m, m.rows - 1, m.cols, m.headerRows - 1, g);
  }
  g.values[0]?.fill(null, s.r);
  g.formats[0]?.fill(null, s.r);
  put(g, 0, 0, title);
  boldRow(g, 0);
  return finish(m, m.rows, m.cols, m.headerRows, g);
}

/**
 * Measures on the columns, inside the Columns members: header rows 0..k-1 hold the Columns members' values and row k
 * the measure titles; each column key's block holds one column per measure. Every Columns member is titled beside its
 * row, the Rows members under them.
 */
function columnsAfter(m: Matrix, s: CrossTabShape): Matrix {
  const { r, k, measures: M, block: B } = s;
  const g = blank(m.rows, m.cols);
  const H = k + 1;
  const rowOf = (i: number) => (i === 0 ? k : i <= k ? i - 1 : i);
  for (let i = 0; i < m.rows; i++) {
    for (let j = 0; j < r; j++) if (i >= H) copy(m, g, i, j, i, j);
    for (let mi = 0; mi < M; mi++) for (let c = 0; c < B; c++) copy(m, g, i, r + mi * B + c, rowOf(i), r + c * M + mi);
  }
  if (r > 0) {
    s.columnTitles.forEach((t, level) => put(g, level, r - 1, t));
    s.rowTitles.forEach((t, j) => put(g, k, j, t));
  }
  for (let i = 0; i < H; i++) boldRow(g, i);
  return finish(m, m.rows, m.cols, H, g);
}

/**
 * Measures on the rows: a label column names each line's measure (first with `before`, after the Rows members with
 * `after`); `before` lists every row key per measure, `after` every measure per row key. Header rows are the Columns
 * members' values only.
 */
function onRows(m: Matrix, s: CrossTabShape, position: MeasuresPosition): Matrix {
  const { r, k, measures: M, block: B } = s;
  const H = k + 1;
  const D = m.rows - H;
  const L = r + 1;
  const measureCol = position === 'before' ? 0 : r;
  const labelCol = (j: number) => (position === 'before' ? j + 1 : j);
  const lineOf = (i: number, mi: number) => k + (position === 'before' ? mi * D + i : i * M + mi);
  const rows = k + D * M;
  const cols = L + B;
  const g = blank(rows, cols);
  for (let level = 0; level < k; level++) for (let c = 0; c < B; c++) copy(m, g, 1 + level, r + c, level, L + c, true);
  for (let mi = 0; mi < M; mi++) {
    const title = { value: m.values[0]?.[r + mi * B] ?? null, format: m.formats[0]?.[r + mi * B] ?? null };
    for (let i = 0; i < D; i++) {
      const line = lineOf(i, mi);
      for (let j = 0; j < r; j++) copy(m, g, H + i, j, line, labelCol(j));
      for (let c = 0; c < B; c++) copy(m, g, H + i, r + mi * B + c, line, L + c);
      put(g, line, measureCol, title);
      // The measure's name is bold as a label only where its line is a totals line.
      const br = g.bold[line];
      if (br) br[measureCol] = boldAt(m, H + i, 0);
    }
  }
  for (let level = 0; level < k - 1; level++) {
    const t = s.columnTitles[level];
    if (t) put(g, level, L - 1, t);
  }
  s.rowTitles.forEach((t, j) => put(g, k - 1, labelCol(j), t));
  put(g, k - 1, measureCol, s.measureLabel);
  for (let i = 0; i < k; i++) boldRow(g, i);
  return finish(m, rows, cols, k, g);
}

/**
 * The cross-tab `m` (measures the outer column level: header row 0 holds the measure titles, rows 1..k the Columns
 * members' values, each measure a block of `block` columns after `r` label columns) with its measures placed as asked.
 */
export function placeMeasures(m: Matrix, s: CrossTabShape, axis: MeasuresAxis, position: MeasuresPosition): Matrix {
  if (s.measures === 1) return singleMeasure(m, s);
  if (s.measures === 0 || s.k === 0) return m;
  if (axis === 'rows') return onRows(m, s, position);
  return position === 'after' ? columnsAfter(m, s) : m;
}
