/** Tests for laying the platform's totals into flat and pivot matrices: bold Total rows and columns, values as typed cells. */
import { buildFlatMatrix } from '../../../src/core/cells/flat-layout';
import { buildPivotMatrix } from '../../../src/core/cells/pivot-layout';
import { TOTAL_LABEL, withFlatTotals } from '../../../src/core/cells/totals-layout';

const region = { name: 'region', column_type: 'String' };
const year = { name: 'year', column_type: 'Int64' };
const customers = { name: 'customers', column_type: 'Int64' };
const amount = { name: 'amount', column_type: 'Double', format: 'currency', currency: 'USD' };

describe('withFlatTotals', () => {
  it('adds a bold Total row with each measure total from the platform', () => {
    const result = {
      columns: [region, customers],
      rows: [
        ['EU', '3'],
        ['US', '4'],
      ],
    };
    // Count-distinct: the platform's total (5) is not the sum of the rows (7).
    const m = withFlatTotals(buildFlatMatrix(result), result.columns, ['customers'], { columns: [customers], rows: [['5']] });
    expect(m.rows).toBe(4);
    expect(m.values).toEqual([
      ['region', 'customers'],
      ['EU', 3],
      ['US', 4],
      [TOTAL_LABEL, 5],
    ]);
    expect(m.bold).toEqual([
      [true, true],
      [false, false],
      [false, false],
      [true, true],
    ]);
  });

  it('types a total like its column (the currency format) and leaves other dimension cells empty', () => {
    const result = { columns: [region, year, amount], rows: [['EU', '2024', '10.5']] };
    const m = withFlatTotals(buildFlatMatrix(result), result.columns, ['amount'], { columns: [amount], rows: [['10.5']] });
    expect(m.values[2]).toEqual([TOTAL_LABEL, null, 10.5]);
    expect(m.formats[2]?.[2]).toBe(m.formats[1]?.[2]);
    expect(m.formats[2]?.[2]).not.toBeNull();
  });
});

describe('buildPivotMatrix with totals', () => {
  const result = {
    columns: [region, year, customers],
    rows: [
      ['EU', '2023', '2'],
      ['EU', '2024', '3'],
      ['US', '2024', '4'],
    ],
  };
  const pivot = { rows: ['region'], columns: ['year'], measures: ['customers'] };
  const totals = {
    grand: { columns: [customers], rows: [['6']] },
    byRows: {
      columns: [region, customers],
      rows: [
        ['US', '4'],
        ['EU', '4'],
      ],
    },
    byColumns: {
      columns: [year, customers],
      rows: [
        ['2024', '6'],
        ['2023', '2'],
      ],
    },
  };

  it('adds a Total column per measure and a Total row, from the totals queries', () => {
    const m = buildPivotMatrix(result, pivot, {}, totals);
    expect(m.values).toEqual([
      ['customers', null, null, null],
      ['region', 2023, 2024, TOTAL_LABEL],
      ['EU', 2, 3, 4],
      ['US', null, 4, 4],
      [TOTAL_LABEL, 2, 6, 6],
    ]);
    expect(m.bold?.map((row) => row.map((b) => (b ? 'B' : '.')).join(''))).toEqual(['BBBB', 'BBBB', '...B', '...B', 'BBBB']);
  });

  it('adds only the Total row without row totals', () => {
    const m = buildPivotMatrix(result, pivot, {}, { grand: totals.grand, byColumns: totals.byColumns });
    expect(m.cols).toBe(3);
    expect(m.values[4]).toEqual([TOTAL_LABEL, 2, 6]);
  });

  it('gives each measure its own Total column after its block', () => {
    const two = {
      columns: [region, year, customers, amount],
      rows: [
        ['EU', '2023', '2', '1.5'],
        ['US', '2024', '4', '2.5'],
      ],
    };
    const m = buildPivotMatrix(
      two,
      { ...pivot, measures: ['customers', 'amount'] },
      {},
      {
        grand: { columns: [customers, amount], rows: [['6', '4']] },
        byRows: {
          columns: [region, customers, amount],
          rows: [
            ['EU', '2', '1.5'],
            ['US', '4', '2.5'],
          ],
        },
      },
    );
    expect(m.values.slice(0, 3)).toEqual([
      [null, 'customers', 'customers', 'customers', 'amount', 'amount', 'amount'],
      ['region', 2023, 2024, TOTAL_LABEL, 2023, 2024, TOTAL_LABEL],
      ['EU', 2, null, 2, 1.5, null, 1.5],
    ]);
  });

  it('keeps the pivot as it was without totals', () => {
    const m = buildPivotMatrix(result, pivot);
    expect(m.bold).toBeUndefined();
    expect(m.rows).toBe(4);
  });
});
