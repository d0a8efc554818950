/** Tests for a pivot's measure placement: measures on columns or rows, before or after the members, one measure named once. */
import { buildFlatMatrix } from '../../../src/core/cells/flat-layout';
import { buildPivotMatrix } from '../../../src/core/cells/pivot-layout';
import { MEASURE_LABEL } from '../../../src/core/cells/measure-placement';
import { TOTAL_LABEL } from '../../../src/core/cells/totals-layout';

const region = { name: 'region', column_type: 'String' };
const year = { name: 'year', column_type: 'Int64' };
const count = { name: 'count', column_type: 'Int64' };
const amount = { name: 'amount', column_type: 'Double', format: 'currency', currency: 'USD' };
const result = {
  columns: [region, year, count, amount],
  rows: [
    ['EU', '2023', '2', '1.5'],
    ['EU', '2024', '3', '2.5'],
    ['US', '2024', '4', '4'],
  ],
};
const two = { rows: ['region'], columns: ['year'], measures: ['count', 'amount'] };
const totals = {
  grand: { columns: [count, amount], rows: [['9', '8']] },
  byRows: {
    columns: [region, count, amount],
    rows: [
      ['EU', '5', '4'],
      ['US', '4', '4'],
    ],
  },
  byColumns: {
    columns: [year, count, amount],
    rows: [
      ['2023', '2', '1.5'],
      ['2024', '7', '6.5'],
    ],
  },
};
const boldMap = (bold: boolean[][] | undefined) => bold?.map((row) => row.map((b) => (b ? 'B' : '.')).join(''));

