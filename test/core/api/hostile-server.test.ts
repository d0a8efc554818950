/**
 * The clients over the fetch transport against a hostile server on loopback.
 * One file past 300 lines: every case shares the one hostile server and its byte counts.
 * Capped bodies, refused redirects, silent streams, misleading answers.
 */
import { gzipSync } from 'node:zlib';
import { fetchTransport, type FetchLike } from '../../../src/browser/fetch-transport';
import { MAX_ANSWER_BYTES, MAX_ERROR_BODY_BYTES } from '../../../src/core/api/body-limit';
import { PlatformClient } from '../../../src/core/api/platform-client';
import { QueryClient, type QueryClientOptions } from '../../../src/core/api/query-client';
import type { CancelSignal } from '../../../src/core/runtime/cancel-signal';
import type { Clock } from '../../../src/core/runtime/clock';
import type { ServerResponse } from 'node:http';
import { cancelledError } from '../../../src/core/errors/addin-error';
import { addinRejection } from '../../helpers/caught-error';
import { recordingClock, seededRandom } from '../../helpers/contract-fake-clock';
import { startHostileServer, type HostileServer } from '../../helpers/hostile-server';

const transport = fetchTransport(globalThis.fetch as FetchLike);
const HEADER = { schema: [{ name: 'orders.status', column_type: 'String' }] };
const line = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** A clock whose sleeps end only when the test moves it past them (or their signal trips). */
class ManualClock implements Clock {
  private t = 0;
  private timers: Array<{ at: number; resolve: () => void }> = [];
  /** Sleeps asked for so far. */
  started = 0;
  now(): number {
    return this.t;
  }
  sleep(ms: number, signal?: CancelSignal): Promise<void> {
    this.started += 1;
    return new Promise((resolve, reject) => {
      const timer = { at: this.t + ms, resolve };
      this.timers.push(timer);
      signal?.onCancel(() => {
        this.timers = this.timers.filter((x) => x !== timer);
        reject(cancelledError());
      });
    });
  }
  get pending(): number {
    return this.timers.length;
  }
  advance(ms: number): void {
    this.t += ms;
    const due = this.timers.filter((x) => x.at <= this.t);
    this.timers = this.timers.filter((x) => x.at > this.t);
    for (const x of due) x.resolve();
  }
}

/** Resolves once `check` holds, looking again after each turn of the event loop. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

/** True when `p` is still pending after the event loop has turned a few times. */
async function stillPending(p: Promise<unknown>): Promise<boolean> {
  let settled = false;
  p.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  return !settled;
}

/** The recording clock's sleeps end at once with its time moved on: a call deadline on it would pass before any answer. */
const untimed = { callTimeoutMs: Infinity };

/** The rejection of `call`, which is still pending `spanMs` − 1 ms on `clock` and settles at `spanMs`. */
async function rejectedAt(clock: ManualClock, call: Promise<unknown>, spanMs: number) {
  clock.advance(spanMs - 1);
  expect(await stillPending(call)).toBe(true);
  clock.advance(1);
  return addinRejection(call);
}

let server: HostileServer;
let other: HostileServer;
beforeEach(async () => {
  server = await startHostileServer();
  other = await startHostileServer();
});
afterEach(async () => {
  await server.close();
  await other.close();
});

const platform = (): PlatformClient =>
  new PlatformClient({
    baseUrl: server.url,
    apiKey: 'sk_test_key',
    transport,
    clock: recordingClock(),
    random: seededRandom(3),
    ...untimed,
  });
const query = (options: Partial<QueryClientOptions> = {}): QueryClient =>
  new QueryClient({
    deploymentUrl: server.url,
    credential: 'sk_test_key',
    transport,
    clock: recordingClock(),
    random: seededRandom(4),
    idleTimeoutMs: Infinity,
    ...options,
  });

