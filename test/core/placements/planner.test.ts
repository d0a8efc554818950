/**
 * Tests for the placement planner: grow/shrink leftovers, blocking cells and placements, grid limits.
 * Also properties over random layouts.
 */
import fc from 'fast-check';
import type { GridRange } from '../../../src/core/host';
import { containsCell, subtract } from '../../../src/core/placements/grid-rect';
import { planPlacement, type PlanInput } from '../../../src/core/placements/planner';
import { addinErrorOf } from '../../helpers/caught-error';

const S = 'sheet-1';
const limits = { maxRows: 1000, maxCols: 100 };
const base: PlanInput = {
  sheetId: S,
  anchor: { row: 1, col: 1 },
  newShape: { rows: 3, cols: 2 },
  previousArea: null,
  occupied: [],
  otherAreas: [],
  limits,
};
const area = (row: number, col: number, rows: number, cols: number, sheetId = S): GridRange => ({ sheetId, row, col, rows, cols });

describe('planPlacement', () => {
  it('writes exactly the new area and clears nothing on insert', () => {
    expect(planPlacement(base)).toEqual({ write: area(1, 1, 3, 2), clear: [], overwritten: [] });
  });

  it('clears the rows and columns a shrinking result leaves behind, in two rectangles', () => {
    const plan = planPlacement({ ...base, previousArea: area(1, 1, 10, 4) });
    expect(plan.clear).toEqual([area(4, 1, 7, 4), area(1, 3, 3, 2)]);
  });

  it('grows over its own cells without complaint', () => {
    const plan = planPlacement({ ...base, newShape: { rows: 5, cols: 2 }, previousArea: area(1, 1, 3, 2), occupied: [{ row: 2, col: 1 }] });
    expect(plan).toEqual({ write: area(1, 1, 5, 2), clear: [], overwritten: [] });
  });

  it('is blocked by a user cell below and names the first one in row-major order', () => {
    const e = addinErrorOf(() =>
      planPlacement({
        ...base,
        name: 'Sales',
        newShape: { rows: 6, cols: 2 },
        previousArea: area(1, 1, 3, 2),
        occupied: [
          { row: 6, col: 1 },
          { row: 5, col: 2 },
        ],
      }),
    );
    expect(e.kind).toBe('blocked');
    expect(e.data).toMatchObject({ cell: 'C6', cells: ['C6', 'B7'] });
    expect(e.message).toContain('C6');
    expect(e.message).toContain('"Sales"');
  });

  it('overwrites user cells when asked, but never another placement', () => {
    const plan = planPlacement({ ...base, overwrite: true, occupied: [{ row: 2, col: 2 }] });
    expect(plan.overwritten).toEqual([{ row: 2, col: 2 }]);
    const e = addinErrorOf(() =>
      planPlacement({ ...base, overwrite: true, otherAreas: [{ ...area(3, 0, 2, 2), placementId: 'p2', name: 'Costs' }] }),
    );
    expect(e.kind).toBe('blocked');
    expect(e.data).toMatchObject({ cell: 'B4', placementId: 'p2', otherPlacement: true });
    expect(e.message).toContain('"Costs"');
  });

  it('names whichever comes first: a user cell or another placement', () => {
    const e = addinErrorOf(() =>
      planPlacement({ ...base, occupied: [{ row: 1, col: 2 }], otherAreas: [{ ...area(3, 1, 1, 1), name: 'Other' }] }),
    );
    expect(e.data).toMatchObject({ cell: 'C2', otherPlacement: false });
  });

  it('ignores areas and cells on other sheets', () => {
    expect(() => planPlacement({ ...base, otherAreas: [area(1, 1, 3, 3, 'other')], occupied: [] })).not.toThrow();
  });

  it('refuses a result that runs past the grid with kind limit', () => {
    expect(addinErrorOf(() => planPlacement({ ...base, anchor: { row: 998, col: 0 } })).kind).toBe('limit');
    expect(addinErrorOf(() => planPlacement({ ...base, anchor: { row: 0, col: 99 } })).kind).toBe('limit');
    expect(addinErrorOf(() => planPlacement({ ...base, newShape: { rows: 1, cols: 0 } })).kind).toBe('validation');
  });
});

