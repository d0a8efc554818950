/** Tests for the column typer: whole columns and results typed in one pass agree with typeValue plus the column-wide rules. */
import fc from 'fast-check';
import type { ColumnType, StreamColumn, StreamValue } from '../../../src/core/wire/schemas';
import { createRowsTyper, typeRowsInto, type TypedRows } from '../../../src/core/cells/column-typer';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT } from '../../../src/core/cells/date-serial';
import { buildFlatMatrix, createFlatLayout } from '../../../src/core/cells/flat-layout';
import { memberNumberFormat } from '../../../src/core/cells/member-format';
import { typeColumn, typeValue, valueKind, type TypedCell } from '../../../src/core/cells/value-typing';

/** The column rules over the per-value reference: typeValue for each value, then the timestamp and member formats. */
function referenceColumn(
  column: Pick<StreamColumn, 'column_type' | 'format' | 'currency'>,
  values: readonly StreamValue[],
  memberFormats = true,
): TypedCell[] {
  const cells = values.map((v) => typeValue(column.column_type, v));
  const kind = valueKind(column.column_type);
  const isTimestamp = (c: TypedCell) => c.format === DATE_TIME_FORMAT || c.format === DATE_TIME_MS_FORMAT;
  if (kind === 'date') {
    const anyFraction = cells.some((c) => c.format === DATE_TIME_MS_FORMAT);
    const anyTimeOfDay = cells.some((c) => isTimestamp(c) && typeof c.value === 'number' && c.value !== Math.floor(c.value));
    const format = anyFraction ? DATE_TIME_MS_FORMAT : anyTimeOfDay ? DATE_TIME_FORMAT : DATE_FORMAT;
    return cells.map((c) => (isTimestamp(c) ? { ...c, format } : c));
  }
  const numberFormat = kind === 'number' && memberFormats ? memberNumberFormat(column) : null;
  return cells.map((c) => (numberFormat !== null && typeof c.value === 'number' && c.format === null ? { ...c, format: numberFormat } : c));
}

const COLUMN_TYPES: ColumnType[] = [
  'String',
  'VarStr',
  'Blob',
  { Interval: 'DayTime' },
  { List: { String: null } },
  'Int64',
  'Int32',
  'UInt8',
  { Decimal: [18, 2] },
  { Decimal: [38, 0] },
  'Numeric',
  'Double',
  'Float64',
  'Real',
  'Boolean',
  'bool',
  'Timestamp',
  'Timestamptz',
  'DateTime64',
  { Date: false },
];

const pad = (n: number, w: number) => String(n).padStart(w, '0');
/** Digit strings of a length drawn uniformly from 1 to `max` (fast-check's default sizes would rarely pass 10 digits). */
const digitText = (max: number) =>
  fc.integer({ min: 1, max }).chain((n) => fc.string({ unit: fc.constantFrom('0', '1', '2', '5', '9'), minLength: n, maxLength: n }));

/** Every kind of value the engine sends, and the odd ones a column of the wrong type may hold. */
const wireValue: fc.Arbitrary<StreamValue> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-0, 0, 1e21, Number.MAX_SAFE_INTEGER + 2)),
  // Number text: integers and decimals of any length, exponents.
  fc
    .tuple(fc.constantFrom('', '-', '+'), digitText(20), fc.option(digitText(20)), fc.constantFrom('', '', 'e5', 'E-3', 'e400'))
    .map(([s, i, f, e]) => `${s}${i}${f === null ? '' : `.${f}`}${e}`),
  fc.double({ noNaN: true }).map(String),
  // Dates and timestamps, some at midnight, some before 1900-03-01, some impossible.
  fc
    .record({
      y: fc.integer({ min: 1850, max: 2100 }),
      mo: fc.integer({ min: 1, max: 13 }),
      d: fc.integer({ min: 1, max: 31 }),
      time: fc.constantFrom('', 'T00:00:00', 'T00:00:00.000', ' 06:30', 'T12:00:00.250', 'T23:59:59.999999999', 'T24:00:00', 'Z'),
    })
    .map(({ y, mo, d, time }) => `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}${time}`),
  fc.constantFrom(
    'true',
    'FALSE',
    't',
    'F',
    'yes',
    '',
    ' ',
    '=1+1',
    '#N/A',
    "'x",
    '１２３',
    'Order 12',
    'NaN',
    '-Infinity',
    'Zürich',
    '東京',
    '😀',
  ),
  fc.string({ maxLength: 8 }),
);

const column = fc.record({
  column_type: fc.constantFrom(...COLUMN_TYPES),
  format: fc.constantFrom(undefined, 'percent', 'currency', 'number', { custom: 'x' }),
  currency: fc.constantFrom(undefined, 'EUR', 'JPY', 'CHF', 'usd', 'EURO'),
});