describe('bodies read whole are capped', () => {
  it('an endless control-plane answer stops at 8 MB with a limit error naming the cap, read once and cancelled', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      server.pour(res, `{"pad":"${'x'.repeat(64 * 1024)}",`);
    });
    const e = await addinRejection(platform().listDeployments());
    expect(e.kind).toBe('limit');
    expect(e.code).toBe('bodyTooLarge');
    expect(e.message).toMatch(/more than 8 MB as its answer, the most the add-in reads of an answer/);
    expect(e.data).toMatchObject({ limitBytes: MAX_ANSWER_BYTES, status: 200 });
    expect(server.requests).toHaveLength(1);
    await until(() => server.clientClosed === 1);
    // What the server got out is the cap plus what the sockets buffered, not the endless body.
    expect(server.bytesSent).toBeLessThan(MAX_ANSWER_BYTES + 8 * 1024 * 1024);
  });

  it('an endless error answer stops at 64 KB, is not retried although 503 is, and names the status and the cap', async () => {
    server.handle((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      server.pour(res, 'busy '.repeat(1000));
    });
    const e = await addinRejection(platform().listDeployments());
    expect(e.kind).toBe('limit');
    expect(e.message).toMatch(/more than 64 KB as its error answer \(HTTP 503\), the most the add-in reads of an error answer/);
    expect(e.status).toBe(503);
    expect(server.requests).toHaveLength(1);
    await until(() => server.clientClosed === 1);
    expect(server.bytesSent).toBeLessThan(MAX_ERROR_BODY_BYTES + 8 * 1024 * 1024);
  });

  it('a declared length past the cap is refused before any of the body is read', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(600 * 1024 * 1024) });
      res.write('{"data":');
      // The rest never comes: only the declared length can end this.
    });
    const e = await addinRejection(platform().listDeployments());
    expect(e.code).toBe('bodyTooLarge');
    expect(server.requests).toHaveLength(1);
  });

  it('a compressed answer of a small declared length is capped by what it decodes to, while it is read', async () => {
    // 32 MB of spaces, gzipped twice: a few hundred bytes on the wire, declared as such.
    const wire = gzipSync(gzipSync(Buffer.alloc(4 * MAX_ANSWER_BYTES, 0x20)));
    let servedWhole = false;
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip, gzip', 'Content-Length': String(wire.length) });
      // All but the trailer: a client that waits for the whole body before counting what it decodes to waits here.
      res.write(wire.subarray(0, wire.length - 8));
      const rest = setTimeout(() => {
        servedWhole = true;
        res.end(wire.subarray(wire.length - 8));
      }, 2000);
      res.on('close', () => clearTimeout(rest));
    });
    const e = await addinRejection(platform().listDeployments());
    expect(wire.length).toBeLessThan(64 * 1024);
    expect(e.code).toBe('bodyTooLarge');
    expect(e.message).toMatch(/more than 8 MB as its answer/);
    expect(servedWhole).toBe(false);
    await until(() => server.clientClosed === 1);
    expect(server.requests).toHaveLength(1);
  });

  it('the query API’s endless error answer stops at 64 KB too', async () => {
    server.handle((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html' });
      server.pour(res, '<p>oops</p>'.repeat(500));
    });
    const e = await addinRejection(query().run({ query: 'SELECT 1' }));
    expect(e.kind).toBe('limit');
    expect(e.message).toMatch(/Could not run the query: the platform sent more than 64 KB as its error answer \(HTTP 500\)/);
    expect(server.requests).toHaveLength(1);
    await until(() => server.clientClosed === 1);
  });

  it('an error answer under the cap is still read and mapped by its status', async () => {
    server.handle((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'invalid api key', pad: 'x'.repeat(MAX_ERROR_BODY_BYTES - 100) }));
    });
    expect((await addinRejection(platform().listDeployments())).kind).toBe('unauthenticated');
  });
});

describe('a listing whose pages never end is capped over all its pages', () => {
  /** Pages of `perPage` deployments each carrying `pad` characters, claiming a `total` of 1e9; empty after `pages` pages. */
  function endlessPages(perPage: number, pad: string, pages: number): void {
    let page = -1;
    server.handle((_req, res) => {
      page += 1;
      const deployments =
        page >= pages
          ? []
          : Array.from({ length: perPage }, (_, i) => ({
              id: String(page * perPage + i),
              name: pad,
              deploymentUrl: 'https://d.example.com',
            }));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: { deployments }, pagination: { offset: page * perPage, limit: perPage, total: 1e9 } }));
    });
  }

  it('pages of large items stop once their answers pass 16 MB, with a limit error naming the cap', async () => {
    // 100 items of 78 KB a page: a page is under the 8 MB cap of one answer, but they never end.
    endlessPages(100, 'x'.repeat(78 * 1024), 12);
    const e = await addinRejection(platform().listDeployments());
    expect(e.kind).toBe('limit');
    expect(e.code).toBe('listTooLong');
    expect(e.message).toBe(
      "Could not list your deployments: the platform's list went on past 16 MB over 3 pages, the most the add-in keeps of one list, " +
        'so it stopped reading. Nothing was changed. Contact your administrator: the platform is sending a list that does not end.',
    );
    expect(server.requests).toHaveLength(3);
  });

  it('pages of small items stop past 10,000 items', async () => {
    endlessPages(100, 'd', 150);
    const e = await addinRejection(platform().listDeployments());
    expect(e.code).toBe('listTooLong');
    expect(e.message).toMatch(/went on past 10,000 items over 101 pages/);
    expect(e.data).toMatchObject({ items: 10_100, maxItems: 10_000 });
    expect(server.requests).toHaveLength(101);
  });

  it('a list within the caps is read whole, and the caps can be set per client', async () => {
    endlessPages(100, 'd', 3);
    expect(await platform().listDeployments()).toHaveLength(300);
    const small = new PlatformClient({
      baseUrl: server.url,
      apiKey: 'k',
      transport,
      clock: recordingClock(),
      random: seededRandom(3),
      listLimits: { maxItems: 150 },
      ...untimed,
    });
    endlessPages(100, 'd', 3);
    expect((await addinRejection(small.listDeployments())).message).toMatch(/past 150 items over 2 pages/);
  });
});

