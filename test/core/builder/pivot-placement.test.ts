/** Tests for the measure placement a builder report's pivot is laid with (kept in its builder state, not the pivot). */
import { withMeasurePlacement, withStoredMeasurePlacement } from '../../../src/core/builder/pivot-placement';
import { parseBuilderState } from '../../../src/core/builder/builder-state';
import { buildPivotMatrix } from '../../../src/core/cells/pivot-layout';

const pivot = { rows: ['region'], columns: ['year'], measures: ['count', 'amount'], filters: [] };

describe('measure placement of a builder report', () => {
  it('takes the builder state choice over what the pivot says, and leaves the pivot alone without one', () => {
    expect(withMeasurePlacement({ ...pivot, measuresAxis: 'columns' }, { measuresAxis: 'rows', measuresPosition: 'after' })).toEqual({
      ...pivot,
      measuresAxis: 'rows',
      measuresPosition: 'after',
    });
    expect(withMeasurePlacement({ ...pivot, measuresAxis: 'columns' }, {})).toEqual({ ...pivot, measuresAxis: 'columns' });
    expect(withMeasurePlacement(pivot, null)).toBe(pivot);
  });

  it('reads the choice from a builder report meta only', () => {
    const state = { view: 'orders', measuresAxis: 'rows' };
    expect(withStoredMeasurePlacement(pivot, { mode: 'builder', builderState: state }).measuresAxis).toBe('rows');
    expect(withStoredMeasurePlacement(pivot, { mode: 'sql', builderState: state }).measuresAxis).toBeUndefined();
    expect(withStoredMeasurePlacement(pivot, null)).toBe(pivot);
  });

  it('rejects a stored placement the add-in does not know (the state reads as absent)', () => {
    expect(parseBuilderState({ measuresAxis: 'diagonal' })).toBeNull();
    expect(parseBuilderState({ measuresAxis: 'rows', measuresPosition: 'after' })).toMatchObject({
      measuresAxis: 'rows',
      measuresPosition: 'after',
    });
  });

  it('lays a builder report with its stored placement (as Insert and the preview do)', () => {
    const result = {
      columns: [
        { name: 'region', column_type: 'String' },
        { name: 'year', column_type: 'Int64' },
        { name: 'count', column_type: 'Int64' },
        { name: 'amount', column_type: 'Double' },
      ],
      rows: [['EU', '2024', '3', '2.5']],
    };
    const meta = { mode: 'builder', builderState: { view: 'orders', measuresAxis: 'rows', measuresPosition: 'after' } };
    expect(buildPivotMatrix(result, withStoredMeasurePlacement(pivot, meta)).values).toEqual([
      ['region', 'Measure', 2024],
      ['EU', 'count', 3],
      ['EU', 'amount', 2.5],
    ]);
  });
});
