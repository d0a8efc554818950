/** Totals queries: built from the report's own filters, grouped as a pivot's totals need, refused where a total cannot be right. */
import fs from 'node:fs';
import path from 'node:path';
import { emptyBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { resolveBuilder } from '../../../src/core/builder/resolved-query';
import { totalsQueries } from '../../../src/core/builder/totals-query';
import { metaSchema } from '../../../src/core/wire/schemas';
import { addinErrorOf } from '../../helpers/caught-error';

const meta = metaSchema.parse(JSON.parse(fs.readFileSync(path.join(__dirname, '../../fixtures/builder/meta.json'), 'utf8')));

function state(partial: Partial<BuilderState>): BuilderState {
  return { ...emptyBuilderState(), view: 'orders', ...partial };
}

describe('totalsQueries', () => {
  it('gives a flat report its grand total over the same filters, without order or limit', () => {
    const q = resolveBuilder(
      state({
        rows: ['orders.status'],
        measures: ['orders.count'],
        filters: [{ member: 'orders.status', operator: 'notEquals', values: ['cancelled'] }],
        limit: 5,
      }),
      meta,
    );
    expect(totalsQueries(q)).toEqual({
      grand: "SELECT MEASURE(count) AS count\nFROM orders\nWHERE (status <> 'cancelled' OR status IS NULL)",
    });
  });

  it('gives a pivot its totals by Rows members, by Columns members and the grand total', () => {
    const q = resolveBuilder(
      state({
        rows: ['orders.status'],
        columns: ['orders.created_at'],
        measures: ['orders.count'],
        timeGranularity: { 'orders.created_at': 'year' },
      }),
      meta,
    );
    expect(totalsQueries(q)).toEqual({
      grand: 'SELECT MEASURE(count) AS count\nFROM orders',
      byRows: 'SELECT status, MEASURE(count) AS count\nFROM orders\nGROUP BY 1',
      byColumns: "SELECT DATE_TRUNC('year', created_at) AS created_at, MEASURE(count) AS count\nFROM orders\nGROUP BY 1",
    });
  });

  it('refuses totals without a measure, or with a filter on a measure', () => {
    expect(addinErrorOf(() => totalsQueries(resolveBuilder(state({ rows: ['orders.status'] }), meta))).message).toMatch(
      /Totals need at least one measure/,
    );
    const filtered = resolveBuilder(
      state({ rows: ['orders.status'], measures: ['orders.count'], filters: [{ member: 'orders.count', operator: 'gt', values: ['3'] }] }),
      meta,
    );
    const error = addinErrorOf(() => totalsQueries(filtered));
    expect(error.kind).toBe('validation');
    expect(error.message).toMatch(/filter on the measure .* remove that filter, or turn totals off/);
  });
});