describe('measure placement', () => {
  it('lays measures as the outer column level by default and with columns/before', () => {
    const byDefault = buildPivotMatrix(result, two);
    expect(buildPivotMatrix(result, { ...two, measuresAxis: 'columns', measuresPosition: 'before' })).toEqual(byDefault);
    expect(byDefault.values.slice(0, 2)).toEqual([
      [null, 'count', 'count', 'amount', 'amount'],
      ['region', 2023, 2024, 2023, 2024],
    ]);
  });

  it('puts measures inside the column members with columns/after, every Columns member titled', () => {
    const m = buildPivotMatrix(result, { ...two, measuresPosition: 'after' });
    expect(m.headerRows).toBe(2);
    expect(m.values).toEqual([
      ['year', 2023, 2023, 2024, 2024],
      ['region', 'count', 'amount', 'count', 'amount'],
      ['EU', 2, 1.5, 3, 2.5],
      ['US', null, null, 4, 4],
    ]);
    // The amount's currency format moves with its values.
    expect(m.formats[2]?.[2]).toBe(m.formats[2]?.[4]);
    expect(m.formats[2]?.[2]).not.toBeNull();
    expect(m.formats[2]?.[1]).toBeNull();
  });

  it('puts measures on rows, grouped by measure (before) or inside each row key (after)', () => {
    const before = buildPivotMatrix(result, { ...two, measuresAxis: 'rows', measuresPosition: 'before' });
    expect(before.headerRows).toBe(1);
    expect(before.values).toEqual([
      [MEASURE_LABEL, 'region', 2023, 2024],
      ['count', 'EU', 2, 3],
      ['count', 'US', null, 4],
      ['amount', 'EU', 1.5, 2.5],
      ['amount', 'US', null, 4],
    ]);
    const after = buildPivotMatrix(result, { ...two, measuresAxis: 'rows', measuresPosition: 'after' });
    expect(after.values).toEqual([
      ['region', MEASURE_LABEL, 2023, 2024],
      ['EU', 'count', 2, 3],
      ['EU', 'amount', 1.5, 2.5],
      ['US', 'count', null, 4],
      ['US', 'amount', null, 4],
    ]);
    expect(after.formats[2]?.[2]).not.toBeNull();
    expect(after.formats[1]?.[2]).toBeNull();
  });

  it('keeps the totals with their measure on rows: a Total column and a Total line per measure, bold', () => {
    const m = buildPivotMatrix(result, { ...two, measuresAxis: 'rows', measuresPosition: 'before' }, {}, totals);
    expect(m.values).toEqual([
      [MEASURE_LABEL, 'region', 2023, 2024, TOTAL_LABEL],
      ['count', 'EU', 2, 3, 5],
      ['count', 'US', null, 4, 4],
      ['count', TOTAL_LABEL, 2, 7, 9],
      ['amount', 'EU', 1.5, 2.5, 4],
      ['amount', 'US', null, 4, 4],
      ['amount', TOTAL_LABEL, 1.5, 6.5, 8],
    ]);
    expect(boldMap(m.bold)).toEqual(['BBBBB', '....B', '....B', 'BBBBB', '....B', '....B', 'BBBBB']);
  });

  it('keeps the totals with their measure on columns/after: the Total block last', () => {
    const m = buildPivotMatrix(result, { ...two, measuresPosition: 'after' }, {}, totals);
    expect(m.values).toEqual([
      ['year', 2023, 2023, 2024, 2024, TOTAL_LABEL, TOTAL_LABEL],
      ['region', 'count', 'amount', 'count', 'amount', 'count', 'amount'],
      ['EU', 2, 1.5, 3, 2.5, 5, 4],
      ['US', null, null, 4, 4, 4, 4],
      [TOTAL_LABEL, 2, 1.5, 7, 6.5, 9, 8],
    ]);
    expect(boldMap(m.bold)).toEqual(['BBBBBBB', 'BBBBBBB', '.....BB', '.....BB', 'BBBBBBB']);
  });

  it('names a single measure once, in the corner, whatever its axis or position', () => {
    const one = { rows: ['region'], columns: ['year'], measures: ['amount'] };
    const m = buildPivotMatrix(result, one, { titles: { amount: 'Amount' } });
    expect(m.values).toEqual([
      ['Amount', null, null],
      ['region', 2023, 2024],
      ['EU', 1.5, 2.5],
      ['US', null, 4],
    ]);
    expect(m.values.flat().filter((v) => v === 'Amount')).toHaveLength(1);
    for (const axis of ['columns', 'rows']) {
      for (const position of ['before', 'after']) {
        expect(
          buildPivotMatrix(result, { ...one, measuresAxis: axis, measuresPosition: position }, { titles: { amount: 'Amount' } }),
        ).toEqual(m);
      }
    }
  });

  it('names a single measure over the first data column when there are no Rows members', () => {
    const byYear = {
      columns: [year, count],
      rows: [
        ['2024', '7'],
        ['2023', '2'],
      ],
    };
    const m = buildPivotMatrix(byYear, { rows: [], columns: ['year'], measures: ['count'] });
    expect(m.values).toEqual([
      ['count', null],
      [2023, 2024],
      [2, 7],
    ]);
  });

  it("gives a measure the metadata's number format in a pivot, whatever its placement, as in a flat table", () => {
    const flatFormat = buildFlatMatrix(result).formats[1]?.[3];
    expect(flatFormat).toBe('"$"#,##0.00');
    const placements = [
      { measuresAxis: 'columns', measuresPosition: 'before' },
      { measuresAxis: 'columns', measuresPosition: 'after' },
      { measuresAxis: 'rows', measuresPosition: 'before' },
      { measuresAxis: 'rows', measuresPosition: 'after' },
    ];
    for (const placement of placements) {
      const m = buildPivotMatrix(result, { ...two, ...placement }, {}, totals);
      // Every amount value (1.5, 2.5, 4, 6.5, 8) carries the currency format; no count value does.
      const amountFormats = new Set<string | null>();
      m.values.forEach((row, i) =>
        row.forEach((v, c) => {
          if (typeof v === 'number' && !Number.isInteger(v)) amountFormats.add(m.formats[i]?.[c] ?? null);
          if (v === 3 || v === 7 || v === 9) expect(m.formats[i]?.[c]).toBeNull();
        }),
      );
      expect([...amountFormats]).toEqual([flatFormat]);
    }
  });
});
