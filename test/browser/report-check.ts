/**
 * Checks a placed report's cells against reference rows computed directly on the platform.
 * Every value exact, headers bold, no formulas.
 */
import type { Scalar } from '../../src/core/host';
import type { WireValue } from './platform-sql';
import type { PreviewWorkbook } from './preview-workbook';
import { assert, assertEqual } from './wait-for';

export interface Area {
  sheet: string;
  /** "B2:D7" */
  range: string;
  /** 1-based first row and column, and size. */
  row: number;
  col: number;
  rows: number;
  cols: number;
}

export function columnName(col: number): string {
  let s = '';
  for (let x = col; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

function columnNumber(letters: string): number {
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
}

export function cellName(row: number, col: number): string {
  return `${columnName(col)}${row}`;
}

export function rangeName(row: number, col: number, rows: number, cols: number): string {
  return `${cellName(row, col)}:${cellName(row + rows - 1, col + cols - 1)}`;
}

/** "Sheet1!B2:D7" (or a single cell) to an Area. */
export function parseArea(label: string): Area {
  const m = /^'?(.+?)'?!([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(label);
  if (!m) throw new Error(`Not a range label: ${label}`);
  const sheet = m[1]!.replace(/''/g, "'");
  const row = Number(m[3]);
  const col = columnNumber(m[2]!);
  const row2 = m[5] === undefined ? row : Number(m[5]);
  const col2 = m[4] === undefined ? col : columnNumber(m[4]);
  return { sheet, row, col, rows: row2 - row + 1, cols: col2 - col + 1, range: rangeName(row, col, row2 - row + 1, col2 - col + 1) };
}

/** Reference rows as the sheet should hold them: numeric columns as numbers, text as text, SQL NULL as an empty cell. */
export function expectedCells(rows: readonly WireValue[][], numericColumns: readonly number[]): Scalar[][] {
  return rows.map((r) =>
    r.map((v, i) => {
      if (v === null) return null;
      if (numericColumns.includes(i)) {
        const n = typeof v === 'number' ? v : Number(v);
        if (!Number.isFinite(n)) throw new Error(`Reference value ${String(v)} of column ${i} is not a number.`);
        return n;
      }
      return v;
    }),
  );
}

function byKey(a: Scalar[], b: Scalar[]): number {
  const ka = JSON.stringify(a);
  const kb = JSON.stringify(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

export interface ReportCheck {
  /** The body rows the report must hold (order-free unless `ordered`). */
  expected: Scalar[][];
  ordered?: boolean;
}

/**
 * Reads the whole area (header + body) and checks: the shape is the reference's, every header cell is non-empty text and
 * bold, every body cell equals the reference exactly (numbers as numbers), no cell is a formula, and the row below and the
 * column to the right are empty. Returns the cells read.
 */
export async function checkReport(wb: PreviewWorkbook, area: Area, check: ReportCheck): Promise<Scalar[][]> {
  const cols = check.expected[0]?.length ?? area.cols;
  assertEqual(
    { rows: area.rows, cols: area.cols },
    { rows: check.expected.length + 1, cols },
    `The size of ${area.sheet}!${area.range} is not the reference's (header + rows)`,
  );
  const values = await wb.getValues(area.sheet, area.range);
  const header = values[0] ?? [];
  for (const [i, h] of header.entries())
    assert(
      typeof h === 'string' && h.trim() !== '',
      `Header cell ${cellName(area.row, area.col + i)} is empty or not text: ${JSON.stringify(h)}`,
    );
  const flags = await wb.flags(area.sheet, area);
  assert(
    flags.bold[0]?.every((b) => b) === true,
    `The header row of ${area.sheet}!${area.range} is not bold: ${JSON.stringify(flags.bold[0])}`,
  );
  for (const [r, row] of flags.formula.entries()) {
    const c = row.findIndex((f) => f);
    assert(c < 0, `${area.sheet}!${cellName(area.row + r, area.col + c)} became a formula (${JSON.stringify(values[r]?.[c])})`);
  }
  const body = values.slice(1);
  for (const [r, row] of body.entries())
    for (const [c, v] of row.entries()) {
      const e = check.expected[r]?.[c];
      if (typeof e === 'number')
        assert(typeof v === 'number', `${area.sheet}!${cellName(area.row + 1 + r, area.col + c)} holds ${JSON.stringify(v)}, not a number`);
    }
  // A numeric column is styled as a whole: no cell keeps a format of what stood there before (a count shown as money).
  const formats = (await wb.formats(area.sheet, area.range)).slice(1);
  for (let c = 0; c < cols; c++) {
    const seen = new Set(body.flatMap((row, r) => (typeof row[c] === 'number' ? [formats[r]?.[c] ?? null] : [])));
    assert(
      seen.size <= 1,
      `The numbers under ${area.sheet}!${cellName(area.row, area.col + c)} have mixed number formats: ${JSON.stringify([...seen])}`,
    );
  }
  const actual = check.ordered ? body : [...body].sort(byKey);
  const expected = check.ordered ? check.expected : [...check.expected].sort(byKey);
  for (let i = 0; i < Math.max(actual.length, expected.length); i++) {
    assertEqual(
      actual[i],
      expected[i],
      `Row ${i + 1} of ${area.sheet}!${area.range} (${check.ordered ? 'in order' : 'sorted'}) differs from the platform's own answer`,
    );
  }
  const below = await wb.getValues(area.sheet, rangeName(area.row + area.rows, area.col, 1, area.cols));
  assert(below[0]?.every((v) => v === null) === true, `The row under ${area.sheet}!${area.range} is not empty: ${JSON.stringify(below)}`);
  const right = await wb.getValues(area.sheet, rangeName(area.row, area.col + area.cols, area.rows, 1));
  assert(
    right.every((r) => r[0] === null),
    `The column right of ${area.sheet}!${area.range} is not empty`,
  );
  return values;
}
