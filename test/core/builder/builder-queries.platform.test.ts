/**
 * The builder's extra queries run on the local platform (its DuckDB): totals of a count-distinct measure equal a direct
 * SQL total over the raw tables (never the sum of the rows), relative periods run, and value suggestions match the search.
 */
import { emptyBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { relativeConditionSql } from '../../../src/core/builder/relative-period';
import { resolveBuilder } from '../../../src/core/builder/resolved-query';
import { renderSql } from '../../../src/core/builder/sql-query';
import { suggestionsQuery } from '../../../src/core/builder/suggestions-query';
import { totalsQueries } from '../../../src/core/builder/totals-query';
import { SQL_QUERY_PATH } from '../../../src/core/wire/wire-names';
import { buildMeta } from '../../../local-platform/warehouse/model-meta';
import { SEMANTIC_MODEL } from '../../../local-platform/warehouse/semantic-model';
import { call, EDITOR } from '../../local-platform/http';
import { platformPerFile } from '../../helpers/platform-per-file';

const platform = platformPerFile();
const meta = buildMeta(SEMANTIC_MODEL);

/** The rows of a query's answer (strings, as the stream sends numbers), or the error line's text thrown. */
async function rows(sql: string): Promise<unknown[][]> {
  const answer = await call('POST', `${platform.url}/d/101${SQL_QUERY_PATH}`, { key: EDITOR, body: { query: sql, timezone: 'UTC' } });
  const lines = answer.text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { data?: unknown[][]; error?: string });
  const error = lines.find((l) => l.error !== undefined);
  if (error) throw new Error(`${error.error ?? ''}\n${sql}`);
  return lines.flatMap((l) => l.data ?? []);
}

function state(partial: Partial<BuilderState>): BuilderState {
  return { ...emptyBuilderState(), view: 'orders', ...partial };
}

describe('builder queries on the local platform', () => {
  it('totals a count-distinct measure as the platform counts it, not as the rows sum', async () => {
    const q = resolveBuilder(
      state({ rows: ['orders.status'], columns: ['orders.product_category'], measures: ['orders.customers_count'] }),
      meta,
    );
    const totals = totalsQueries(q);
    const [grand] = await rows(totals.grand);
    const [direct] = await rows('SELECT COUNT(DISTINCT customer_id) AS n FROM wh_orders');
    expect(Number(grand?.[0])).toBe(Number(direct?.[0]));
    const byRows = await rows(totals.byRows ?? '');
    const sumOfRows = byRows.reduce((n, r) => n + Number(r[1]), 0);
    expect(sumOfRows).toBeGreaterThan(Number(grand?.[0]));
    expect((await rows(totals.byColumns ?? '')).length).toBeGreaterThan(1);
  });

  it('runs a relative period against CURRENT_DATE in the query time zone', async () => {
    const q = resolveBuilder(state({ measures: ['orders.count'] }), meta);
    const sql = renderSql(q).replace(
      'FROM orders',
      `FROM orders\nWHERE ${relativeConditionSql('created_at', { kind: 'last', n: 3, unit: 'year' }, "DATE '2024-07-01'")}`,
    );
    const [inRange] = await rows(sql);
    const [all] = await rows(renderSql(q));
    expect(Number(inRange?.[0])).toBeGreaterThan(0);
    expect(Number(inRange?.[0])).toBeLessThanOrEqual(Number(all?.[0]));
  });

  it('suggests the values matching the search, most frequent first, with counts', async () => {
    const query = suggestionsQuery(meta, 'orders', 'orders.customer_city', 'Z');
    expect(query?.countColumn).toBe('count');
    const found = await rows(query?.sql ?? '');
    expect(found.length).toBeGreaterThan(0);
    for (const [city] of found) expect(String(city).toLowerCase()).toContain('z');
    const counts = found.map((r) => Number(r[1]));
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(suggestionsQuery(meta, 'orders', 'orders.amount', '')).toBeNull();
  });
});
