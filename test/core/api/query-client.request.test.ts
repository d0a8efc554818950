/** QueryClient against an in-process HTTP server: request body, auth, Continue wait spans, sinks, progress and decoding. */
import type { QueryProgress } from '../../../src/core/api/query-result';
import { sqlQueryRequestSchema } from '../../../src/core/wire/schemas';
import { SQL_QUERY_PATH } from '../../../src/core/wire/wire-names';
import { queryClientSuite } from './query-client-suite';
import { addinRejection } from '../../helpers/caught-error';
import { JWT, API_KEY, HEADER, line, sequence, okStream, pause } from './query-test-server';

describe('QueryClient', () => {
  const suite = queryClientSuite();
  const { server } = suite;
  const client = suite.client;

  it('posts exactly the documented body keys with JSON content type to the query path', async () => {
    server.handler = (_req, res) => okStream(res, HEADER, { data: [['completed', '10']] });
    await client().run({ query: 'SELECT status, MEASURE(count) FROM orders GROUP BY 1', timezone: 'Europe/Zurich', cache: 'no-cache' });
    await client({ throwContinueWait: false, defaultTimezone: 'Asia/Tokyo' }).run({ query: 'SELECT 1' });
    await client({ throwContinueWait: false }).run({ query: 'SELECT 2' });

    const [first, second, third] = server.seen.map((s) => s);
    expect(first!.method).toBe('POST');
    expect(first!.url).toBe(SQL_QUERY_PATH);
    expect(first!.headers['content-type']).toBe('application/json');
    const bodies = server.seen.map((s) => JSON.parse(s.body) as Record<string, unknown>);
    expect(bodies[0]).toEqual({
      query: 'SELECT status, MEASURE(count) FROM orders GROUP BY 1',
      timezone: 'Europe/Zurich',
      cache: 'no-cache',
      throwContinueWait: true,
    });
    expect(Object.keys(JSON.parse(second!.body) as object).sort()).toEqual(['query', 'timezone']);
    expect(bodies[1]).toEqual({ query: 'SELECT 1', timezone: 'Asia/Tokyo' });
    expect(JSON.parse(third!.body)).toEqual({ query: 'SELECT 2' });
    for (const body of bodies) expect(sqlQueryRequestSchema.safeParse(body).success).toBe(true);
  });

  it('never sends query text that holds no statement: whitespace or semicolons only is a validation error', async () => {
    server.handler = (_req, res) => okStream(res, HEADER, { data: [] });
    for (const query of ['', '   ', ' \n\t\r ', ' ; ', ';;\n']) {
      const err = await addinRejection(client().run({ query }));
      expect(err.kind).toBe('validation');
      expect(err.message).toContain('Write a query first');
    }
    expect(server.seen).toEqual([]);
    await client().run({ query: ' SELECT 1; ' });
    expect(server.seen).toHaveLength(1);
  });

  it('sends a JWT raw and an API key as Bearer in auto mode, and obeys a forced scheme', async () => {
    server.handler = (_req, res) => okStream(res, HEADER, { data: [] });
    await client({ credential: JWT }).run({ query: 'SELECT 1' });
    await client({ credential: API_KEY }).run({ query: 'SELECT 1' });
    await client({ credential: JWT, authScheme: 'bearer' }).run({ query: 'SELECT 1' });
    await client({ credential: API_KEY, authScheme: 'api-key' }).run({ query: 'SELECT 1' });
    expect(server.seen.map((s) => s.headers.authorization)).toEqual([JWT, `Bearer ${API_KEY}`, `Bearer ${JWT}`, API_KEY]);
  });

  it('repeats the same request on Continue wait with one span id and a bumped span number', async () => {
    server.handler = (_req, res, i) => {
      if (i < 2) okStream(res, { error: 'Continue wait' });
      else
        okStream(res, HEADER, {
          data: [
            ['completed', '10'],
            ['shipped', '4'],
          ],
        });
    };
    const progress: QueryProgress[] = [];
    const result = await client().run({ query: 'SELECT 1', cache: 'must-revalidate', onProgress: (p) => progress.push(p) });
    expect(result.rows).toEqual([
      ['completed', '10'],
      ['shipped', '4'],
    ]);
    // Only the final answer reports progress: the Continue wait answers came before the two pauses.
    expect(progress.length).toBeGreaterThan(0);
    for (const p of progress) expect(p.elapsedMs).toBe(300);

    const ids = server.seen.map((s) => String(s.headers['x-request-id']));
    expect(ids).toHaveLength(3);
    const span = ids[0]!.replace(/-span-1$/, '');
    expect(span).toMatch(/^[0-9a-f]{16}$/);
    expect(ids).toEqual([`${span}-span-1`, `${span}-span-2`, `${span}-span-3`]);
    expect(new Set(server.seen.map((s) => s.body)).size).toBe(1);
    expect(suite.clock.sleeps).toEqual([100, 200]);
    expect(result.elapsedMs).toBe(300);

    // A new run mints a new span id.
    server.seen.length = 0;
    await client({ random: sequence(0.7, 0.2) }).run({ query: 'SELECT 1' });
    expect(String(server.seen[0]!.headers['x-request-id'])).not.toContain(span);
    expect(String(server.seen[0]!.headers['x-request-id'])).toMatch(/-span-1$/);
  });

  it('hands the rows to a sink line by line after Continue waits, keeping none, under the same row budget', async () => {
    server.handler = (_req, res, i) => {
      if (i < 1) okStream(res, { error: 'Continue wait' });
      else
        okStream(
          res,
          HEADER,
          { data: [['completed', '10']] },
          {
            data: [
              ['shipped', '4'],
              ['new', '1'],
            ],
          },
        );
    };
    const got: string[] = [];
    const sink = {
      header: (columns: readonly { name: string }[]) => got.push(`header ${columns.map((c) => c.name).join(',')}`),
      add: (rows: readonly (readonly unknown[])[]) => got.push(`rows ${rows.length}`),
    };
    const result = await client().run({ query: 'SELECT 1', sink });
    expect(result.sunk).toBe(true);
    expect(result.rows).toEqual([]);
    expect(got).toEqual(['header orders.status,orders.count', 'rows 1', 'rows 2']);

    got.length = 0;
    const e = await addinRejection(client().run({ query: 'SELECT 1', sink, budget: { maxRows: 2 } }));
    expect(e).toMatchObject({ kind: 'limit', code: 'resultTooLarge', data: { rowsAtLeast: 3 } });
    // The line past the budget is never handed over.
    expect(got).toEqual(['header orders.status,orders.count', 'rows 1']);
  });

  it('hands the rows to a sink that can adopt them through adopt, fresh rows as the stream had them', async () => {
    server.handler = (_req, res) => okStream(res, HEADER, { data: [['completed', '10']] }, { data: [['new', '1']] });
    const adopted: unknown[][][] = [];
    const sink = {
      header: () => undefined,
      add: () => {
        throw new Error('add called although the sink adopts');
      },
      adopt: (rows: unknown[][]) => {
        adopted.push(rows);
        rows[0]![0] = 'typed in place';
      },
    };
    const result = await client().run({ query: 'SELECT 1', sink });
    expect(result.sunk).toBe(true);
    expect(adopted).toEqual([[['typed in place', '10']], [['typed in place', '1']]]);
  });

  it('gives up with a query error after maxContinueWaits repeats', async () => {
    server.handler = (_req, res) => okStream(res, { error: 'Continue wait' });
    const e = await addinRejection(client({ maxContinueWaits: 2 }).run({ query: 'SELECT 1' }));
    expect(e.kind).toBe('query');
    expect(e.code).toBe('continueWaitLimit');
    expect(e.message).toMatch(/still running/);
    expect(server.seen).toHaveLength(3);
    expect(suite.clock.sleeps).toEqual([100, 200]);
  });

  it('reports progress as bytes, rows and elapsed time while lines arrive, and returns the header fields', async () => {
    const header = {
      ...HEADER,
      lastRefreshTime: '2024-05-01T10:00:00.000Z',
      usedPreAggregations: { 'prod.orders_main': { preAggregationId: 'orders.main', lastUpdatedAt: 1714557600000, type: 'rollup' } },
    };
    const parts = [
      line(header),
      line({
        data: [
          ['Zürich', '1'],
          ['東京', '2'],
        ],
      }),
      line({ data: [['😀', '3']] }),
    ];
    const progress: QueryProgress[] = [];
    server.handler = async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      let sent = 0;
      for (const part of parts) {
        suite.clock.t += 40;
        res.write(part);
        sent += Buffer.byteLength(part);
        // Write the next line only once the client has reported this one, so each arrives on its own.
        for (let i = 0; i < 2000 && !res.destroyed && (progress.at(-1)?.bytes ?? 0) < sent; i++) await pause(2);
      }
      res.end();
    };
    const result = await client().run({ query: 'SELECT 1', onProgress: (p) => progress.push(p) });

    const b = parts.map((part) => Buffer.byteLength(part));
    const total = b[0]! + b[1]! + b[2]!;
    expect(progress).toContainEqual({ bytes: b[0], rows: 0, elapsedMs: 40 });
    expect(progress).toContainEqual({ bytes: b[0]! + b[1]!, rows: 2, elapsedMs: 80 });
    expect(progress.at(-1)).toEqual({ bytes: total, rows: 3, elapsedMs: 120 });
    expect(result.bytes).toBe(total);
    expect(result.rows).toEqual([
      ['Zürich', '1'],
      ['東京', '2'],
      ['😀', '3'],
    ]);
    expect(result.columns).toEqual(HEADER.schema);
    expect(result.lastRefreshTime).toBe('2024-05-01T10:00:00.000Z');
    expect(result.usedPreAggregations).toEqual(header.usedPreAggregations);
    expect(result.elapsedMs).toBe(120);
  });

  it('decodes a multi-byte character split across separate TCP writes', async () => {
    const bytes = Buffer.from(line(HEADER) + line({ data: [['Zürich 東京 😀', '1']] }));
    const cut1 = bytes.indexOf(Buffer.from('東')) + 1; // inside the 3-byte character
    const cut2 = bytes.indexOf(Buffer.from('😀')) + 2; // inside the 4-byte character
    server.handler = async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      for (const [a, b] of [
        [0, cut1],
        [cut1, cut2],
        [cut2, bytes.length],
      ] as const) {
        res.write(bytes.subarray(a, b));
        await pause(20);
      }
      res.end();
    };
    const result = await client().run({ query: 'SELECT 1' });
    expect(result.rows).toEqual([['Zürich 東京 😀', '1']]);
    expect(result.bytes).toBe(bytes.length);
  });
});
