/** The query API over real HTTP: the stream's line shapes and value encoding. */
import { streamDataLineSchema, streamHeaderSchema } from '../../../src/core/wire/schemas';
import { linesOf, parseStream, post, queryRows, startQueryServer } from './query-server';
import { server, TS, DATE, useSqlEndpointServer } from './sql-endpoint-server';

useSqlEndpointServer();

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
