/** compileBuilder beyond the fixtures: the e2e query text, the alias rule, and no filter value ever changes the SQL's structure. */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { AddinError } from '../../../src/core/errors/addin-error';
import { metaSchema } from '../../../src/core/wire/schemas';
import { emptyBuilderState, parseBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { compileBuilder } from '../../../src/core/builder/compile';
import { membersOf } from '../../../src/core/builder/view-members';

const meta = metaSchema.parse(JSON.parse(fs.readFileSync(path.join(__dirname, '../../fixtures/builder/meta.json'), 'utf8')));

/** The SQL the browser e2e builds in the pane (orders count and total amount by status) and compares cell by cell. */
const E2E_ORDERS_BY_STATUS_SQL =
  'SELECT status, MEASURE(count) AS count, MEASURE(total_amount) AS total_amount\nFROM orders\nGROUP BY 1\nORDER BY 1';

function state(partial: Partial<BuilderState>): BuilderState {
  return { ...emptyBuilderState(), view: 'orders', ...partial };
}

/** The SQL with every string literal replaced by `?`: what a value must never change. */
function skeleton(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'/g, '?');
}

describe('compileBuilder', () => {
  it('compiles orders count and total amount by status to the e2e query text', () => {
    const c = compileBuilder(state({ rows: ['orders.status'], measures: ['orders.count', 'orders.total_amount'] }), meta);
    expect(c.sqlQuery).toBe(E2E_ORDERS_BY_STATUS_SQL);
    expect(c.pivotItems).toEqual({ rows: ['status'], columns: [], measures: ['count', 'total_amount'], filters: [] });
  });

  it('names pivot items exactly as the SQL names its result columns', () => {
    const c = compileBuilder(
      state({
        rows: ['orders.created_at', 'orders.order'],
        columns: ['orders.customerName'],
        measures: ['orders.count'],
        timeGranularity: { 'orders.created_at': 'week' },
      }),
      meta,
    );
    const select = c.sqlQuery.split('\n')[0] ?? '';
    const aliases = select
      .replace(/^SELECT /, '')
      .split(/, (?![^(]*\))/)
      .map((item) => {
        const m = / AS (.+)$/.exec(item);
        const id = m ? (m[1] ?? '') : item;
        return id.startsWith('"') ? id.slice(1, -1).replaceAll('""', '"') : id;
      });
    expect(aliases).toEqual([...c.pivotItems.rows, ...c.pivotItems.columns, ...c.pivotItems.measures]);
  });

  it('keeps a filter value inside its literal whatever it holds', () => {
    const base = (value: string, op: 'equals' | 'notEquals' | 'contains'): string =>
      compileBuilder(
        state({
          rows: ['orders.status'],
          measures: ['orders.count'],
          filters: [{ member: 'orders.status', operator: op, values: [value, 'x'] }],
        }),
        meta,
      ).sqlQuery;
    for (const op of ['equals', 'notEquals', 'contains'] as const) {
      const expected = skeleton(base('plain', op));
      fc.assert(
        fc.property(
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => !s.includes('\u0000') && s.trim() !== ''),
          (value) => {
            expect(skeleton(base(value, op))).toBe(expected);
          },
        ),
      );
    }
  });

  it('refuses numbers and times that are not, so nothing unquoted comes from the user', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }).filter((s) => /[^0-9.eE+\- ]/.test(s) && s.trim() !== ''),
        (value) => {
          expect(() =>
            compileBuilder(
              state({ measures: ['orders.count'], filters: [{ member: 'orders.amount', operator: 'gt', values: [value] }] }),
              meta,
            ),
          ).toThrow(AddinError);
        },
      ),
    );
  });

  it('serializes the JSON query with a fixed key order', () => {
    const c = compileBuilder(state({ rows: ['orders.status'], measures: ['orders.count'], limit: 10 }), meta);
    expect(c.jsonQuery).toBe(
      '{"measures":["orders.count"],"dimensions":["orders.status"],"timeDimensions":[],"filters":[],"order":[["orders.status","asc"]],"limit":10}',
    );
  });
});

describe('membersOf', () => {
  it('lists measures and dimensions with titles, types and short names', () => {
    const m = membersOf(meta, 'orders');
    expect(m.measures.map((x) => x.name)).toEqual(['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.last_order_at']);
    expect(m.measures[1]).toEqual({
      name: 'orders.total_amount',
      shortName: 'total_amount',
      title: 'Orders Total Amount',
      type: 'number',
      kind: 'measure',
    });
    expect(m.dimensions.find((d) => d.name === 'orders.created_at')).toEqual({
      name: 'orders.created_at',
      shortName: 'created_at',
      title: 'Created At',
      type: 'time',
      kind: 'dimension',
    });
  });
  it('refuses an unknown view with a validation error naming it', () => {
    expect(() => membersOf(meta, 'ghosts')).toThrow(
      expect.objectContaining({ kind: 'validation', message: expect.stringContaining('"ghosts"') }),
    );
  });
});

describe('parseBuilderState', () => {
  it('reads a stored state, filling keys it lacks', () => {
    expect(parseBuilderState({ view: 'orders', measures: ['orders.count'] })).toEqual({
      ...emptyBuilderState(),
      view: 'orders',
      measures: ['orders.count'],
    });
  });
  it('returns null for what is not a builder state', () => {
    expect(parseBuilderState(null)).toBeNull();
    expect(parseBuilderState({ view: 3 })).toBeNull();
    expect(parseBuilderState({ view: 'orders', filters: [{ member: 'orders.status', operator: 'like', values: [] }] })).toBeNull();
    expect(parseBuilderState({ view: 'orders', limit: 0 })).toBeNull();
  });
});
