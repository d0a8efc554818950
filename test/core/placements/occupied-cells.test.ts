/** The user cells in a write's way: the same cells as a walk over every cell, found by looking at the probes' cells only. */
import fc from 'fast-check';
import type { CellSnapshot, GridRange, Scalar } from '../../../src/core/host';
import { containsCell } from '../../../src/core/placements/grid-rect';
import { occupiedCells } from '../../../src/core/placements/occupied-cells';

function snapshot(range: GridRange, values: Scalar[][]): CellSnapshot {
  return { range, values, formats: values.map((l) => l.map(() => 'General')), bold: values.map((l) => l.map(() => false)) };
}

/** Every cell in row-major order, kept when non-empty and inside a probe: the reference definition the probes must match. */
function walkEveryCell(snap: CellSnapshot, probes: readonly GridRange[], max: number): Array<{ row: number; col: number }> {
  const out: Array<{ row: number; col: number }> = [];
  snap.values.forEach((line, i) =>
    line.forEach((v, j) => {
      const row = snap.range.row + i;
      const col = snap.range.col + j;
      if (v !== null && v !== '' && out.length < max && probes.some((p) => containsCell(p, snap.range.sheetId, row, col)))
        out.push({ row, col });
    }),
  );
  return out;
}

const rect = (sheetId: string) =>
  fc.record({
    sheetId: fc.constant(sheetId),
    row: fc.nat(8),
    col: fc.nat(8),
    rows: fc.integer({ min: 1, max: 8 }),
    cols: fc.integer({ min: 1, max: 8 }),
  });

describe('occupiedCells', () => {
  it('finds the non-empty cells inside the probes, row-major, at most max, as a walk over every cell does', () => {
    fc.assert(
      fc.property(
        rect('s1'),
        fc.array(fc.oneof(rect('s1'), rect('s2')), { maxLength: 4 }),
        fc.array(fc.array(fc.constantFrom<Scalar>(null, '', 'x', 0, false), { minLength: 8, maxLength: 8 }), {
          minLength: 8,
          maxLength: 8,
        }),
        fc.integer({ min: 1, max: 30 }),
        (range, probes, grid, max) => {
          const snap = snapshot(
            range,
            grid.slice(0, range.rows).map((l) => l.slice(0, range.cols)),
          );
          expect(occupiedCells(snap, probes, max)).toEqual(walkEveryCell(snap, probes, max));
        },
      ),
    );
  });

  it('reads no row of the snapshot when there is no probe (a refresh in place of the same shape)', () => {
    const range: GridRange = { sheetId: 's1', row: 1, col: 0, rows: 300_000, cols: 16 };
    let rowsRead = 0;
    const line = new Array<Scalar>(16).fill('x');
    const values = new Proxy(new Array<Scalar[]>(range.rows).fill(line), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) rowsRead += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const snap = snapshot(range, values);
    rowsRead = 0;
    expect(occupiedCells(snap, [], 1_000)).toEqual([]);
    expect(rowsRead).toBe(0);
    // A grown area: only the new rows below are looked at.
    const below: GridRange = { ...range, row: range.row + range.rows - 2, rows: 2 };
    expect(occupiedCells(snap, [below], 3)).toEqual([
      { row: below.row, col: 0 },
      { row: below.row, col: 1 },
      { row: below.row, col: 2 },
    ]);
    expect(rowsRead).toBe(1);
  });
});

describe('occupiedCells over rows a host shares', () => {
  it('finds the cells of a row after rows answered with one shared empty array, in every probe', () => {
    const empty: Scalar[] = [null, null, null];
    const values: Scalar[][] = [empty, empty, [null, 'x', null], empty, ['y', null, null], empty];
    const snap = snapshot({ sheetId: 's', row: 10, col: 2, rows: 6, cols: 3 }, values);
    const probes: GridRange[] = [
      { sheetId: 's', row: 10, col: 3, rows: 6, cols: 2 },
      { sheetId: 's', row: 13, col: 2, rows: 3, cols: 1 },
    ];
    expect(occupiedCells(snap, probes, 10)).toEqual(walkEveryCell(snap, probes, 10));
    expect(occupiedCells(snap, probes, 10)).toEqual([
      { row: 12, col: 3 },
      { row: 14, col: 2 },
    ]);
  });
});
