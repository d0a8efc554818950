/**
 * Filters compiled by the builder and run on the local platform: OR alternatives (rows and groups), relative periods
 * compiled from the stored code, each checked against a direct SQL count over the raw table; what is refused, and the JSON form.
 */
import { emptyBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { compileBuilder } from '../../../src/core/builder/compile';
import { SQL_QUERY_PATH } from '../../../src/core/wire/wire-names';
import { buildMeta } from '../../../local-platform/warehouse/model-meta';
import { SEMANTIC_MODEL } from '../../../local-platform/warehouse/semantic-model';
import { call, EDITOR } from '../../local-platform/http';
import { platformPerFile } from '../../helpers/platform-per-file';

const platform = platformPerFile();
const meta = buildMeta(SEMANTIC_MODEL);

async function rows(sql: string, timezone = 'UTC'): Promise<unknown[][]> {
  const answer = await call('POST', `${platform.url}/d/101${SQL_QUERY_PATH}`, { key: EDITOR, body: { query: sql, timezone } });
  const lines = answer.text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { data?: unknown[][]; error?: string });
  const error = lines.find((l) => l.error !== undefined);
  if (error) throw new Error(`${error.error ?? ''}\n${sql}`);
  return lines.flatMap((l) => l.data ?? []);
}

const count = async (sql: string, timezone?: string) => Number((await rows(sql, timezone))[0]?.[0]);

function state(partial: Partial<BuilderState>): BuilderState {
  return { ...emptyBuilderState(), view: 'orders', measures: ['orders.count'], ...partial };
}

describe('OR alternatives', () => {
  it('let a row through when any condition holds, across two members', async () => {
    const s = state({
      filters: [
        {
          member: 'orders.status',
          operator: 'equals',
          values: ['completed'],
          or: [{ member: 'orders.amount', operator: 'gt', values: ['400'] }],
        },
      ],
    });
    const { sqlQuery, jsonQuery } = compileBuilder(s, meta);
    expect(await count(sqlQuery)).toBe(await count("SELECT COUNT(*) FROM wh_orders WHERE status = 'completed' OR amount > 400"));
    expect(await count(sqlQuery)).toBeGreaterThan(await count("SELECT COUNT(*) FROM wh_orders WHERE status = 'completed'"));
    expect(JSON.parse(jsonQuery)).toMatchObject({
      filters: [
        {
          or: [
            { member: 'orders.status', operator: 'equals', values: ['completed'] },
            { member: 'orders.amount', operator: 'gt', values: ['400'] },
          ],
        },
      ],
    });
  });

  it('stay inside their parentheses next to another filter (AND binds the groups)', async () => {
    const s = state({
      filters: [
        { member: 'orders.is_returned', operator: 'equals', values: ['true'] },
        {
          member: 'orders.status',
          operator: 'equals',
          values: ['completed'],
          or: [{ member: 'orders.customer_city', operator: 'notSet', values: [] }],
        },
      ],
    });
    expect(await count(compileBuilder(s, meta).sqlQuery)).toBe(
      await count(
        "SELECT COUNT(*) FROM wh_orders o LEFT JOIN wh_customers c ON c.id = o.customer_id WHERE o.status = 'returned' AND (o.status = 'completed' OR c.city IS NULL)",
      ),
    );
  });

  it('on measures pick groups (HAVING) and refuse to mix a row condition with a group condition', async () => {
    const s = state({
      rows: ['orders.status'],
      filters: [
        { member: 'orders.count', operator: 'lt', values: ['50'], or: [{ member: 'orders.count', operator: 'gt', values: ['400'] }] },
      ],
    });
    const picked = await rows(compileBuilder(s, meta).sqlQuery);
    const all = await rows('SELECT status, COUNT(*) FROM wh_orders GROUP BY 1');
    expect(picked.length).toBe(all.filter((r) => Number(r[1]) < 50 || Number(r[1]) > 400).length);
    const mixed = state({
      filters: [
        { member: 'orders.status', operator: 'equals', values: ['x'], or: [{ member: 'orders.count', operator: 'gt', values: ['1'] }] },
      ],
    });
    expect(() => compileBuilder(mixed, meta)).toThrow(/all on dimensions or all on measures/);
  });
});

describe('relative periods in filters', () => {
  it('compile from the stored code to SQL the platform evaluates at query time, in the query time zone', async () => {
    const s = state({ filters: [{ member: 'orders.created_at', operator: 'inPeriod', values: ['last-3-year'] }] });
    const { sqlQuery, jsonQuery } = compileBuilder(s, meta);
    expect(sqlQuery).toContain('CURRENT_DATE');
    const raw = `SELECT COUNT(*) FROM wh_orders WHERE created_at >= DATE_TRUNC('year', CURRENT_DATE) - INTERVAL '36 month' AND created_at < DATE_TRUNC('year', CURRENT_DATE)`;
    expect(await count(sqlQuery)).toBe(await count(raw));
    // Away from UTC the view's times are the zone's wall clock (the raw table's are UTC): the same bounds over the view.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata']) {
      const overView = `SELECT MEASURE(count) FROM orders WHERE created_at >= DATE_TRUNC('year', CURRENT_DATE) - INTERVAL '36 month' AND created_at < DATE_TRUNC('year', CURRENT_DATE)`;
      expect(await count(sqlQuery, zone)).toBe(await count(overView, zone));
    }
    expect(JSON.parse(jsonQuery)).toMatchObject({
      timeDimensions: [{ dimension: 'orders.created_at', dateRange: 'last 3 years' }],
      filters: [],
    });
  });

  it('refuse a code the builder does not know, and a period on a field that is not a time', () => {
    expect(() =>
      compileBuilder(state({ filters: [{ member: 'orders.created_at', operator: 'inPeriod', values: ['last-fortnight'] }] }), meta),
    ).toThrow(/not one the builder knows/);
    expect(() => compileBuilder(state({ filters: [{ member: 'orders.status', operator: 'inPeriod', values: ['today'] }] }), meta)).toThrow(
      /works on time fields/,
    );
  });
});
