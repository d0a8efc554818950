/** Tests for the flat layout: titles, inert header text, typed rows. */
import { TEXT_FORMAT } from '../../../src/core/host';
import { buildFlatMatrix } from '../../../src/core/cells/flat-layout';

describe('buildFlatMatrix', () => {
  const result = {
    columns: [
      { name: 'orders.status', column_type: 'String' },
      { name: 'count', column_type: 'Int64' },
      { name: 'created', column_type: 'Timestamp' },
      { name: '2024', column_type: 'Boolean' },
    ],
    rows: [
      ['open', '10', '2024-02-29T12:00:00.000', true],
      ['=1+1', '9007199254740993', null, 'false'],
    ],
  };

  it('writes one header row of titles, then typed rows', () => {
    const m = buildFlatMatrix(result, { titles: { status: 'Status', count: 'Orders' } });
    expect(m).toEqual({
      rows: 3,
      cols: 4,
      headerRows: 1,
      values: [
        ['Status', 'Orders', 'created', '2024'],
        ['open', 10, 45351.5, true],
        ['=1+1', '9007199254740993', null, false],
      ],
      formats: [
        [null, null, null, TEXT_FORMAT],
        [null, null, 'yyyy-mm-dd hh:mm:ss', null],
        [TEXT_FORMAT, TEXT_FORMAT, null, null],
      ],
    });
  });

  it('keeps header text inert', () => {
    const m = buildFlatMatrix({ columns: [{ name: 'a', column_type: 'String' }], rows: [] }, { titles: { a: '=HYPERLINK("x")' } });
    expect(m.values).toEqual([['=HYPERLINK("x")']]);
    expect(m.formats).toEqual([[TEXT_FORMAT]]);
  });

  it('lays out an empty result as its header', () => {
    const m = buildFlatMatrix({ columns: [{ name: 'a', column_type: 'Int64' }], rows: [] });
    expect(m).toEqual({ rows: 1, cols: 1, headerRows: 1, values: [['a']], formats: [[null]] });
  });
});