describe('typeColumn', () => {
  it('types every value as typeValue does, then applies the column-wide rules, for columns of every type', () => {
    fc.assert(
      fc.property(column, fc.array(wireValue, { maxLength: 30 }), fc.boolean(), (c, values, memberFormats) => {
        expect(typeColumn(c, values, { memberFormats })).toEqual(referenceColumn(c, values, memberFormats));
      }),
      { numRuns: 3000 },
    );
  });

  it('shows a column of timestamps without a time of day as dates, whatever else the column holds', () => {
    const cells = typeColumn({ column_type: 'Timestamp' }, ['2024-01-01T00:00:00', '2024-01-02', 'n/a', null, true]);
    expect(cells).toEqual([
      { value: 45292, format: DATE_FORMAT },
      { value: 45293, format: DATE_FORMAT },
      { value: 'n/a', format: null },
      { value: null, format: null },
      { value: true, format: null },
    ]);
  });
});

describe('typeRowsInto', () => {
  it('types whole results row by row as each column alone would be typed', () => {
    const scenario = fc.array(column, { minLength: 1, maxLength: 6 }).chain((columns) =>
      fc.record({
        columns: fc.constant(columns.map((c, j) => ({ name: `c${j}`, ...c }))),
        // Rows may be shorter or longer than the columns: a missing value is null, an extra one is ignored.
        rows: fc.array(fc.array(wireValue, { minLength: Math.max(0, columns.length - 1), maxLength: columns.length + 1 }), {
          maxLength: 25,
        }),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ columns, rows }) => {
        const matrix = buildFlatMatrix({ columns, rows });
        columns.forEach((c, j) => {
          const expected = referenceColumn(
            c,
            rows.map((r) => r[j] ?? null),
          );
          expect(matrix.values.slice(1).map((r) => r[j])).toEqual(expected.map((t) => t.value));
          expect(matrix.formats.slice(1).map((r) => r[j])).toEqual(expected.map((t) => t.format));
        });
        expect(matrix.values.every((r) => r.length === columns.length)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('types a picked subset of columns, in the picked order, after rows already there', () => {
    const columns = [
      { name: 'a', column_type: 'String' },
      { name: 'b', column_type: 'Timestamp' },
      { name: 'c', column_type: 'Int64', format: 'percent' },
    ];
    const typed: TypedRows = { values: [['kept']], formats: [[null]] };
    typeRowsInto(
      columns,
      [
        ['x', '2024-01-01T00:00:00.000', '0.5'],
        ['9', '2024-01-01T12:00:00.000', '1'],
      ],
      typed,
      { pick: [2, 1] },
    );
    expect(typed).toEqual({
      values: [['kept'], [0.5, 45292], [1, 45292.5]],
      formats: [[null], ['0.00%', DATE_TIME_FORMAT], ['0.00%', DATE_TIME_FORMAT]],
    });
  });
});

/** A result cut into lines: up to 3 columns, up to 20 rows of 3 values, where the lines end, and memberFormats. */
const linesOfAResult = [
  fc.array(column, { minLength: 1, maxLength: 3 }),
  fc.array(fc.array(wireValue, { minLength: 3, maxLength: 3 }), { maxLength: 20 }),
  fc.array(fc.nat(20), { maxLength: 4 }),
  fc.boolean(),
] as const;

describe('createFlatLayout', () => {
  it('types lines as they arrive as the reference types whole columns, however the rows are cut into lines', () => {
    fc.assert(
      fc.property(...linesOfAResult, (cols, rows, cuts, memberFormats) => {
        const columns = cols.map((c, i) => ({ ...c, name: `c${i}` }) as StreamColumn);
        const layout = createFlatLayout(memberFormats);
        // A first attempt's header (a Continue wait retried) is forgotten by the next one.
        layout.header([{ name: 'stale', column_type: 'String' }]);
        layout.add([['left over']]);
        layout.header(columns);
        const bounds = [0, ...cuts.map((c) => Math.min(c, rows.length)).sort((a, b) => a - b), rows.length];
        for (let k = 0; k + 1 < bounds.length; k++) layout.add(rows.slice(bounds[k], bounds[k + 1]));
        const m = layout.finish({ memberFormats, titles: { c0: '=title' } });
        expect(m).toEqual(buildFlatMatrix({ columns, rows }, { memberFormats, titles: { c0: '=title' } }));
        cols.forEach((c, j) => {
          const expected = referenceColumn(
            c,
            rows.map((r) => r[j] ?? null),
            memberFormats,
          );
          expect(m.values.slice(1).map((r) => r[j])).toEqual(expected.map((t) => t.value));
          expect(m.formats.slice(1).map((r) => r[j])).toEqual(expected.map((t) => t.format));
        });
      }),
      { numRuns: 1500 },
    );
  });
  it('shares one formats array between rows whose formats are equal, and the shared arrays read as unshared ones', () => {
    const columns: StreamColumn[] = [
      { name: 'at', column_type: 'Timestamp' },
      { name: 'n', column_type: 'Int64' },
      { name: 's', column_type: 'String' },
    ];
    const rows: StreamValue[][] = [
      ['2024-01-01 00:00:00', '1', 'a'],
      ['2024-01-02 00:00:00', '2', 'b'],
      ['2024-01-03 00:00:00', '12345678901234567890', 'c'],
      ['2024-01-04 00:00:00', '3', '007'],
      ['2024-01-05 00:00:00', '4', 'd'],
    ];
    const m = buildFlatMatrix({ columns, rows });
    // Rows 1-2 share one array (the timestamp rewrite reached it once); rows 3 (an exact big integer) and 4 (inert
    // text) each have their own, and row 5 one again, since only a row equal to the one before shares.
    expect(m.formats[1]).toBe(m.formats[2]);
    expect(m.formats[3]).not.toBe(m.formats[2]);
    expect(m.formats.slice(1)).toEqual([
      [DATE_FORMAT, null, null],
      [DATE_FORMAT, null, null],
      [DATE_FORMAT, '@', null],
      [DATE_FORMAT, null, '@'],
      [DATE_FORMAT, null, null],
    ]);
    expect(new Set(m.formats.slice(1)).size).toBe(4);
  });
  it('types adopted rows in place exactly as add types copies of them, however the rows are cut into lines', () => {
    fc.assert(
      fc.property(...linesOfAResult, (cols, rows, cuts, memberFormats) => {
        const columns = cols.map((c, i) => ({ ...c, name: `c${i}` }) as StreamColumn);
        // Rows as wide as the result are adopted in place; the generator's rows may be wider (then copied).
        const own = rows.map((r) => r.slice(0, columns.length));
        const expected = buildFlatMatrix({ columns, rows: own.map((r) => [...r]) }, { memberFormats });
        const layout = createFlatLayout(memberFormats);
        layout.header(columns);
        const bounds = [0, ...cuts.map((c) => Math.min(c, own.length)).sort((a, b) => a - b), own.length];
        for (let k = 0; k + 1 < bounds.length; k++) layout.adopt(own.slice(bounds[k], bounds[k + 1]));
        const m = layout.finish({ memberFormats });
        expect(m).toEqual(expected);
        own.forEach((r, i) => expect(m.values[i + 1]).toBe(r));
      }),
      { numRuns: 1000 },
    );
  });

  it('adopts rows of another width or with picked columns by typing them into new rows', () => {
    const columns: StreamColumn[] = [
      { name: 'n', column_type: 'Int64' },
      { name: 's', column_type: 'String' },
    ];
    const into: TypedRows = { values: [], formats: [] };
    const picked = createRowsTyper(columns, into, { pick: [1, 0] });
    const row: StreamValue[] = ['7', '=x'];
    picked.adopt([row]);
    expect(into.values).toEqual([['=x', 7]]);
    expect(row).toEqual(['7', '=x']);
    const whole = createRowsTyper(columns, into);
    const short: StreamValue[] = ['8'];
    whole.adopt([short]);
    expect(into.values[1]).toEqual([8, null]);
    expect(short).toEqual(['8']);
  });
});

describe('text columns sharing their repeated texts', () => {
  it('types every text as typeValue does, before and after the column has too many distinct texts to share', () => {
    // 10,500 distinct texts (past the 10,000 a column shares), each seen twice, with texts that need the text format.
    const distinct = Array.from({ length: 10_500 }, (_, i) =>
      i % 3 === 0 ? `=A${i}` : i % 3 === 1 ? `${i}` : `member ${String.fromCharCode(65 + (i % 26))}${i}`,
    );
    const long = 'x'.repeat(65);
    const values: StreamValue[] = [...distinct, long, ...distinct, long, '+1', '+1', '', ''];
    expect(typeColumn({ column_type: 'String' }, values)).toEqual(values.map((v) => typeValue('String', v)));
  });

  it('keeps apart texts of one length that agree at their first, middle and last character', () => {
    // Alike where a text's recent slot is read: each must still be typed as itself, with its own format.
    const alike = ['aXcYe', 'aZcWe', '=bc+e', 'a-c-e', '+1c2e', 'aQcRe'];
    const values: StreamValue[] = Array.from({ length: 60 }, (_, i) => alike[(i * 7) % alike.length] as string);
    expect(typeColumn({ column_type: 'String' }, values)).toEqual(values.map((v) => typeValue('String', v)));
  });

  it('gives a repeated text the format its first cell got, line after line', () => {
    const columns: StreamColumn[] = [{ name: 'status', column_type: 'String' }];
    const layout = createFlatLayout();
    layout.header(columns);
    for (let line = 0; line < 3; line++) layout.adopt([['shipped'], ['=SUM(A1)'], ['2024'], ['shipped']]);
    const m = layout.finish();
    expect(m.values.slice(1, 5)).toEqual([['shipped'], ['=SUM(A1)'], ['2024'], ['shipped']]);
    expect(m.formats.slice(1)).toEqual(Array.from({ length: 3 }, () => [[null], ['@'], ['@'], [null]]).flat());
  });
});
