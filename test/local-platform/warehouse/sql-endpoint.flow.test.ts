/** The query API over real HTTP: auth, the Continue wait, faults and flow control. */
import http from 'node:http';
import { streamErrorLineSchema } from '../../../src/core/wire/schemas';
import { DEV_KEY, META_TOKEN, linesOf, parseStream, post, queryRows, startQueryServer, type QueryServer } from './query-server';
import { server, useSqlEndpointServer } from './sql-endpoint-server';

useSqlEndpointServer();

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
  /** Waits (bounded) until no handler is in flight: the engine answers from another process, after a while under load. */
  const handlersDone = async (server: { stats: { inFlight: number } }): Promise<number> => {
    for (let i = 0; i < 200 && server.stats.inFlight > 0; i++) await new Promise((r) => setTimeout(r, 30));
    return server.stats.inFlight;
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
      expect(await handlersDone(big)).toBe(0);
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
      expect(await handlersDone(big)).toBe(0);
      const stopped = big.stats.bytesWritten;
      expect(stopped).toBeLessThan(200_000 * 50);
      // The warehouse still answers.
      expect((await queryRows(big, 'SELECT COUNT(*) FROM orders')).rows).toEqual([['200000']]);
    } finally {
      await big.close();
    }
  });
});
