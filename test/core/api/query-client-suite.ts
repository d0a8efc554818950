/** A describe block's query test server, started once, with QueryClients over the real fetch and a fresh clock per test. */
import { fetchTransport, type FetchLike } from '../../../src/browser/fetch-transport';
import { QueryClient, type QueryClientOptions } from '../../../src/core/api/query-client';
import { JWT, TestServer, FakeClock, sequence } from './query-test-server';

export interface QueryClientSuite {
  server: TestServer;
  /** The hand-moved clock of the running test (a new one each test). */
  clock: FakeClock;
  client(options?: Partial<QueryClientOptions>): QueryClient;
}

/** Registers the server's start and stop and the per-test reset in the calling describe block. */
export function queryClientSuite(): QueryClientSuite {
  const server = new TestServer();
  let baseUrl = '';
  const suite: QueryClientSuite = {
    server,
    clock: new FakeClock(),
    client: (options = {}) =>
      new QueryClient({
        deploymentUrl: `${baseUrl}/`,
        credential: JWT,
        transport: fetchTransport(globalThis.fetch as FetchLike),
        clock: suite.clock,
        random: sequence(0.1, 0.5, 0.95, 0.3),
        // This clock's pauses pass their time at once, so an idle watch on it would fire at once (idle-stream tests use their own clock).
        idleTimeoutMs: Infinity,
        ...options,
      }),
  };
  beforeAll(async () => {
    baseUrl = await server.start();
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    server.seen.length = 0;
    suite.clock = new FakeClock();
  });
  return suite;
}