describe('planPlacement properties', () => {
  const rect = (maxR: number, maxC: number) =>
    fc.record({ row: fc.nat(maxR), col: fc.nat(maxC), rows: fc.integer({ min: 1, max: 8 }), cols: fc.integer({ min: 1, max: 6 }) });
  const cells = (g: GridRange): string[] => {
    const out: string[] = [];
    for (let r = g.row; r < g.row + g.rows; r += 1) for (let c = g.col; c < g.col + g.cols; c += 1) out.push(`${r}:${c}`);
    return out;
  };
  const overlaps = (a: GridRange, b: GridRange) =>
    a.sheetId === b.sheetId && a.row < b.row + b.rows && b.row < a.row + a.rows && a.col < b.col + b.cols && b.col < a.col + a.cols;

  it('never writes outside the new area, never touches another placement, clears exactly old minus new', () => {
    fc.assert(
      fc.property(
        rect(20, 10),
        fc.option(rect(20, 10), { nil: null }),
        fc.array(rect(25, 12), { maxLength: 4 }),
        fc.array(fc.record({ row: fc.nat(30), col: fc.nat(16) }), { maxLength: 10 }),
        fc.boolean(),
        (n, prev, others, occupied, overwrite) => {
          const previousArea = prev ? { sheetId: S, ...prev } : null;
          // Placements never overlap each other: keep the others clear of the previous area.
          const otherAreas = others.map((o) => ({ sheetId: S, ...o })).filter((o) => !previousArea || !overlaps(o, previousArea));
          const newArea = { sheetId: S, ...n };
          const input: PlanInput = {
            sheetId: S,
            anchor: { row: n.row, col: n.col },
            newShape: { rows: n.rows, cols: n.cols },
            previousArea,
            occupied,
            otherAreas,
            limits,
            overwrite,
          };
          let plan;
          try {
            plan = planPlacement(input);
          } catch (e) {
            const err = e as { kind: string };
            expect(err.kind).toBe('blocked');
            const hitsOther = otherAreas.some((o) => overlaps(o, newArea));
            const hitsUser = occupied.some(
              (c) =>
                containsCell(newArea, S, c.row, c.col) &&
                !(previousArea && containsCell(previousArea, S, c.row, c.col)) &&
                !otherAreas.some((o) => containsCell(o, S, c.row, c.col)),
            );
            expect(hitsOther || (!overwrite && hitsUser)).toBe(true);
            return;
          }
          expect(plan.write).toEqual(newArea);
          for (const o of otherAreas) {
            expect(overlaps(plan.write, o)).toBe(false);
            for (const c of plan.clear) expect(overlaps(c, o)).toBe(false);
          }
          if (!overwrite)
            for (const c of occupied)
              if (containsCell(plan.write, S, c.row, c.col)) expect(previousArea && containsCell(previousArea, S, c.row, c.col)).toBe(true);
          const cleared = plan.clear.flatMap(cells);
          expect(new Set(cleared).size).toBe(cleared.length); // disjoint
          const expected = previousArea ? cells(previousArea).filter((k) => !cells(newArea).includes(k)) : [];
          expect(cleared.sort()).toEqual(expected.sort());
          expect(plan.clear.length).toBeLessThanOrEqual(4);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('subtracting a rectangle covers every cell of the difference exactly once', () => {
    fc.assert(
      fc.property(rect(10, 10), rect(10, 10), (a, b) => {
        const A = { sheetId: S, ...a };
        const B = { sheetId: S, ...b };
        const got = subtract(A, B).flatMap(cells).sort();
        const want = cells(A)
          .filter((k) => !cells(B).includes(k))
          .sort();
        expect(got).toEqual(want);
      }),
    );
  });
});