describe('redirects are refused', () => {
  it('a query redirected to another origin fails naming that origin, and the other origin receives nothing', async () => {
    server.handle((_req, res) => {
      res.writeHead(307, { Location: `${other.url}/steal` });
      res.end();
    });
    other.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.end(line(HEADER) + line({ data: [['stolen']] }));
    });
    const e = await addinRejection(query().run({ query: 'SELECT secret FROM t' }));
    expect(e.kind).toBe('contract');
    expect(e.code).toBe('redirectRefused');
    expect(e.message).toContain(`a redirect (HTTP 307) to ${other.url}, another address than ${server.url}`);
    expect(e.message).toMatch(/does not follow redirects, so nothing was sent there/);
    expect(other.requests).toHaveLength(0);
  });

  it('a control-plane call redirected elsewhere is refused once, not retried, and the key goes nowhere else', async () => {
    server.handle((_req, res) => {
      res.writeHead(302, { Location: `${other.url}/api/v1/deployments` });
      res.end();
    });
    const e = await addinRejection(platform().listDeployments());
    expect(e.code).toBe('redirectRefused');
    expect(e.data).toMatchObject({ status: 302, crossOrigin: true, location: other.url });
    expect(server.requests).toHaveLength(1);
    expect(other.requests).toHaveLength(0);
  });

  it('a redirect on the same origin is refused as well, saying so', async () => {
    server.handle((req, res) => {
      if (req.path === '/moved') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ data: { deployments: [] }, pagination: { offset: 0, limit: 100, total: 0 } }));
        return;
      }
      res.writeHead(308, { Location: '/moved' });
      res.end();
    });
    const e = await addinRejection(platform().listDeployments());
    expect(e.message).toContain(`a redirect (HTTP 308) to another path on ${server.url}`);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/deployments']);
  });

  it('a browser’s opaque manual redirect (no status, no Location) is refused without naming a place', async () => {
    const opaque: FetchLike = async () => ({ status: 0, type: 'opaqueredirect', headers: new Headers(), body: null });
    const client = new QueryClient({
      deploymentUrl: 'https://tenant.example.com/d/1',
      credential: 'k',
      transport: fetchTransport(opaque),
      clock: recordingClock(),
      random: seededRandom(1),
      idleTimeoutMs: Infinity,
    });
    const e = await addinRejection(client.run({ query: 'SELECT 1' }));
    expect(e.code).toBe('redirectRefused');
    expect(e.message).toMatch(/^The platform answered with a redirect\. The add-in does not follow redirects/);
  });
});

