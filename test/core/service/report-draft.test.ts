/** Draft <-> report: builder state in meta.builderState, mode in meta.mode, description in the report's description. */
import { reportSchema } from '../../../src/core/wire/schemas';
import type { ReportDraft } from '../../../src/core/service/addin-service';
import { draftFromReport, placementDraftOf } from '../../../src/core/service/report-draft';

const builderDraft: ReportDraft = {
  name: 'Orders',
  description: 'By status',
  mode: 'builder',
  sqlQuery: 'SELECT status, MEASURE(count) AS count\nFROM orders\nGROUP BY 1\nORDER BY 1',
  jsonQuery: '{"measures":["orders.count"]}',
  pivotItems: { rows: ['status'], columns: [], measures: ['count'], filters: [] },
  builderState: { view: 'orders', rows: ['orders.status'], measures: ['orders.count'] },
};

describe('placementDraftOf', () => {
  it("puts mode and builder state in meta, keeping other tools' keys", () => {
    const d = placementDraftOf(builderDraft, { deploymentId: '101', environmentId: '1011' }, { owner: 'charts', mode: 'sql' });
    expect(d).toEqual({
      deploymentId: '101',
      environmentId: '1011',
      name: 'Orders',
      description: 'By status',
      sqlQuery: builderDraft.sqlQuery,
      jsonQuery: builderDraft.jsonQuery,
      pivotItems: builderDraft.pivotItems,
      meta: { owner: 'charts', mode: 'builder', builderState: builderDraft.builderState },
    });
  });

  it('drops builder-only parts in SQL mode', () => {
    const d = placementDraftOf(
      { ...builderDraft, mode: 'sql', builderState: null, jsonQuery: null, pivotItems: null },
      { deploymentId: '101', environmentId: null },
      { builderState: { stale: true } },
    );
    expect(d.meta).toEqual({ mode: 'sql' });
    expect(d.pivotItems).toBeNull();
    expect(d.jsonQuery).toBeUndefined();
    expect(d.environmentId).toBeUndefined();
  });
});

describe('draftFromReport', () => {
  const base = { id: 1, deploymentId: 101, name: 'Orders', sqlQuery: 'SELECT 1' };
  it('reopens a builder report in builder mode', () => {
    const report = reportSchema.parse({
      ...base,
      description: 'd',
      jsonQuery: '{}',
      meta: { mode: 'builder', builderState: { view: 'orders' } },
      pivotItems: { rows: ['status'], columns: [], measures: ['count'], filters: [], measuresAxis: 'columns', measuresPosition: 'before' },
    });
    expect(draftFromReport(report)).toEqual({
      name: 'Orders',
      description: 'd',
      mode: 'builder',
      sqlQuery: 'SELECT 1',
      jsonQuery: '{}',
      pivotItems: { rows: ['status'], columns: [], measures: ['count'], filters: [] },
      builderState: { view: 'orders' },
    });
  });
  it('reopens in SQL mode without a usable builder state or mode', () => {
    expect(draftFromReport(reportSchema.parse({ ...base, meta: { mode: 'builder', builderState: 'nope' } }))).toEqual(
      expect.objectContaining({ mode: 'sql', builderState: null, description: '', jsonQuery: null, pivotItems: null }),
    );
    expect(draftFromReport(reportSchema.parse({ ...base, meta: { mode: 'sql', builderState: { view: 'orders' } } })).mode).toBe('sql');
    expect(draftFromReport(reportSchema.parse({ ...base, sqlQuery: null })).sqlQuery).toBe('');
  });
});
