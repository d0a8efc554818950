/**
 * The engine process: queries run there, so their work never holds up the server's checks and admission (another
 * caller's small query answers while one caller's heavy ones run, a full queue answers 429 at once); the OS bounds its
 * memory, a row over the cap fails the query before it is encoded, and an engine that dies fails its queries clearly
 * and is replaced.
 */
import fs from 'node:fs';
import { streamErrorLineSchema } from '../../../src/core/wire/schemas';
import { sizeBytes } from '../../../local-platform/warehouse/query-limits';
import { DEV_KEY, linesOf, post, queryRows, startQueryServer, type QueryServer } from './query-server';

/** A query that runs until it is stopped. */
const HEAVY = 'SELECT sum(hash(i)) AS s FROM range(100000000000) t(i)';
/** Another caller to the test server (its caller is the Authorization header itself). */
const OTHER = `Bearer ${DEV_KEY}`;

const until = async (condition: () => boolean): Promise<void> => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
};

const errorOf = (text: string): string => {
  const lines = linesOf(text);
  return streamErrorLineSchema.parse(JSON.parse(lines[lines.length - 1]!)).error;
};

describe('admission with queries in the engine process', () => {
  let server: QueryServer;
  beforeAll(async () => {
    server = await startQueryServer({
      rows: 200,
      limits: { maxRunningPerCaller: 4, maxRunningTotal: 6, maxQueuedPerCaller: 1, threads: 1, timeLimitMs: 20_000 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers another caller's small query and refuses a full queue with 429 while one caller's heavy queries run", async () => {
    const admission = server.warehouse.queries.admission;
    let heavyEnded = 0;
    const heavy = Array.from({ length: 4 }, () =>
      post(server.url, { query: HEAVY }).finally(() => {
        heavyEnded++;
      }),
    );
    await until(() => admission.runningTotal === 4);
    // The fifth waits for a slot; the sixth finds the queue full.
    const queued = post(server.url, { query: 'SELECT 5 AS five' });
    await until(() => admission.queuedFor(DEV_KEY) === 1);
    const refused = await post(server.url, { query: 'SELECT 6 AS six' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect((await queryRows(server, 'SELECT count(*) AS n FROM orders', {}, OTHER)).rows).toEqual([['200']]);
    // Both answers came while the heavy queries still ran.
    expect(heavyEnded).toBe(0);
    expect(admission.runningTotal).toBeGreaterThanOrEqual(4);
    server.warehouse.queries.stopAll();
    await Promise.all([...heavy, queued]);
  });
});

describe('memory of one query', () => {
  it('fails a query whose row is larger than the cap before encoding it, on either encoding path', async () => {
    const server = await startQueryServer({ rows: 10, limits: { maxRowBytes: 1000 } });
    try {
      expect(errorOf((await post(server.url, { query: "SELECT repeat('x', 5000) AS s" })).text)).toMatch(
        /^A row of the result is 5,00\d bytes, more than the 1,000 the platform returns in one row/,
      );
      // A list is encoded by JavaScript: its size is known before its values are read.
      expect(errorOf((await post(server.url, { query: 'SELECT list(i) AS l FROM range(2000) t(i)' })).text)).toMatch(
        /^A row of the result is [\d,]+ bytes, more than the 1,000/,
      );
      expect((await queryRows(server, "SELECT repeat('x', 900) AS s, [1, 2] AS l")).rows).toEqual([['x'.repeat(900), '{1,2}']]);
    } finally {
      await server.close();
    }
  });

  const linux = process.platform === 'linux' ? it : it.skip;

  linux('runs the engine under the address-space limit: an allocation past it fails the query, not the server', async () => {
    // DuckDB's own limit is set far above: only the OS's stops the allocation.
    const server = await startQueryServer({ rows: 10, limits: { engineMemory: '2GB', memoryLimit: '64GB' } });
    try {
      const limits = fs.readFileSync(`/proc/${server.warehouse.queries.engine.pid}/limits`, 'utf8');
      expect(limits).toMatch(new RegExp(`Max address space\\s+${sizeBytes('engineMemory', '2GB')}\\s`));
      const res = await post(server.url, { query: "SELECT octet_length(repeat('0123456789'::BLOB, 200000000)) AS n" });
      expect(errorOf(res.text)).toMatch(/more memory than the platform allows|query engine stopped/);
      expect((await queryRows(server, 'SELECT count(*) AS n FROM orders')).rows).toEqual([['10']]);
    } finally {
      await server.close();
    }
  });

  it('fails the queries of an engine that died with a message saying so, and answers the next on a new engine', async () => {
    const server = await startQueryServer({ rows: 10 });
    try {
      const engine = server.warehouse.queries.engine;
      const dead = engine.pid;
      const heavy = post(server.url, { query: HEAVY });
      await until(() => server.warehouse.queries.admission.runningTotal === 1);
      process.kill(dead, 'SIGKILL');
      expect(errorOf((await heavy).text)).toMatch(/^The query engine stopped while it ran this query \(it was ended by SIGKILL\)/);
      expect((await queryRows(server, 'SELECT count(*) AS n FROM orders')).rows).toEqual([['10']]);
      expect(engine.pid).not.toBe(dead);
    } finally {
      await server.close();
    }
  });
});