describe('a silent stream ends after the idle span', () => {
  it('a stream that stops after its header ends when no byte came for the idle span on the injected clock, and the connection is closed', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.write(line(HEADER) + line({ data: [['a'], ['b']] }));
      // ...and then nothing, without closing.
    });
    const clock = new ManualClock();
    const run = query({ clock, idleTimeoutMs: 30_000 }).run({ query: 'SELECT 1' });
    // One sleep bounds the wait for the answer, the next the reads of its body.
    await until(() => clock.started === 2 && clock.pending > 0);
    // The watch restarts with each chunk: wait for the one after the rows.
    const e = await rejectedAt(clock, run, 30_000);
    expect(e.kind).toBe('network');
    expect(e.code).toBe('idleTimeout');
    expect(e.message).toMatch(/stopped sending the query result after 2 rows: nothing arrived for 30 s/);
    await until(() => server.clientClosed === 1);
  });

  it('a stream that sends nothing after its status line ends the same way, with the default span of 120 s', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.flushHeaders();
    });
    const clock = new ManualClock();
    const client = new QueryClient({ deploymentUrl: server.url, credential: 'k', transport, clock, random: seededRandom(2) });
    const run = client.run({ query: 'SELECT 1' });
    await until(() => clock.started === 2 && clock.pending > 0);
    clock.advance(119_000);
    expect(await stillPending(run)).toBe(true);
    clock.advance(1_000);
    const e = await addinRejection(run);
    expect(e.message).toMatch(/before the result began: nothing arrived for 120 s/);
  });

  it('a query whose answer never begins ends after the idle span too, and its request is stopped', async () => {
    server.handle(() => undefined);
    const clock = new ManualClock();
    const run = query({ clock, idleTimeoutMs: 30_000 }).run({ query: 'SELECT 1' });
    await until(() => clock.pending > 0 && server.requests.length === 1);
    clock.advance(30_000);
    const e = await addinRejection(run);
    expect(e.code).toBe('idleTimeout');
    expect(e.message).toMatch(/before the result began: nothing arrived for 30 s/);
    await until(() => server.clientClosed === 1);
  });

  it('bytes that keep coming keep the stream alive, and Continue wait answers are repeated as before', async () => {
    let calls = 0;
    server.handle((_req, res) => {
      calls++;
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      if (calls < 3) {
        res.end(line({ error: 'Continue wait' }));
        return;
      }
      res.write(line(HEADER));
      let sent = 0;
      const tick = setInterval(() => {
        res.write(line({ data: [[`r${sent}`]] }));
        if (++sent === 5) {
          clearInterval(tick);
          res.end();
        }
      }, 5);
    });
    const clock = new ManualClock();
    const run = query({ clock, idleTimeoutMs: 10_000 }).run({ query: 'SELECT 1' });
    // Each pause between Continue wait repeats is a sleep on the same clock: move it until the run ends.
    let result: Awaited<typeof run> | undefined;
    void run.then((r) => (result = r));
    while (result === undefined) {
      await new Promise((resolve) => setImmediate(resolve));
      if (clock.pending > 0 && calls < 3) clock.advance(2_000);
    }
    expect(result.rows.map((r) => r[0])).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(calls).toBe(3);
  });
});

describe('control-plane calls time out', () => {
  const client = (clock: Clock, options: { callTimeoutMs?: number } = {}): PlatformClient =>
    new PlatformClient({ baseUrl: server.url, apiKey: 'sk_test_key', transport, clock, random: seededRandom(5), ...options });

  it('headers and then nothing: the call fails after 30 s on the injected clock, once, and the connection is closed', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.flushHeaders();
    });
    const clock = new ManualClock();
    const call = client(clock).listDeployments();
    await until(() => clock.pending > 0 && server.requests.length === 1);
    const e = await rejectedAt(clock, call, 30_000);
    expect(e).toMatchObject({ kind: 'network', code: 'callTimeout', data: { timeoutMs: 30_000 } });
    expect(e.message).toBe(
      'Could not list your deployments: the platform did not answer within 30 s, so the add-in stopped waiting. Nothing was changed. ' +
        'Try again; if it keeps happening, check your connection or contact your administrator.',
    );
    await until(() => server.clientClosed === 1);
    expect(server.requests).toHaveLength(1);
  });

  it('no answer at all ends at the configured span; an answer in time leaves no timer behind', async () => {
    server.handle(() => undefined);
    const clock = new ManualClock();
    const call = client(clock, { callTimeoutMs: 2_000 }).createReport('7', { name: 'Sales', sqlQuery: 'SELECT 1' });
    await until(() => server.requests.length === 1);
    clock.advance(2_000);
    expect((await addinRejection(call)).message).toMatch(/^Could not create report "Sales": the platform did not answer within 2 s/);
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: { deployments: [] }, pagination: { offset: 0, limit: 100, total: 0 } }));
    });
    expect(await client(clock, { callTimeoutMs: 2_000 }).listDeployments()).toEqual([]);
    expect(clock.pending).toBe(0);
  });
});

