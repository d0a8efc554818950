/** One query cannot take the machine: a SQL size cap, an engine-time limit that interrupts it, and a memory limit. */
import { z } from 'zod';
import { streamErrorLineSchema } from '../../../src/core/wire/schemas';
import { linesOf, post, queryRows, startQueryServer, type QueryServer } from './query-server';

let server: QueryServer;

beforeAll(async () => {
  server = await startQueryServer({ rows: 500, limits: { timeLimitMs: 400, memoryLimit: '128MB', threads: 1, maxSqlBytes: 64 * 1024 } });
});
afterAll(async () => {
  await server.close();
});

const errorLine = async (query: string, on: QueryServer = server): Promise<string> => {
  const res = await post(on.url, { query });
  expect(res.status).toBe(200);
  const lines = linesOf(res.text);
  return streamErrorLineSchema.parse(JSON.parse(lines[lines.length - 1]!)).error;
};

describe('query limits', () => {
  it('refuses a 40,000-term UNION ALL by its size with 413 and a message naming the cap, before running anything', async () => {
    const sql = Array.from({ length: 40_000 }, () => 'SELECT 1 AS x').join(' UNION ALL ');
    const res = await post(server.url, { query: sql });
    expect(res.status).toBe(413);
    const body = z.object({ type: z.string(), error: z.string() }).parse(JSON.parse(res.text));
    expect(body.type).toBe('UserError');
    expect(body.error).toMatch(/bytes of SQL, more than the 65536 a query may have/);
    expect(server.stats.inFlight).toBe(0);
  });

  it('runs a query just under the size cap', async () => {
    const sql = Array.from({ length: 200 }, (_, i) => `SELECT ${i} AS x`).join(' UNION ALL ');
    expect((await queryRows(server, `SELECT count(*) AS n FROM (${sql})`)).rows).toEqual([['200']]);
  });

  it('interrupts a recursive CTE that runs past the time limit, with a message naming the limit', async () => {
    const message = await errorLine(
      'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 1000000000) SELECT count(*) FROM t',
    );
    expect(message).toMatch(/ran longer than the platform's limit of 0.4 s per query and was stopped/);
  });

  it('stops a recursive CTE cross-joined with range(3) by the time or the memory limit', async () => {
    const message = await errorLine('WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t, range(3)) SELECT count(*) FROM t');
    expect(message).toMatch(/limit of 0.4 s per query|more memory than the platform allows/);
  });

  it('stops a list() of 300M values by the memory limit, without the advice DuckDB gives its operator', async () => {
    const roomy = await startQueryServer({ rows: 10, limits: { timeLimitMs: 60_000, memoryLimit: '128MB', threads: 1 } });
    try {
      const message = await errorLine('SELECT list(i) AS l FROM range(300000000) t(i)', roomy);
      expect(message).toMatch(/^The query needs more memory than the platform allows queries and was stopped.*Out of Memory/);
      expect(message).not.toMatch(/SET threads/);
      expect((await queryRows(roomy, 'SELECT count(*) AS n FROM orders')).rows).toEqual([['10']]);
    } finally {
      await roomy.close();
    }
  });

  it('still answers after the limits struck', async () => {
    expect((await queryRows(server, 'SELECT count(*) AS n FROM orders')).rows).toEqual([['500']]);
  });
});
