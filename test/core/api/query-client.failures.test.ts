/** QueryClient against an in-process HTTP server: error lines, abort and cancel, damaged streams and network failures. */
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';
import type { QueryProgress } from '../../../src/core/api/query-result';
import type { Transport } from '../../../src/core/api/transport';
import type { Clock } from '../../../src/core/runtime/clock';
import { queryClientSuite } from './query-client-suite';
import { addinRejection } from '../../helpers/caught-error';
import { HEADER, line, TestServer, okStream, pause } from './query-test-server';

describe('QueryClient', () => {
  const suite = queryClientSuite();
  const { server } = suite;
  const client = suite.client;

  it('fails with the server message and the discarded row count when an error line follows data', async () => {
    server.handler = (_req, res) =>
      okStream(
        res,
        HEADER,
        {
          data: [
            ['a', '1'],
            ['b', '2'],
          ],
        },
        { error: 'Query execution failed: source timeout', requestId: 'x' },
      );
    const e = await addinRejection(client().run({ query: 'SELECT 1' }));
    expect(e.kind).toBe('query');
    expect(e.detail).toBe('Query execution failed: source timeout');
    expect(e.message).toContain('source timeout');
    expect(e.data).toMatchObject({ discardedRows: 2, line: 3 });
  });

  it('reports an error line before any header as a query error with nothing discarded', async () => {
    server.handler = (_req, res) => okStream(res, { error: "Error during planning: Table 'nope' not found" });
    const e = await addinRejection(client().run({ query: 'SELECT * FROM nope' }));
    expect(e.kind).toBe('query');
    expect(e.data['discardedRows']).toBe(0);
    expect(server.seen).toHaveLength(1);
  });

  it('stops promptly on abort mid-stream with kind cancelled, and the server sees the connection close', async () => {
    let closed!: Promise<void>;
    server.handler = (_req, res) => {
      closed = new Promise((resolve) => res.on('close', () => resolve()));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(line(HEADER) + line({ data: [['a', '1']] }));
      // ... and never ends.
    };
    const controller = createCancelSource();
    const progress: QueryProgress[] = [];
    const run = client().run({
      query: 'SELECT 1',
      signal: controller.signal,
      onProgress: (p) => {
        progress.push(p);
        if (p.rows >= 1) controller.cancel();
      },
    });
    const e = await addinRejection(run);
    expect(e.kind).toBe('cancelled');
    expect(progress.at(-1)?.rows).toBe(1);
    await closed;
  });

  it('stops on abort even when the transport ignores the signal, and releases the body', async () => {
    let released = false;
    const stubborn: Transport = async () => ({
      status: 200,
      headers: {},
      text: async () => '',
      chunks: () => ({
        [Symbol.asyncIterator]: () => {
          let sent = false;
          return {
            next: (): Promise<IteratorResult<string>> => {
              if (!sent) {
                sent = true;
                return Promise.resolve({ done: false, value: line(HEADER) + line({ data: [['a', '1']] }) });
              }
              return new Promise(() => undefined); // never arrives
            },
            return: (): Promise<IteratorResult<string>> => {
              released = true;
              return Promise.resolve({ done: true, value: undefined });
            },
          };
        },
      }),
    });
    const controller = createCancelSource();
    const run = client({ transport: stubborn }).run({
      query: 'SELECT 1',
      signal: controller.signal,
      onProgress: () => queueMicrotask(() => controller.cancel()),
    });
    expect((await addinRejection(run)).kind).toBe('cancelled');
    expect(released).toBe(true);
  });

  it('cancels a run while it pauses between Continue wait repeats', async () => {
    server.handler = (_req, res) => okStream(res, { error: 'Continue wait' });
    const controller = createCancelSource();
    const sleepy: Clock = {
      now: () => 0,
      sleep: () => {
        controller.cancel();
        return new Promise<void>(() => undefined); // a sleep that would never end by itself
      },
    };
    const e = await addinRejection(client({ clock: sleepy }).run({ query: 'SELECT 1', signal: controller.signal }));
    expect(e.kind).toBe('cancelled');
    expect(server.seen).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted or the query is empty', async () => {
    const controller = createCancelSource();
    controller.cancel();
    expect((await addinRejection(client().run({ query: 'SELECT 1', signal: controller.signal }))).kind).toBe('cancelled');
    expect((await addinRejection(client().run({ query: '' }))).kind).toBe('validation');
    expect(server.seen).toHaveLength(0);
  });

  it.each([
    [403, '{"error":"Invalid token"}', 'unauthenticated', 'Invalid token'],
    [401, '{"error":"Authorization header isn\'t set"}', 'unauthenticated', "Authorization header isn't set"],
    [
      400,
      '{"type":"UserError","error":"Invalid query format: \\"limit\\" is not allowed"}',
      'validation',
      'Invalid query format: "limit" is not allowed',
    ],
    [500, '{"error":"Internal Server Error"}', 'server', 'Internal Server Error'],
    [502, '<html><body>Bad Gateway</body></html>', 'server', 'Bad Gateway'],
    [503, '', 'server', undefined],
  ])('maps HTTP %i to its kind with the server text in detail', async (status, body, kind, text) => {
    server.handler = (_req, res) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(body);
    };
    const e = await addinRejection(client().run({ query: 'SELECT 1' }));
    expect(e.kind).toBe(kind);
    expect(e.status).toBe(status);
    expect(e.data['serverMessage']).toBe(text);
    expect(e.detail).toBe(text === undefined ? `HTTP ${status}` : `HTTP ${status}: ${text}`);
    if (kind === 'unauthenticated') expect(e.message).toMatch(/sign in again/i);
    expect(server.seen).toHaveLength(1);
  });

  it('reports a stream cut inside a line as a damaged stream', async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`${line(HEADER)}{"data":[["a","1"],["b"`);
    };
    const e = await addinRejection(client().run({ query: 'SELECT 1' }));
    expect(e.kind).toBe('stream');
    expect(e.code).toBe('truncated');
  });

  it('reports a connection reset mid-body as a network failure', async () => {
    server.handler = async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(line(HEADER));
      await pause(20);
      res.destroy();
    };
    const e = await addinRejection(client().run({ query: 'SELECT 1' }));
    expect(e.kind).toBe('network');
  });

  it('reports an unreachable deployment as a network failure', async () => {
    const dead = new TestServer();
    const url = await dead.start();
    await dead.stop();
    const e = await addinRejection(client({ deploymentUrl: url }).run({ query: 'SELECT 1' }));
    expect(e.kind).toBe('network');
    expect(e.transient).toBe(true);
  });
});
