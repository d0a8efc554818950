/**
 * Admission control and parked queries: slots per caller and in total, round-robin queues, a queue cap.
 * Parked queries live in a bounded store keyed by caller.
 */
import { AdmissionRefused, QueryAdmission, type Release } from '../../../local-platform/warehouse/query-admission';
import { ParkedQueries } from '../../../local-platform/warehouse/parked-queries';
import { DEV_KEY, linesOf, parseStream, post, startQueryServer } from './query-server';

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('QueryAdmission', () => {
  it('bounds running queries per caller and in total', async () => {
    const admission = new QueryAdmission({ maxRunningPerCaller: 2, maxRunningTotal: 3, maxQueuedPerCaller: 10 });
    const a1 = await admission.enter('a').granted;
    await admission.enter('a').granted;
    expect(admission.hasRoomFor('a')).toBe(false);
    const a3 = admission.enter('a');
    let a3Granted = false;
    void a3.granted.then(() => (a3Granted = true));
    await admission.enter('b').granted;
    expect(admission.full).toBe(true);
    expect(admission.hasRoomFor('c')).toBe(false);
    await settle();
    expect(a3Granted).toBe(false);
    a1();
    await settle();
    expect(a3Granted).toBe(true);
    expect(admission.runningTotal).toBe(3);
  });

  it('serves waiting callers round-robin: a burst of one caller does not starve another', async () => {
    const admission = new QueryAdmission({ maxRunningPerCaller: 5, maxRunningTotal: 1, maxQueuedPerCaller: 10 });
    const first = await admission.enter('a').granted;
    const order: string[] = [];
    const releases: Release[] = [];
    for (const [caller, n] of [
      ['a', 1],
      ['a', 2],
      ['a', 3],
      ['b', 1],
      ['c', 1],
    ] as const) {
      void admission.enter(caller).granted.then((release) => {
        order.push(`${caller}${n}`);
        releases.push(release);
      });
    }
    first();
    for (let i = 0; i < 5; i++) {
      await settle();
      releases.shift()?.();
    }
    await settle();
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
    expect(admission.runningTotal).toBe(0);
  });

  it('answers AdmissionRefused past the queue cap, and a cancelled place leaves the queue', async () => {
    const admission = new QueryAdmission({ maxRunningPerCaller: 1, maxRunningTotal: 1, maxQueuedPerCaller: 1 });
    const running = await admission.enter('a').granted;
    const queued = admission.enter('a');
    expect(() => admission.enter('a')).toThrow(AdmissionRefused);
    expect(() => admission.enter('a')).toThrow(/Too many queries waiting/);
    queued.cancel();
    const next = admission.enter('a');
    running();
    const release = await next.granted;
    expect(admission.runningTotal).toBe(1);
    release();
    release();
    expect(admission.runningTotal).toBe(0);
  });
});

describe('ParkedQueries', () => {
  it('gives a parked query only to the caller who parked it', () => {
    const parked = new ParkedQueries<string>();
    const expired: string[] = [];
    parked.park('admin', 'span', 'admin result', (v) => expired.push(v));
    expect(parked.take('viewer', 'span')).toBeUndefined();
    expect(parked.take('admin', 'span')).toBe('admin result');
    expect(expired).toEqual([]);
  });

  it('holds at most its cap: parking one more stops the oldest', () => {
    const parked = new ParkedQueries<string>(2);
    const expired: string[] = [];
    for (const n of [1, 2, 3]) parked.park('a', `span${n}`, `q${n}`, (v) => expired.push(v));
    expect(parked.size).toBe(2);
    expect(expired).toEqual(['q1']);
    expect(parked.evictOldest('b')).toBeUndefined();
    expect(parked.evictOldest('a')).toBe('a');
    expect(expired).toEqual(['q1', 'q2']);
    parked.clear();
    expect(expired).toEqual(['q1', 'q2', 'q3']);
  });
});

