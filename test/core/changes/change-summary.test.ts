/** Tests for what a refresh changed against the cells it replaced. */
import fc from 'fast-check';
import { changeSummaryText, summarizeChange } from '../../../src/core/changes/change-summary';
import type { CellSnapshot, GridRange, Scalar } from '../../../src/core/host';

function area(rows: number, cols: number): GridRange {
  return { sheetId: 's1', row: 4, col: 2, rows, cols };
}

function snapshotOf(range: GridRange, values: Scalar[][]): CellSnapshot {
  return {
    range,
    values,
    formats: values.map((row) => row.map(() => 'General')),
    bold: values.map((row) => row.map(() => false)),
  };
}

describe('summarizeChange', () => {
  it('counts two changed cells and selects them', () => {
    const before: Scalar[][] = [
      ['Status', 'Count'],
      ['open', 3],
      ['done', 5],
    ];
    const after: Scalar[][] = [
      ['Status', 'Count'],
      ['open', 4],
      ['done', 6],
    ];
    const s = summarizeChange(area(3, 2), area(3, 2), snapshotOf(area(3, 2), before), after);
    expect(s).toMatchObject({ changedCells: 2, rowsAdded: 0, rowsRemoved: 0, colsAdded: 0, colsRemoved: 0 });
    expect(s.ranges).toEqual([{ sheetId: 's1', row: 5, col: 3, rows: 2, cols: 1 }]);
    expect(changeSummaryText(s)).toBe('2 cells changed');
  });

  it('says rows added and removed, and "No changes"', () => {
    const rows = (n: number): Scalar[][] => Array.from({ length: n }, (_, i) => [`r${i}`]);
    const grown = summarizeChange(area(3, 1), area(6, 1), snapshotOf(area(6, 1), [...rows(3), [null], [null], [null]]), rows(6));
    expect(changeSummaryText(grown)).toBe('3 rows added');
    expect(grown.ranges).toEqual([{ sheetId: 's1', row: 7, col: 2, rows: 3, cols: 1 }]);
    const shrunk = summarizeChange(area(4, 1), area(3, 1), snapshotOf(area(3, 1), rows(3)), [['r0'], ['x'], ['r2']]);
    expect(changeSummaryText(shrunk)).toBe('1 cell changed, 1 row removed');
    expect(changeSummaryText(summarizeChange(area(2, 1), area(2, 1), snapshotOf(area(2, 1), rows(2)), rows(2)))).toBe('No changes');
  });

  it('counts exactly the differing cells of the shared part', () => {
    const cell = fc.oneof(fc.constantFrom<Scalar>('a', 'b', null, 1, 2, true));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.infiniteStream(cell),
        (pr, pc, nr, nc, cells) => {
          const take = (r: number, c: number) => Array.from({ length: r }, () => Array.from({ length: c }, () => cells.next().value));
          const before = take(nr, nc);
          const after = take(nr, nc);
          const s = summarizeChange(area(pr, pc), area(nr, nc), snapshotOf(area(nr, nc), before), after);
          let expected = 0;
          for (let r = 0; r < Math.min(pr, nr); r++)
            for (let c = 0; c < Math.min(pc, nc); c++) if (String(before[r]![c] ?? '') !== String(after[r]![c] ?? '')) expected++;
          expect(s.changedCells).toBe(expected);
          const covered = s.ranges.filter((g) => g.row < 4 + Math.min(pr, nr) && g.col < 2 + Math.min(pc, nc));
          expect(covered.reduce((n, g) => n + g.rows * g.cols, 0)).toBe(expected);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});
