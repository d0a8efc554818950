/** Tests for cell runs: per-cell formats and bold as few non-overlapping rectangles that describe exactly the same cells. */
import fc from 'fast-check';
import { boldRuns, formatRuns } from '../../../src/core/cells/cell-runs';
import { boldGrid, formatGrid } from './block-grids';

describe('cell runs', () => {
  it('gives one run per column band of a column-typed table, joining columns of the same format', () => {
    const T = '@';
    const formats = [
      [null, null, null, null],
      [T, '0.00', '0.00', 'yyyy-mm-dd'],
      [T, '0.00', '0.00', 'yyyy-mm-dd'],
      [T, '0.00', '0.00', 'yyyy-mm-dd'],
    ];
    expect(formatRuns(formats)).toEqual([
      { row: 1, col: 0, rows: 3, cols: 1, format: T },
      { row: 1, col: 1, rows: 3, cols: 2, format: '0.00' },
      { row: 1, col: 3, rows: 3, cols: 1, format: 'yyyy-mm-dd' },
    ]);
    expect(formatRuns([[null, null]])).toEqual([]);
    expect(
      boldRuns([
        [true, true],
        [false, false],
      ]),
    ).toEqual([
      { row: 0, col: 0, rows: 1, cols: 2, bold: true },
      { row: 1, col: 0, rows: 1, cols: 2, bold: false },
    ]);
  });

  it('covers exactly the cells that have a value, each with its own value, without overlap', () => {
    const grid = <T>(cell: fc.Arbitrary<T>) =>
      fc
        .integer({ min: 1, max: 6 })
        .chain((cols) => fc.array(fc.array(cell, { minLength: cols, maxLength: cols }), { minLength: 1, maxLength: 6 }));
    fc.assert(
      fc.property(grid(fc.constantFrom(null, 'a', 'b', '@')), (formats) => {
        const values = formats.map((line) => line.map(() => 1));
        // formatGrid throws on overlapping runs.
        expect(formatGrid({ sheetId: 's', row: 0, col: 0, values, formats: formatRuns(formats) })).toEqual(formats);
      }),
    );
    fc.assert(
      fc.property(grid(fc.constantFrom(null, true, false)), (bold) => {
        const values = bold.map((line) => line.map(() => 1));
        expect(boldGrid({ sheetId: 's', row: 0, col: 0, values, bold: boldRuns(bold) })).toEqual(bold);
      }),
    );
  });
});
