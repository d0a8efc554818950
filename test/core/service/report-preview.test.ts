/** The preview table of a laid-out draft: sheet rows (not query rows), cells as the sheet shows them, bold as written. */
import { previewTable } from '../../../src/core/service/report-preview';

describe('previewTable', () => {
  it('counts the sheet rows below the header and shows each cell in its number format as the sheet does', () => {
    const matrix = {
      rows: 3,
      cols: 3,
      headerRows: 1,
      values: [
        ['Status', 'Orders', 'Amount'],
        ['completed', 12345, 1234.5],
        ['Total', 20000, 2000],
      ],
      formats: [
        [null, null, null],
        [null, null, '#,##0.00'],
        [null, null, '#,##0.00'],
      ],
      bold: [
        [true, true, true],
        [false, false, false],
        [true, true, true],
      ],
    };
    // A pivot lays 40 query rows into 2 sheet rows: the preview says 2.
    const table = previewTable({ matrix, queryRows: 40 });
    expect(table.rows).toBe(2);
    expect(table.more).toBe(false);
    expect(table.texts).toEqual([
      ['Status', 'Orders', 'Amount'],
      ['completed', '12345', '1,234.50'],
      ['Total', '20000', '2,000.00'],
    ]);
    expect(table.bold[2]).toEqual([true, true, true]);
    expect(previewTable({ matrix: { ...matrix, bold: undefined }, queryRows: 50 })).toMatchObject({
      more: true,
      bold: [
        [true, true, true],
        [false, false, false],
        [false, false, false],
      ],
    });
  });
});
