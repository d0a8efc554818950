/** Tests for naming a set of cells in a message. */
import { cellCountText, cellListText, groupDigits } from '../../../src/core/changes/cell-list-text';

const at = (row: number, col: number) => ({ row, col });

describe('cellListText', () => {
  it('names one, two and three cells in full', () => {
    expect(cellListText({ cells: [at(6, 2)], count: 1, exact: true, firstRow: 6, lastRow: 6 })).toBe('C7');
    expect(cellListText({ cells: [at(6, 2), at(8, 3)], count: 2, exact: true, firstRow: 6, lastRow: 8 })).toBe('C7 and D9');
    expect(cellListText({ cells: [at(6, 2), at(8, 2), at(11, 3)], count: 3, exact: true, firstRow: 6, lastRow: 11 })).toBe(
      'C7, C9 and D12',
    );
  });

  it('counts the rest with the rows they are in', () => {
    const cells = [at(6, 2), at(8, 2), ...Array.from({ length: 12 }, (_, i) => at(9 + i, 4))];
    expect(cellListText({ cells, count: 14, exact: true, firstRow: 6, lastRow: 19 })).toBe('C7, C9 and 12 more in rows 7-20');
  });

  it('gives only the rows when the cells are candidates', () => {
    expect(cellListText({ cells: [at(6, 2), at(6, 3)], count: 2, exact: false, firstRow: 6, lastRow: 6 })).toBe('cells in row 7');
    expect(cellListText({ cells: [at(6, 2)], count: 9, exact: false, firstRow: 6, lastRow: 19 })).toBe('cells in rows 7-20');
  });

  it('counts cells in words with grouped digits', () => {
    expect(cellCountText(1)).toBe('1 cell');
    expect(cellCountText(12_345)).toBe('12,345 cells');
    expect(groupDigits(1_048_550)).toBe('1,048,550');
    expect(groupDigits(-1000)).toBe('-1,000');
    expect(groupDigits(999)).toBe('999');
  });
});