describe('a stream slower than the floor ends', () => {
  /** Answers the header line and hands the test the response to drip the rest into. */
  function dripping(): { res: () => ServerResponse } {
    let held: ServerResponse | undefined;
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.write(line(HEADER));
      held = res;
    });
    return {
      res: () => {
        if (held === undefined) throw new Error('no request yet');
        return held;
      },
    };
  }

  /** Runs a query whose stream gets `bytesPerSecond` bytes each second of the injected clock until it settles (or `seconds` pass). */
  async function runAtRate(bytesPerSecond: number, seconds: number, options: Partial<QueryClientOptions> = {}) {
    const { res } = dripping();
    const clock = new ManualClock();
    let seen = 0;
    let settled = false;
    const run = query({ clock, ...options }).run({ query: 'SELECT 1', onProgress: (p) => (seen = p.bytes) });
    void run.then(
      () => (settled = true),
      () => (settled = true),
    );
    await until(() => seen > 0);
    const rows = line({ data: [['drip']] }).repeat(10_000);
    let at = 0;
    for (let second = 0; second < seconds && !settled; second++) {
      clock.advance(1_000);
      const before = seen;
      res().write(rows.slice(at, at + bytesPerSecond));
      at += bytesPerSecond;
      await until(() => seen > before || settled);
    }
    // The rest of the line being dripped, then the end of the stream.
    if (!settled) res().end(rows.slice(at, rows.indexOf('\n', at) + 1));
    return run;
  }

  it('a stream dripping a byte a second ends after 60 s with a message saying so, and the connection is closed', async () => {
    const e = await addinRejection(runAtRate(1, 200));
    expect(e).toMatchObject({ kind: 'network', code: 'slowStream', data: { got: 60, spanMs: 60_000, rows: 2 } });
    expect(e.message).toBe(
      'The platform is sending the query result too slowly: 60 bytes in 60 s, less than the 100 bytes a second the add-in waits for, ' +
        'so it stopped after 2 rows. Nothing was changed. Run it again; if it keeps happening, contact your administrator.',
    );
    await until(() => server.clientClosed === 1);
  });

  it('the floor and its window are configurable, and a stream above the floor is read to its end', async () => {
    const slow = await addinRejection(runAtRate(19, 20, { slowStream: { minBytesPerSecond: 20, windowMs: 5_000 } }));
    expect(slow.message).toMatch(/too slowly: 95 bytes in 5 s, less than the 20 bytes a second/);
    const result = await runAtRate(19, 20, { slowStream: { minBytesPerSecond: 10, windowMs: 5_000 } });
    expect(result.rows.length).toBeGreaterThanOrEqual(20);
  });
});

describe('messages say what was received', () => {
  it('an HTML page answered with 200 is named as an HTML page with its type and first characters, not as a cut connection', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><head><title>Sign in</title></head><body>\u0007Please sign in</body></html>');
    });
    const e = await addinRejection(query().run({ query: 'SELECT 1' }));
    expect(e.kind).toBe('contract');
    expect(e.code).toBe('notQueryResult');
    expect(e.message).toContain('answered with an HTML page instead of a query result (content type "text/html; charset=utf-8"');
    // The first 80 characters, the bell character dropped.
    expect(e.message).toContain('starting "<!DOCTYPE html><html><head><title>Sign in</title></head><body> Please sign in</b…"');
    expect(e.message).not.toMatch(/cut|damaged/);
  });

  it('a plain-text answer without a content type is quoted too', async () => {
    server.handle((_req, res) => {
      res.removeHeader('Content-Type');
      res.writeHead(200);
      res.end('   OK\n');
    });
    const e = await addinRejection(query().run({ query: 'SELECT 1' }));
    expect(e.message).toContain('answered with something instead of a query result (no content type, starting "OK")');
  });

  it('a server that closes the connection before answering is not blamed on the tenant URL', async () => {
    server.handle((_req, res) => res.socket?.destroy());
    const e = await addinRejection(query().run({ query: 'SELECT 1' }));
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/no answer came from the platform \(the connection failed, or was closed before the answer began\)/);
    expect(e.message).not.toMatch(/tenant URL/);
  });

  it('a server that dies after its status line, or after some rows, says when the connection broke', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.flushHeaders();
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const before = await addinRejection(query().run({ query: 'SELECT 1' }));
    expect(before.message).toMatch(/^The connection broke before the query result began; nothing was changed\./);
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.write(line(HEADER) + line({ data: [['a']] }));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const after = await addinRejection(query().run({ query: 'SELECT 1' }));
    expect(after.message).toMatch(/^The connection broke after 1 row of the query result;/);
  });
});
