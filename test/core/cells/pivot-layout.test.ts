/** Tests for the pivot layout: a hand-made cross-tab fixture, natural order, errors, and a placement property. */
import { readFileSync } from 'fs';
import { join } from 'path';
import fc from 'fast-check';
import { z } from 'zod';
import { pivotItemsSchema, streamColumnSchema, streamValueSchema, type StreamValue } from '../../../src/core/wire/schemas';
import { TEXT_FORMAT } from '../../../src/core/host';
import { buildPivotMatrix } from '../../../src/core/cells/pivot-layout';
import { typeValue } from '../../../src/core/cells/value-typing';
import { addinErrorOf } from '../../helpers/caught-error';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const fixtureSchema = z.object({
  why: z.string(),
  result: z.object({ columns: z.array(streamColumnSchema), rows: z.array(z.array(streamValueSchema)) }),
  pivot: pivotItemsSchema,
  titles: z.record(z.string(), z.string()),
  expected: z.object({
    rows: z.number(),
    cols: z.number(),
    headerRows: z.number(),
    values: z.array(z.array(scalar)),
    formats: z.array(z.array(z.string().nullable())),
  }),
});

describe('buildPivotMatrix', () => {
  it('builds the hand-made cross-tab of the fixture', () => {
    const f = fixtureSchema.parse(JSON.parse(readFileSync(join(__dirname, '../../fixtures/cells/pivot-basic.json'), 'utf8')));
    expect(buildPivotMatrix(f.result, f.pivot, { titles: f.titles })).toEqual(f.expected);
  });

  const cols = [
    { name: 'region', column_type: 'String' },
    { name: 'year', column_type: 'Int64' },
    { name: 'quarter', column_type: 'String' },
    { name: 'sales', column_type: 'Double' },
  ];
  const base = { rows: ['region'], columns: ['year', 'quarter'], measures: ['sales'] };

  it('stacks several column members under the measure level and labels the corner', () => {
    const m = buildPivotMatrix(
      {
        columns: cols,
        rows: [
          ['EU', '10', 'Q2', '1'],
          ['EU', '9', 'Q1', '2'],
          ['US', '10', 'Q1', '3'],
        ],
      },
      base,
    );
    expect(m.headerRows).toBe(3);
    expect(m.values).toEqual([
      ['sales', null, null, null],
      ['year', 9, 10, 10],
      ['region', 'Q1', 'Q1', 'Q2'],
      ['EU', 2, null, 1],
      ['US', null, 3, null],
    ]);
    expect(m.formats[2]).toEqual([null, TEXT_FORMAT, TEXT_FORMAT, TEXT_FORMAT]);
  });

  it('stacks several column members under the measure level when there are several measures', () => {
    const m = buildPivotMatrix(
      {
        columns: [...cols, { name: 'units', column_type: 'Int64' }],
        rows: [
          ['EU', '10', 'Q2', '1', '5'],
          ['US', '9', 'Q1', '3', '6'],
        ],
      },
      { ...base, measures: ['sales', 'units'] },
    );
    expect(m.headerRows).toBe(3);
    expect(m.values).toEqual([
      [null, 'sales', 'sales', 'units', 'units'],
      ['year', 9, 10, 9, 10],
      ['region', 'Q1', 'Q2', 'Q1', 'Q2'],
      ['EU', null, 1, null, 5],
      ['US', 3, null, 6, null],
    ]);
  });

  it("puts a single measure's name in the corner's free cell and drops its row when the corner has one", () => {
    const m = buildPivotMatrix(
      {
        columns: [...cols, { name: 'country', column_type: 'String' }],
        rows: [
          ['EU', '10', 'Q2', '1', 'DE'],
          ['US', '9', 'Q1', '3', 'US'],
        ],
      },
      { rows: ['region', 'country'], columns: ['year', 'quarter'], measures: ['sales'] },
      { titles: { sales: 'Sales' } },
    );
    expect(m.headerRows).toBe(2);
    expect(m.values).toEqual([
      ['Sales', 'year', 9, 10],
      ['region', 'country', 'Q1', 'Q2'],
      ['EU', 'DE', null, 1],
      ['US', 'US', 3, null],
    ]);
    expect(m.values.flat().filter((v) => v === 'Sales')).toHaveLength(1);
  });

  it('orders numbers numerically, text by code point and null last', () => {
    const m = buildPivotMatrix(
      {
        columns: [
          { name: 'k', column_type: 'String' },
          { name: 'c', column_type: 'Int64' },
          { name: 'v', column_type: 'Int64' },
        ],
        rows: [
          ['b', '10', '1'],
          [null, '9', '2'],
          ['B', '-1', '3'],
          ['a', null, '4'],
          ['é', '12345678901234567890', '5'],
        ],
      },
      { rows: ['k'], columns: ['c'], measures: ['v'] },
    );
    expect(m.values[1]).toEqual(['k', -1, 9, 10, '12345678901234567890', null]);
    expect(m.values.slice(2).map((r) => r[0])).toEqual(['B', 'a', 'b', 'é', null]);
  });

  it('keeps member tuples apart even when their values run together ("xs" + "y" and "x" + "sy")', () => {
    const m = buildPivotMatrix(
      {
        columns: [
          { name: 'a', column_type: 'String' },
          { name: 'b', column_type: 'String' },
          { name: 'c', column_type: 'String' },
          { name: 'v', column_type: 'Int64' },
        ],
        rows: [
          ['xs', 'y', 'k', '1'],
          ['x', 'sy', 'k', '2'],
          ['x', 'sy', 'k1', '3'],
          ['x', 'sy', '1k', '4'],
        ],
      },
      { rows: ['a', 'b'], columns: ['c'], measures: ['v'] },
    );
    expect(m.values.slice(2)).toEqual([
      ['x', 'sy', 4, 2, 3],
      ['xs', 'y', null, 1, null],
    ]);
  });

  it('degenerates to the flat layout of rows and measures without column members', () => {
    const m = buildPivotMatrix(
      {
        columns: cols,
        rows: [
          ['EU', '9', 'Q1', '2'],
          ['EU', '9', 'Q1', '3'],
        ],
      },
      { rows: ['region'], columns: [], measures: ['sales'] },
      { titles: { sales: 'Sales' } },
    );
    expect(m).toEqual({
      rows: 3,
      cols: 2,
      headerRows: 1,
      values: [
        ['region', 'Sales'],
        ['EU', 2],
        ['EU', 3],
      ],
      formats: [
        [null, null],
        [null, null],
        [null, null],
      ],
    });
  });

  it('matches view.member names to result columns and back', () => {
    const m = buildPivotMatrix(
      {
        columns: [
          { name: 'orders.status', column_type: 'String' },
          { name: 'MONTH', column_type: 'Int64' },
          { name: 'count', column_type: 'Int64' },
        ],
        rows: [['a', '1', '5']],
      },
      { rows: ['status'], columns: ['orders.month'], measures: ['orders.count'] },
    );
    expect(m.values).toEqual([
      ['count', null],
      ['orders.status', 1],
      ['a', 5],
    ]);
  });

  it('rejects duplicate combinations, naming the key', () => {
    const e = addinErrorOf(() =>
      buildPivotMatrix(
        {
          columns: cols,
          rows: [
            ['EU', '9', 'Q1', '1'],
            ['EU', '9', 'Q1', '2'],
          ],
        },
        base,
      ),
    );
    expect(e.kind).toBe('validation');
    expect(e.message).toContain('region = "EU", year = "9", quarter = "Q1"');
  });

  it('rejects unknown members, unsupported measure placement and members listed twice', () => {
    expect(addinErrorOf(() => buildPivotMatrix({ columns: cols, rows: [] }, { ...base, measures: ['profit'] })).message).toMatch(
      /no column for the pivot member "profit"/,
    );
    expect(addinErrorOf(() => buildPivotMatrix({ columns: cols, rows: [] }, { ...base, measuresAxis: 'diagonal' })).kind).toBe(
      'validation',
    );
    expect(addinErrorOf(() => buildPivotMatrix({ columns: cols, rows: [] }, { ...base, measuresPosition: 'between' })).kind).toBe(
      'validation',
    );
    expect(addinErrorOf(() => buildPivotMatrix({ columns: cols, rows: [] }, { ...base, rows: ['region', 'x.region'] })).message).toMatch(
      /same result column/,
    );
    const twoSales = [...cols.slice(0, 3), { name: 'a.sales', column_type: 'Int64' }, { name: 'b.sales', column_type: 'Int64' }];
    expect(addinErrorOf(() => buildPivotMatrix({ columns: twoSales, rows: [] }, base)).message).toMatch(
      /"sales" matches several result columns \("a.sales", "b.sales"\)/,
    );
  });

  it('places every (row key, column key, measure) value exactly once, at the cell its labels name', () => {
    const dimValue = fc.constantFrom<StreamValue>('a', 'b', '=x', '10', '2', null);
    const scenario = fc
      .record({
        r: fc.integer({ min: 0, max: 2 }),
        k: fc.integer({ min: 1, max: 2 }),
        m: fc.integer({ min: 1, max: 2 }),
        rows: fc.array(
          fc.tuple(
            fc.array(dimValue, { minLength: 4, maxLength: 4 }),
            fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 2, maxLength: 2 }),
          ),
          { maxLength: 30 },
        ),
      })
      .map(({ r, k, m, rows }) => {
        // Dimension columns alternate String and Int64 so both typings occur; one row per combination.
        const dims = Array.from({ length: r + k }, (_, i) => ({ name: `d${i}`, column_type: i % 2 === 0 ? 'String' : 'Int64' }));
        const seen = new Set<string>();
        const data: StreamValue[][] = [];
        for (const [d, v] of rows) {
          const key = JSON.stringify(d.slice(0, r + k));
          if (seen.has(key)) continue;
          seen.add(key);
          data.push([...d.slice(0, r + k), ...v.slice(0, m).map(String)]);
        }
        const measures = Array.from({ length: m }, (_, i) => ({ name: `m${i}`, column_type: 'Int64' }));
        return { r, k, m, columns: [...dims, ...measures], data };
      });
    fc.assert(
      fc.property(scenario, ({ r, k, m, columns, data }) => {
        const names = columns.map((c) => c.name);
        const pivot = { rows: names.slice(0, r), columns: names.slice(r, r + k), measures: names.slice(r + k) };
        const out = buildPivotMatrix({ columns, rows: data }, pivot);
        // One measure with a free corner cell (2+ Rows and Columns members) has no row of its own.
        const H = m === 1 && r >= 2 && k >= 2 ? k : k + 1;
        expect(out.headerRows).toBe(H);
        expect(out.values).toHaveLength(out.rows);
        let placed = 0;
        for (const row of data) {
          const typed = row.map((v, i) => typeValue(columns[i]?.column_type ?? 'String', v).value);
          for (let mi = 0; mi < m; mi++) {
            const hits: Array<[number, number]> = [];
            for (let i = H; i < out.rows; i++) {
              const line = out.values[i] ?? [];
              if (!typed.slice(0, r).every((v, j) => line[j] === v)) continue;
              for (let c = r; c < out.cols; c++) {
                // One measure is named once, in the corner; several head their own columns.
                if (m > 1 && out.values[0]?.[c] !== `m${mi}`) continue;
                if (!typed.slice(r, r + k).every((v, level) => out.values[H - k + level]?.[c] === v)) continue;
                hits.push([i, c]);
              }
            }
            expect(hits).toHaveLength(1);
            const [i, c] = hits[0] ?? [0, 0];
            expect(out.values[i]?.[c]).toBe(typed[r + k + mi]);
            placed++;
          }
        }
        const nonEmpty = out.values
          .slice(H)
          .flatMap((line) => line.slice(r))
          .filter((v) => v !== null).length;
        expect(nonEmpty).toBe(placed);
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic: any order of the result rows gives the same matrix', () => {
    const columns = [
      { name: 'region', column_type: 'String' },
      { name: 'year', column_type: 'Int64' },
      { name: 'sales', column_type: 'Double' },
    ];
    const key = fc.tuple(
      fc.constantFrom<StreamValue>('EU', 'US', 'b', 'B', '=x', null),
      fc.constantFrom<StreamValue>('9', '10', '2024', '-1', null),
    );
    const rows = fc.uniqueArray(fc.tuple(key, fc.integer({ min: -99, max: 99 })), { selector: ([k]) => JSON.stringify(k), maxLength: 20 });
    fc.assert(
      fc.property(rows, fc.func(fc.integer()), (data, rank) => {
        const result = data.map(([[region, year], v]) => [region, year, String(v)]);
        const shuffled = result
          .map((row, i) => ({ row, r: rank(i) }))
          .sort((a, b) => a.r - b.r)
          .map((x) => x.row);
        const pivot = { rows: ['region'], columns: ['year'], measures: ['sales'] };
        expect(buildPivotMatrix({ columns, rows: shuffled }, pivot)).toEqual(buildPivotMatrix({ columns, rows: result }, pivot));
      }),
      { numRuns: 200 },
    );
  });
});
