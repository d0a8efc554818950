/** Which totals queries a builder state's switches plan: a flat totals row, a pivot's Total column, Total row and corner. */
import { emptyBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { plannedTotals, plannedTotalsOfStored, wantsTotals } from '../../../src/core/builder/report-totals';
import { buildMeta } from '../../../local-platform/warehouse/model-meta';
import { SEMANTIC_MODEL } from '../../../local-platform/warehouse/semantic-model';

const meta = buildMeta(SEMANTIC_MODEL);
const state = (partial: Partial<BuilderState>): BuilderState => ({
  ...emptyBuilderState(),
  view: 'orders',
  rows: ['orders.status'],
  measures: ['orders.count'],
  ...partial,
});

describe('planned totals', () => {
  it('plan nothing when every switch is off or absent', () => {
    expect(wantsTotals(state({}))).toBe(false);
    expect(plannedTotals(state({}), meta)).toBeNull();
    expect(plannedTotals(state({ totals: { rows: false, columns: false, grand: false } }), meta)).toBeNull();
    expect(plannedTotalsOfStored({ nonsense: true, view: 3 }, meta)).toBeNull();
  });

  it('give a flat table one grand total query, whichever switch is on', () => {
    const p = plannedTotals(state({ totals: { rows: false, columns: false, grand: true } }), meta);
    expect(p).toMatchObject({ layout: 'flat', measures: ['count'] });
    expect(p?.grand).not.toMatch(/GROUP BY/);
    expect(p?.byRows).toBeUndefined();
  });

  it("follow a pivot's switches, the corner only with both row and column totals", () => {
    const pivot = { columns: ['orders.product_category'] };
    const rowsOnly = plannedTotals(state({ ...pivot, totals: { rows: true, columns: false, grand: true } }), meta);
    expect(rowsOnly?.byRows).toMatch(/GROUP BY 1/);
    expect(rowsOnly?.byColumns).toBeUndefined();
    expect(rowsOnly?.grand).toBeUndefined();
    const all = plannedTotals(state({ ...pivot, totals: { rows: true, columns: true, grand: true } }), meta);
    expect(all).toMatchObject({ layout: 'pivot' });
    expect(all?.grand).toBeDefined();
    expect(all?.byColumns).toContain('product_category');
    expect(plannedTotals(state({ ...pivot, totals: { rows: false, columns: false, grand: true } }), meta)).toBeNull();
  });

  it('refuse totals over a measure filter, saying what to change', () => {
    const s = state({
      totals: { rows: false, columns: false, grand: true },
      filters: [{ member: 'orders.count', operator: 'gt', values: ['1'] }],
    });
    expect(() => plannedTotals(s, meta)).toThrow(/turn totals off/);
  });
});
