/** The query API over real HTTP: line shapes, value encoding, MEASURE rewrite, errors, auth, Continue wait and faults. */
import http from 'node:http';
import { streamDataLineSchema, streamErrorLineSchema, streamHeaderSchema } from '../../../src/core/wire/schemas';
import { DEV_KEY, META_TOKEN, linesOf, parseStream, post, queryRows, startQueryServer, type QueryServer } from './query-server';

let server: QueryServer;

beforeAll(async () => {
  server = await startQueryServer({ rows: 2000, continueWaitHoldMs: 150 });
});
afterAll(async () => {
  await server.close();
});

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

describe('stream shape', () => {
  it('answers 200 application/json, chunked, with a header line then data lines, every line ending in a newline', async () => {
    const res = await post(server.url, { query: 'SELECT status, MEASURE(count) FROM orders GROUP BY 1 ORDER BY 1' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const lines = linesOf(res.text);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const header = streamHeaderSchema.parse(JSON.parse(lines[0]!));
    expect(header.schema).toEqual([
      { name: 'status', column_type: 'String' },
      { name: 'measure(orders.count)', column_type: 'Int64' },
    ]);
    expect(new Date(header.lastRefreshTime!).toISOString()).toBe(header.lastRefreshTime);
    for (const l of lines.slice(1)) streamDataLineSchema.parse(JSON.parse(l));
    const rows = parseStream(res.text).rows;
    expect(rows.map((r) => r[0])).toEqual(['cancelled', 'completed', 'processing', 'returned', 'shipped']);
    expect(rows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(2000);
  });

  it('sends exactly one {"data":[]} for an empty result', async () => {
    const res = await post(server.url, { query: "SELECT id FROM orders WHERE status = 'no such status'" });
    const lines = linesOf(res.text);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ schema: [{ name: 'id', column_type: 'Int64' }] });
    expect(lines[1]).toBe('{"data":[]}');
  });

  it('runs plain SQL that touches no view', async () => {
    const { header, rows } = await queryRows(server, "SELECT 'x' AS a, 1 AS b");
    expect(header.schema).toEqual([
      { name: 'a', column_type: 'String' },
      { name: 'b', column_type: 'Int32' },
    ]);
    expect(rows).toEqual([['x', '1']]);
  });

  it('streams a large result in many lines of at most 2048 rows, in the query order', async () => {
    const big = await startQueryServer({ rows: 200_000, context: { rowCap: null } });
    try {
      const { dataLines, rows } = await queryRows(big, 'SELECT id FROM orders ORDER BY id DESC');
      expect(rows).toHaveLength(200_000);
      expect(dataLines.length).toBeGreaterThanOrEqual(Math.ceil(200_000 / 2048));
      expect(Math.max(...dataLines.map((l) => l.length))).toBeLessThanOrEqual(2048);
      expect(dataLines.every((l) => l.length > 0)).toBe(true);
      expect(rows[0]).toEqual(['200000']);
      expect(rows.every((r, i) => r[0] === String(200_000 - i))).toBe(true);
    } finally {
      await big.close();
    }
  });

  it('caps a query without its own LIMIT at 10,000 rows, and streams everything an explicit LIMIT asks for', async () => {
    const big = await startQueryServer({ rows: 12_000 });
    try {
      expect((await queryRows(big, 'SELECT id FROM orders')).rows).toHaveLength(10_000);
      expect((await queryRows(big, 'SELECT id FROM orders LIMIT 11500')).rows).toHaveLength(11_500);
      expect((await queryRows(big, 'SELECT * FROM (SELECT id FROM orders LIMIT 11000) t')).rows).toHaveLength(10_000);
    } finally {
      await big.close();
    }
  });

  it('honours a smaller line size', async () => {
    const small = await startQueryServer({ rows: 300, context: { maxRowsPerLine: 7 } });
    try {
      const { dataLines, rows } = await queryRows(small, 'SELECT id FROM orders ORDER BY id LIMIT 100');
      expect(rows).toHaveLength(100);
      expect(dataLines.map((l) => l.length)).toEqual([...Array(14).fill(7), 2]);
    } finally {
      await small.close();
    }
  });
});

describe('value encoding', () => {
  it('encodes every column type of the orders view', async () => {
    const { header, rows } = await queryRows(
      server,
      'SELECT id, status, created_at, customer_city, product_category, amount, is_returned, units_sold FROM orders ORDER BY id LIMIT 50',
    );
    expect(header.schema.map((c) => c.column_type)).toEqual([
      'Int64',
      'String',
      'Timestamp',
      'String',
      'String',
      { Decimal: [12, 2] },
      'Boolean',
      'Int32',
    ]);
    for (const [id, status, createdAt, city, category, amount, returned, units] of rows) {
      expect(id).toMatch(/^\d+$/);
      expect(typeof status).toBe('string');
      expect(createdAt).toMatch(TS);
      expect(city === null || typeof city === 'string').toBe(true);
      expect(typeof category).toBe('string');
      expect(amount).toMatch(/^\d+\.\d{2}$/);
      expect(returned).toBe(status === 'returned');
      expect(units).toMatch(/^\d+$/);
    }
    expect(rows[0]![0]).toBe('1');
  });

  it('encodes measures: count Int64, sums of decimals as exact Decimal(38,2), averages as Double, integer sums exactly', async () => {
    const { header, rows } = await queryRows(
      server,
      'SELECT MEASURE(count), MEASURE(total_amount), MEASURE(average_amount), MEASURE(units_sold), MEASURE(customers_count), MEASURE(largest_amount) FROM orders',
    );
    expect(header.schema.map((c) => c.column_type)).toEqual([
      'Int64',
      { Decimal: [38, 2] },
      'Double',
      'Int64',
      'Int64',
      { Decimal: [12, 2] },
    ]);
    const [count, total, avg, units, customers, largest] = rows[0]! as string[];
    expect(count).toBe('2000');
    expect(total).toMatch(/^\d+\.\d{2}$/);
    expect(Number(avg)).toBeCloseTo(Number(total) / 2000, 6);
    expect(units).toMatch(/^\d+$/);
    expect(Number(customers)).toBeGreaterThan(0);
    expect(largest).toMatch(/^\d+\.\d{2}$/);
  });

  it('encodes the customers view: dates as YYYY-MM-DD, nulls as null, formula-like text as plain strings', async () => {
    const { header, rows } = await queryRows(server, 'SELECT id, nickname, city, signup_date, lifetime_value FROM customers ORDER BY id');
    expect(header.schema.map((c) => c.column_type)).toEqual(['Int32', 'String', 'String', { Date: false }, { Decimal: [38, 2] }]);
    expect(rows.slice(0, 4).map((r) => r[1])).toEqual(['-dash', '=cmd|calc', '+plus', '@mention']);
    expect(rows.some((r) => r[1] === null)).toBe(true);
    expect(rows.every((r) => typeof r[3] === 'string' && DATE.test(r[3]))).toBe(true);
    const cities = new Set(rows.map((r) => r[2]));
    expect(cities.has('Zürich') || cities.has('São Paulo') || cities.has('Kraków')).toBe(true);
  });

  const LITERALS =
    'SELECT 9007199254740993::BIGINT AS big, 170141183460469231731687303715884105727::HUGEINT AS huge, 7::TINYINT AS tiny, ' +
    '0.1::DOUBLE + 0.2::DOUBLE AS dbl, 4.0::DOUBLE AS whole, 1e-7::DOUBLE AS small, 1e21::DOUBLE AS large, -2.5e-5::DOUBLE AS neg, ' +
    '1.1::FLOAT AS flt, 1234567.89::DECIMAL(12,2) AS dec, -0.05::DECIMAL(5,2) AS negdec, TRUE AS yes, NULL::BOOLEAN AS nobool, ' +
    "NULL::VARCHAR AS nothing, TIMESTAMP '2024-02-29 23:59:59.999999' AS ts, TIMESTAMP '1969-12-31 23:59:59.5' AS before_epoch, " +
    "DATE '1969-12-31' AS dt, 'Zürich \"q\" \\ back' || chr(10) || 'line' AS txt, TIMESTAMPTZ '2024-07-01 10:00:00+00' AS tstz";
  const EXPECTED = [
    '9007199254740993',
    '170141183460469231731687303715884105727',
    '7',
    '0.30000000000000004',
    '4',
    '0.0000001',
    '1000000000000000000000',
    '-0.000025',
    '1.1',
    '1234567.89',
    '-0.05',
    true,
    null,
    null,
    '2024-02-29T23:59:59.999',
    '1969-12-31T23:59:59.500',
    '1969-12-31',
    'Zürich "q" \\ back\nline',
    '2024-07-01T12:00:00.000',
  ];

  it('encodes literals of every scalar type exactly (numbers as strings, no zone, no exponent)', async () => {
    const { header, rows } = await queryRows(server, LITERALS, { timezone: 'Europe/Zurich' });
    expect(rows).toEqual([EXPECTED]);
    expect(header.schema.map((c) => c.column_type)).toEqual([
      'Int64',
      'Int64',
      'Int8',
      'Double',
      'Double',
      'Double',
      'Double',
      'Double',
      'Double',
      { Decimal: [12, 2] },
      { Decimal: [5, 2] },
      'Boolean',
      'Boolean',
      'String',
      'Timestamp',
      'Timestamp',
      { Date: false },
      'String',
      'Timestamp',
    ]);
  });

  it('encodes the same values identically when JavaScript encodes the row (a column DuckDB cannot encode)', async () => {
    const { header, rows } = await queryRows(
      server,
      `${LITERALS}, INTERVAL '1 year 2 months 3 days 04:05:06.5' AS iv, [1, NULL, 3] AS list, ['a b', 'c'] AS words`,
      { timezone: 'Europe/Zurich' },
    );
    expect(rows).toEqual([[...EXPECTED, '1 year 2 mons 3 days 04:05:06.5', '{1,NULL,3}', '{"a b",c}']]);
    expect(header.schema.slice(-3).map((c) => c.column_type)).toEqual([
      { Interval: 'MonthDayNano' },
      { List: { name: 'item', column_type: 'Int32', nullable: true } },
      { List: { name: 'item', column_type: 'String', nullable: true } },
    ]);
  });

  it('encodes a sample of real rows identically on both encoding paths', async () => {
    const columns = 'id, status, created_at, customer_city, customer_name, product_name, amount, is_returned, units_sold';
    const viaSql = await queryRows(server, `SELECT ${columns} FROM orders ORDER BY id LIMIT 500`);
    const viaJs = await queryRows(server, `SELECT ${columns}, INTERVAL 1 DAY AS force_js FROM orders ORDER BY id LIMIT 500`);
    expect(viaJs.rows.map((r) => r.slice(0, -1))).toEqual(viaSql.rows);
  });

  it('shows time dimensions as wall-clock time in the query timezone', async () => {
    const utc = await queryRows(server, 'SELECT created_at FROM orders WHERE id = 1');
    const sp = await queryRows(server, 'SELECT created_at FROM orders WHERE id = 1', { timezone: 'America/Sao_Paulo' });
    const u = utc.rows[0]![0] as string;
    const s = sp.rows[0]![0] as string;
    expect(Date.parse(`${u}Z`) - Date.parse(`${s}Z`)).toBe(3 * 3600 * 1000);
  });
});

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

describe('auth', () => {
  it('accepts the dev key raw or after Bearer', async () => {
    for (const authorization of [DEV_KEY, `Bearer ${DEV_KEY}`]) {
      const res = await post(server.url, { query: 'SELECT 1' }, { Authorization: authorization });
      expect(res.status).toBe(200);
    }
  });

  it('answers 403 without a header, and 403 Invalid token for anything else, the meta-sync token included', async () => {
    const missing = await post(server.url, { query: 'SELECT 1' }, {});
    expect(missing.status).toBe(403);
    expect(JSON.parse(missing.text)).toEqual({ error: "Authorization header isn't set" });
    for (const authorization of ['nope', `Bearer ${META_TOKEN}`, META_TOKEN]) {
      const res = await post(server.url, { query: 'SELECT 1' }, { Authorization: authorization });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text)).toEqual({ error: 'Invalid token' });
    }
  });
});

