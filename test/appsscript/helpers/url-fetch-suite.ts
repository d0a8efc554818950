/** A test file's off-thread HTTP server (started once) and a fresh fake Apps Script environment per test, in FULL mode. */
import { createFakeEnvironment, type FakeEnvironment, type FakeEnvironmentOptions } from '../fakes/environment';
import { startOffThreadServer, type OffThreadServer } from './off-thread-server';

export interface UrlFetchSuite {
  readonly server: OffThreadServer;
  readonly env: FakeEnvironment;
}

/** Registers the server's start and stop and each test's environment in the calling file or describe block. */
export function urlFetchSuite(options: FakeEnvironmentOptions = {}): UrlFetchSuite {
  let server: OffThreadServer | undefined;
  let env: FakeEnvironment | undefined;
  beforeAll(async () => {
    server = await startOffThreadServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    env = createFakeEnvironment(options);
    env.begin('FULL');
  });
  afterEach(() => env?.close());
  return {
    get server() {
      if (server === undefined) throw new Error('the off-thread server is not started yet');
      return server;
    },
    get env() {
      if (env === undefined) throw new Error('no fake environment outside a test');
      return env;
    },
  };
}