describe('the query API with admission and parked queries', () => {
  const SLOW = 'SELECT SUM(i * i % 7) AS s FROM range(200000000) t(i)';

  it("another caller reusing a span does not adopt the first caller's parked query", async () => {
    const server = await startQueryServer({ rows: 10, continueWaitHoldMs: 0 });
    try {
      const ask = (authorization: string, n: number) =>
        post(server.url, { query: SLOW, throwContinueWait: true }, { Authorization: authorization, 'x-request-id': `shared-span-${n}` });
      expect(JSON.parse((await ask(DEV_KEY, 1)).text)).toEqual({ error: 'Continue wait', requestId: 'shared-span-1' });
      expect(server.warehouse.queries.parked.size).toBe(1);
      // `Bearer <key>` is another caller to this test server (its caller is the Authorization header).
      expect(JSON.parse((await ask(`Bearer ${DEV_KEY}`, 2)).text)).toEqual({ error: 'Continue wait', requestId: 'shared-span-2' });
      expect(server.warehouse.queries.parked.size).toBe(2);
    } finally {
      await server.close();
    }
  });

  it("a caller's new query stops that caller's abandoned parked query instead of waiting behind it", async () => {
    const server = await startQueryServer({
      rows: 10,
      continueWaitHoldMs: 0,
      limits: { maxRunningPerCaller: 1, maxRunningTotal: 4, abandonedParkMs: 300 },
    });
    try {
      const parkedRes = await post(
        server.url,
        { query: SLOW, throwContinueWait: true },
        { Authorization: DEV_KEY, 'x-request-id': 'p-span-1' },
      );
      expect(JSON.parse(parkedRes.text)).toEqual({ error: 'Continue wait', requestId: 'p-span-1' });
      // Nobody came back for it within abandonedParkMs: the caller's next query takes its slot.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const res = await post(server.url, { query: 'SELECT 1 AS one' });
      expect(parseStream(res.text).rows).toEqual([['1']]);
      expect(server.warehouse.queries.parked.size).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("a caller's new query waits for a slot while that caller's fresh parked query may still be taken over", async () => {
    const server = await startQueryServer({ rows: 10, continueWaitHoldMs: 0, limits: { maxRunningPerCaller: 1, maxRunningTotal: 4 } });
    try {
      const parkedRes = await post(
        server.url,
        { query: SLOW, throwContinueWait: true },
        { Authorization: DEV_KEY, 'x-request-id': 'q-span-1' },
      );
      expect(JSON.parse(parkedRes.text)).toEqual({ error: 'Continue wait', requestId: 'q-span-1' });
      // A second query of the same caller with a hold of 0 finds no slot and answers Continue wait itself: the
      // parked query (a Refresh all's other placement) is kept for its own retry.
      const other = await post(
        server.url,
        { query: 'SELECT 1 AS one', throwContinueWait: true },
        { Authorization: DEV_KEY, 'x-request-id': 'q-span-2' },
      );
      expect(JSON.parse(other.text)).toEqual({ error: 'Continue wait', requestId: 'q-span-2' });
      expect(server.warehouse.queries.parked.size).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('answers 429 with a message when a caller queues more than its cap, and serves the queued ones', async () => {
    const server = await startQueryServer({
      rows: 10,
      limits: { maxRunningPerCaller: 1, maxRunningTotal: 1, maxQueuedPerCaller: 1, timeLimitMs: 1500 },
    });
    try {
      const slow = post(server.url, { query: SLOW.replace('200000000', '100000000000') });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const queued = post(server.url, { query: 'SELECT 2 AS two' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await post(server.url, { query: 'SELECT 3 AS three' });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(JSON.parse(refused.text)).toEqual({ type: 'UserError', error: expect.stringMatching(/Too many queries waiting/) });
      expect(linesOf((await slow).text)[0]).toMatch(/limit of 1.5 s per query/);
      expect(parseStream((await queued).text).rows).toEqual([['2']]);
    } finally {
      await server.close();
    }
  });
});
