/** The query API over real HTTP: MEASURE and the semantic model, measure formats in the header, and errors. */
import { streamDataLineSchema, streamErrorLineSchema, streamHeaderSchema } from '../../../src/core/wire/schemas';
import { linesOf, parseStream, post, queryRows } from './query-server';
import { server, useSqlEndpointServer } from './sql-endpoint-server';

useSqlEndpointServer();

describe('MEASURE and the semantic model', () => {
  const same = async (modelSql: string, rawSql: string): Promise<void> => {
    const viaModel = await queryRows(server, modelSql);
    const raw = await queryRows(server, rawSql);
    expect(viaModel.rows.length).toBeGreaterThan(0);
    expect(viaModel.rows).toEqual(raw.rows);
  };

  it('rewrites count, sum, avg and count_distinct to the aggregates over the raw tables', async () => {
    await same(
      'SELECT status, MEASURE(count), MEASURE(total_amount), MEASURE(average_amount), MEASURE(customers_count) FROM orders GROUP BY status ORDER BY status',
      'SELECT status, COUNT(*), SUM(amount), AVG(amount), COUNT(DISTINCT customer_id) FROM wh_orders GROUP BY status ORDER BY status',
    );
  });

  it('accepts view-qualified and aliased members, any case, in WHERE, HAVING, ORDER BY and LIMIT', async () => {
    await same(
      "SELECT o.product_category, measure(O.total_amount) AS total FROM orders AS o WHERE o.status <> 'cancelled' " +
        'GROUP BY 1 HAVING MEASURE(o.count) > 10 ORDER BY MEASURE(orders.total_amount) DESC LIMIT 3',
      'SELECT p.category, SUM(x.amount) AS total FROM wh_orders x JOIN wh_products p ON p.id = x.product_id ' +
        "WHERE x.status <> 'cancelled' GROUP BY 1 HAVING COUNT(*) > 10 ORDER BY SUM(x.amount) DESC LIMIT 3",
    );
  });

  it('groups by DATE_TRUNC of the time dimension', async () => {
    const { header, rows } = await queryRows(
      server,
      "SELECT DATE_TRUNC('month', created_at) AS month, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1",
    );
    expect(header.schema[0]).toEqual({ name: 'month', column_type: 'Timestamp' });
    expect(rows).toHaveLength(36);
    expect(rows[0]![0]).toBe('2022-01-01T00:00:00.000');
    expect(rows[35]![0]).toBe('2024-12-01T00:00:00.000');
    expect(rows.reduce((s, r) => s + Number(r[1]), 0)).toBe(2000);
    await same(
      "SELECT DATE_TRUNC('quarter', created_at), customer_city, MEASURE(count) FROM orders GROUP BY 1, 2 ORDER BY 1, 2 NULLS FIRST",
      "SELECT DATE_TRUNC('quarter', o.created_at), c.city, COUNT(*) FROM wh_orders o JOIN wh_customers c ON c.id = o.customer_id GROUP BY 1, 2 ORDER BY 1, 2 NULLS FIRST",
    );
  });

  it('serves the customers view with its own measures', async () => {
    await same(
      'SELECT segment, MEASURE(customers.count), MEASURE(lifetime_value) FROM customers GROUP BY 1 ORDER BY 1',
      'SELECT c.segment, COUNT(*), SUM(COALESCE(s.v, 0)) FROM wh_customers c LEFT JOIN ' +
        '(SELECT customer_id, SUM(amount) AS v FROM wh_orders GROUP BY 1) s ON s.customer_id = c.id GROUP BY 1 ORDER BY 1',
    );
  });

  it('leaves MEASURE inside string literals, quoted identifiers and comments alone', async () => {
    const { rows, header } = await queryRows(
      server,
      `SELECT 'MEASURE(count)' AS "MEASURE(nope)", MEASURE(count) -- MEASURE(nope)\n FROM orders /* MEASURE(nope) */`,
    );
    expect(header.schema.map((c) => c.name)).toEqual(['MEASURE(nope)', 'measure(orders.count)']);
    expect(rows).toEqual([['MEASURE(count)', '2000']]);
  });
});

describe('measure formats in the header', () => {
  const headerOf = async (query: string) => streamHeaderSchema.parse((await queryRows(server, query)).header).schema;
  const USD = { format: 'currency', currency: 'USD' };

  it('gives a MEASURE() column its measure format, with USD for currency, and nothing to the other columns', async () => {
    const schema = await headerOf('SELECT status, MEASURE(count) AS count, MEASURE(total_amount) AS total_amount FROM orders GROUP BY 1');
    expect(schema).toEqual([
      { name: 'status', column_type: 'String' },
      { name: 'count', column_type: 'Int64' },
      { name: 'total_amount', column_type: { Decimal: [38, 2] }, ...USD },
    ]);
  });

  it('formats an un-aliased qualified MEASURE() under its default name, and number formats without a currency', async () => {
    const schema = await headerOf('SELECT MEASURE(orders.average_amount), MEASURE(units_sold) AS "Units" FROM orders');
    expect(schema).toEqual([
      { name: 'measure(orders.average_amount)', column_type: 'Double', ...USD },
      { name: 'Units', column_type: 'Int64', format: 'number' },
    ]);
  });

  it("formats a view's measure column read directly, and the measures a * brings", async () => {
    expect(await headerOf('SELECT c.lifetime_value AS ltv, name FROM customers c LIMIT 1')).toEqual([
      { name: 'ltv', column_type: { Decimal: [38, 2] }, ...USD },
      { name: 'name', column_type: 'String' },
    ]);
    const star = await headerOf('SELECT * FROM orders LIMIT 1');
    const formatted = star.filter((c) => c.format !== undefined).map((c) => [c.name, c.format]);
    expect(formatted).toEqual([
      ['total_amount', 'currency'],
      ['average_amount', 'currency'],
      ['units_sold', 'number'],
      ['largest_amount', 'currency'],
    ]);
  });

  it('gives plain SQL no format, whatever its column names', async () => {
    const plain = [
      'SELECT 1 AS total_amount',
      'SELECT SUM(amount) AS total_amount FROM wh_orders',
      'SELECT MEASURE(total_amount) * 2 AS total_amount FROM orders',
      'SELECT total_amount FROM (SELECT MEASURE(total_amount) AS total_amount FROM orders) t',
      'WITH orders AS (SELECT 1 AS total_amount) SELECT total_amount FROM orders',
    ];
    for (const query of plain) {
      const schema = await headerOf(query);
      expect(schema.every((c) => c.format === undefined && c.currency === undefined)).toBe(true);
    }
  });
});

