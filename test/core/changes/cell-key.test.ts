/** Tests for the comparison text of cell values: what reads back from a host as written compares equal. */
import { cellKey, sameCell } from '../../../src/core/changes/cell-key';

describe('cellKey', () => {
  it('compares numbers at the 15 digits a spreadsheet keeps', () => {
    expect(sameCell(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameCell(1234567890.1234567, 1234567890.12346)).toBe(true);
    expect(sameCell(1234567890.12, 1234567890.13)).toBe(false);
    expect(cellKey(-0)).toBe('0');
  });

  it('reads an empty cell and empty text alike', () => {
    expect(sameCell(null, '')).toBe(true);
    expect(sameCell(undefined, null)).toBe(true);
    expect(sameCell(null, 0)).toBe(false);
    expect(sameCell('', ' ')).toBe(false);
  });

  it('takes a number and the same digits as text as one value, and booleans as TRUE/FALSE', () => {
    expect(sameCell(42, '42')).toBe(true);
    expect(sameCell(true, 'TRUE')).toBe(true);
    expect(sameCell(true, false)).toBe(false);
    expect(sameCell('=SUM(A1)', '=SUM(A1)')).toBe(true);
    expect(sameCell('Beauty', 'my note')).toBe(false);
  });
});