describe('Continue wait', () => {
  const ask = (headers: Record<string, string>, throwContinueWait?: boolean) =>
    post(
      server.url,
      { query: 'SELECT 1 AS one', ...(throwContinueWait === undefined ? {} : { throwContinueWait }) },
      { Authorization: DEV_KEY, ...headers },
    );

  it('answers a query slower than the hold with Continue wait when asked, until the retries of the span find it done', async () => {
    let waits = 0;
    let body = '';
    for (let n = 1; n <= 40; n++) {
      const res = await ask({ 'x-fault': 'delay-ms=500', 'x-request-id': `slow1-span-${n}` }, true);
      expect(res.status).toBe(200);
      const lines = linesOf(res.text);
      const first = JSON.parse(lines[0]!) as { error?: string; requestId?: string };
      if (first.error === undefined) {
        body = res.text;
        break;
      }
      expect(lines).toHaveLength(1);
      expect(first).toEqual({ error: 'Continue wait', requestId: `slow1-span-${n}` });
      waits++;
    }
    expect(waits).toBeGreaterThanOrEqual(1);
    expect(parseStream(body).rows).toEqual([['1']]);
  });

  it('holds the connection instead when throwContinueWait is not set', async () => {
    for (const flag of [undefined, false]) {
      const res = await ask({ 'x-fault': 'delay-ms=400', 'x-request-id': `slow2-${String(flag)}-span-1` }, flag);
      expect(parseStream(res.text).rows).toEqual([['1']]);
    }
  });

  it('keeps a real query that answered Continue wait running for the retries of its span: a retry takes it over and gets its result', async () => {
    // With a hold of 0 a query started anew can never answer: only the query started by the first request can.
    const impatient = await startQueryServer({ rows: 100, continueWaitHoldMs: 0 });
    try {
      const slow = 'SELECT SUM(i * i % 7) AS s FROM range(200000000) t(i)';
      const ask = (n: number) =>
        post(impatient.url, { query: slow, throwContinueWait: true }, { Authorization: DEV_KEY, 'x-request-id': `real-span-${n}` });
      expect(JSON.parse((await ask(1)).text)).toEqual({ error: 'Continue wait', requestId: 'real-span-1' });
      let rows: unknown[][] | undefined;
      for (let n = 2; n <= 1000 && rows === undefined; n++) {
        const res = await ask(n);
        const first = JSON.parse(linesOf(res.text)[0]!) as { error?: string };
        if (first.error === undefined) rows = parseStream(res.text).rows;
        else {
          expect(first.error).toBe('Continue wait');
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      expect(rows).toHaveLength(1);
      expect(rows![0]![0]).toMatch(/^\d+$/);
      expect((await queryRows(impatient, 'SELECT COUNT(*) FROM orders')).rows).toEqual([['100']]);
      expect(impatient.stats.inFlight).toBe(0);
    } finally {
      await impatient.close();
    }
  });

  it('continue-wait=N answers Continue wait to the first N requests of a span, counted per span', async () => {
    const texts: string[] = [];
    for (let n = 1; n <= 3; n++) texts.push((await ask({ 'x-fault': 'continue-wait=2', 'x-request-id': `cw-span-${n}` }, true)).text);
    expect(texts.slice(0, 2).map((t) => JSON.parse(t) as unknown)).toEqual([
      { error: 'Continue wait', requestId: 'cw-span-1' },
      { error: 'Continue wait', requestId: 'cw-span-2' },
    ]);
    expect(parseStream(texts[2]!).rows).toEqual([['1']]);
    const other = await ask({ 'x-fault': 'continue-wait=2', 'x-request-id': 'cw2-span-1' }, true);
    expect(JSON.parse(other.text)).toEqual({ error: 'Continue wait', requestId: 'cw2-span-1' });
  });
});

describe('faults', () => {
  const QUERY = 'SELECT id, status FROM orders ORDER BY id LIMIT 100';
  const withFault = (fault: string) => post(server.url, { query: QUERY }, { Authorization: DEV_KEY, 'x-fault': fault });

  it('drop-after-rows=N cuts the connection mid-line after N rows', async () => {
    const res = await withFault('drop-after-rows=5');
    expect(res.aborted || !res.text.endsWith('\n')).toBe(true);
    const complete = res.text.slice(0, res.text.lastIndexOf('\n') + 1);
    const { rows } = parseStream(complete);
    expect(rows.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(res.text.slice(complete.length)).not.toBe('');
  });

  it('malformed-after-rows=N writes a broken line after N rows, then ends', async () => {
    const res = await withFault('malformed-after-rows=3');
    expect(res.aborted).toBe(false);
    const lines = linesOf(res.text);
    expect(parseStream(lines.slice(0, -1).join('\n') + '\n').rows).toHaveLength(3);
    expect(() => JSON.parse(lines[lines.length - 1]!) as unknown).toThrow();
  });

  it('error-after-rows=N writes an error line after N rows', async () => {
    const res = await withFault('error-after-rows=70');
    expect(res.status).toBe(200);
    const lines = linesOf(res.text);
    const last = streamErrorLineSchema.parse(JSON.parse(lines[lines.length - 1]!));
    expect(last.error).toMatch(/after 70 rows/);
    expect(parseStream(lines.slice(0, -1).join('\n') + '\n').rows).toHaveLength(70);
  });

  it('strikes at the end when the result has fewer rows than N', async () => {
    const res = await withFault('error-after-rows=1000');
    const lines = linesOf(res.text);
    expect(parseStream(lines.slice(0, -1).join('\n') + '\n').rows).toHaveLength(100);
    expect(JSON.parse(lines[lines.length - 1]!)).toMatchObject({ error: expect.stringMatching(/after 100 rows/) });
  });

  it('delay-ms=N still delivers the whole result', async () => {
    const res = await withFault('delay-ms=50');
    expect(parseStream(res.text).rows).toHaveLength(100);
  });

  it('ignores the header when faults are off', async () => {
    const plain = await startQueryServer({ rows: 200, context: { faults: null } });
    try {
      const res = await post(plain.url, { query: QUERY }, { Authorization: DEV_KEY, 'x-fault': 'error-after-rows=1, continue-wait=3' });
      expect(parseStream(res.text).rows).toHaveLength(100);
    } finally {
      await plain.close();
    }
  });
});

describe('flow control', () => {
  /** Starts a query and hands back the live response, unread. */
  const open = (target: QueryServer, query: string): Promise<{ req: http.ClientRequest; res: http.IncomingMessage }> =>
    new Promise((resolve, reject) => {
      const req = http.request(target.url, { method: 'POST', headers: { Authorization: DEV_KEY } }, (res) => resolve({ req, res }));
      req.on('error', reject);
      req.end(JSON.stringify({ query }));
    });
  const settle = async (read: () => number): Promise<number> => {
    // Wait until the value stops changing (bounded), without asserting on time.
    let last = -1;
    for (let i = 0; i < 100 && read() !== last; i++) {
      last = read();
      await new Promise((r) => setTimeout(r, 30));
    }
    return read();
  };

  it('writes only as far as the client reads (backpressure), then finishes when it reads on', async () => {
    const big = await startQueryServer({ rows: 200_000, context: { rowCap: null } });
    try {
      const { res } = await open(big, "SELECT id, created_at, amount, repeat('x', 200) AS pad FROM orders");
      res.pause();
      const written = await settle(() => big.stats.bytesWritten);
      expect(written).toBeGreaterThan(0);
      expect(big.stats.inFlight).toBe(1);
      let received = 0;
      res.on('data', (c: Buffer) => {
        received += c.length;
      });
      const ended = new Promise((r) => res.on('end', r));
      res.resume();
      await ended;
      expect(received).toBeGreaterThan(200_000 * 200);
      expect(written).toBeLessThan(received / 2);
      expect(received).toBe(big.stats.bytesWritten);
      expect(await settle(() => big.stats.inFlight)).toBe(0);
    } finally {
      await big.close();
    }
  });

  it('stops reading DuckDB when the client goes away', async () => {
    const big = await startQueryServer({ rows: 200_000, context: { rowCap: null } });
    try {
      const { req, res } = await open(big, 'SELECT * FROM orders');
      await new Promise((r) => res.once('data', r));
      req.destroy();
      expect(await settle(() => big.stats.inFlight)).toBe(0);
      const stopped = big.stats.bytesWritten;
      expect(stopped).toBeLessThan(200_000 * 50);
      // The warehouse still answers.
      expect((await queryRows(big, 'SELECT COUNT(*) FROM orders')).rows).toEqual([['200000']]);
    } finally {
      await big.close();
    }
  });
});