describe('errors', () => {
  const errorBody = async (query: string): Promise<string> => {
    const res = await post(server.url, { query });
    expect(res.status).toBe(200);
    const lines = linesOf(res.text);
    expect(lines).toHaveLength(1);
    return streamErrorLineSchema.parse(JSON.parse(lines[0]!)).error;
  };

  it('answers bad SQL with status 200 and a single error line', async () => {
    expect(await errorBody('SELECT nope FROM orders')).toMatch(/nope/);
    expect(await errorBody('SELEC 1')).toMatch(/syntax/i);
  });

  it.each([
    ['encoded by DuckDB', ''],
    ['encoded in JavaScript', ', INTERVAL 1 DAY AS iv'],
  ])('2.10 a query failing mid-stream ends with an error line after its data lines, status 200 (%s)', async (_label, extra) => {
    // DuckDB's streaming fetch ends a failed stream like a finished one; only the end marker tells them apart.
    const res = await post(server.url, {
      query: `SELECT i, CASE WHEN i >= 300000 THEN error('late failure') END AS e${extra} FROM range(400000) t(i) LIMIT 400000`,
    });
    expect(res.status).toBe(200);
    const lines = linesOf(res.text);
    const last = streamErrorLineSchema.parse(JSON.parse(lines[lines.length - 1]!));
    expect(last.error).toMatch(/failed/);
    streamHeaderSchema.parse(JSON.parse(lines[0]!));
    const rows = lines.slice(1, -1).flatMap((l) => streamDataLineSchema.parse(JSON.parse(l)).data);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(300_000);
  });

  it('names an unknown measure, a dimension used as a measure, and an ambiguous one', async () => {
    expect(await errorBody('SELECT MEASURE(revenue) FROM orders')).toMatch(/Unknown measure 'revenue'/);
    expect(await errorBody('SELECT MEASURE(status) FROM orders')).toMatch(/orders\.status is a dimension/);
    expect(await errorBody('SELECT MEASURE(count) FROM orders o JOIN customers c ON c.id = o.id')).toMatch(
      /Ambiguous measure 'count'.*orders\.count or customers\.count/,
    );
  });

  it('runs one SELECT only: other statements and several statements are refused, and the data stays', async () => {
    expect(await errorBody('DROP TABLE wh_orders')).toMatch(/Only SELECT/);
    expect(await errorBody('SELECT 1; DROP TABLE wh_orders')).toMatch(/one statement/);
    expect((await queryRows(server, 'SELECT COUNT(*) FROM wh_orders')).rows).toEqual([['2000']]);
  });

  it('accepts a trailing semicolon and a trailing comment', async () => {
    expect((await queryRows(server, 'SELECT 1 AS one; -- done')).rows).toEqual([['1']]);
  });

  it('refuses bodies with other keys, a missing query, bad values or non-JSON with 400 UserError', async () => {
    const cases: Array<[unknown, string]> = [
      [{ query: 'SELECT 1', limit: 5 }, 'Invalid query format: "limit" is not allowed'],
      [{ timezone: 'UTC' }, 'Invalid query format: "query" is required'],
      [{ query: 5 }, 'Invalid query format: "query" must be a string'],
      [{ query: 'SELECT 1', cache: 'sometimes' }, 'Invalid query format: "cache" must be one of'],
      [{ query: 'SELECT 1', throwContinueWait: 'yes' }, 'Invalid query format: "throwContinueWait" must be a boolean'],
      [{ query: 'SELECT 1', timezone: 'Mars/Olympus' }, 'Invalid query format: Unknown timezone "Mars/Olympus"'],
      ['{not json', 'Invalid query format:'],
    ];
    for (const [body, message] of cases) {
      const res = await post(server.url, body);
      expect(res.status).toBe(400);
      const parsed = JSON.parse(res.text) as { type: string; error: string };
      expect(parsed.type).toBe('UserError');
      expect(parsed.error.startsWith(message)).toBe(true);
    }
  });

  it('accepts every documented key', async () => {
    const res = await post(server.url, { query: 'SELECT 1', timezone: 'UTC', cache: 'no-cache', throwContinueWait: false });
    expect(parseStream(res.text).rows).toEqual([['1']]);
  });
});
