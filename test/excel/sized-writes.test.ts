/** A write block's rows sliced with their format and bold runs. */
import type { WriteBlock } from '../../src/core/host';
import { sliceRows } from '../../src/excel/sized-writes';

function block(rows: number, text: (i: number) => string): WriteBlock {
  return {
    sheetId: 's',
    row: 2,
    col: 1,
    values: Array.from({ length: rows }, (_, i) => [text(i), i]),
    bold: [{ row: 0, col: 0, rows: 1, cols: 2, bold: true }],
    formats: [{ row: 1, col: 1, rows: rows - 1, cols: 1, format: '#,##0' }],
  };
}

describe('sliceRows', () => {
  it('cuts the format and bold runs to the rows of the slice, their rows made relative to it', () => {
    expect(sliceRows(block(4, String), 1, 3).formats).toEqual([{ row: 0, col: 1, rows: 2, cols: 1, format: '#,##0' }]);
    expect(sliceRows(block(4, String), 1, 3).bold).toEqual([]);
    expect(sliceRows(block(4, String), 0, 2).bold).toEqual([{ row: 0, col: 0, rows: 1, cols: 2, bold: true }]);
    expect(sliceRows(block(4, String), 2, 4).row).toBe(4);
  });
});
