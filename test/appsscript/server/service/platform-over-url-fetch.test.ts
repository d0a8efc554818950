// The core's platform and query clients over the UrlFetchApp transport and the Utilities.sleep clock, against the real local platform.
// Lists, a streamed query decoded from one text, Continue wait repeats and HTTP errors.
import { PlatformClient } from '../../../../src/core/api/platform-client';
import { QueryClient } from '../../../../src/core/api/query-client';
import { appsScriptClock } from '../../../../appsscript/server/service/apps-script-clock';
import { urlFetchTransport } from '../../../../appsscript/server/service/url-fetch-transport';
import { addinRejection } from '../../../helpers/caught-error';
import { createFakeEnvironment, type FakeEnvironment } from '../../fakes/environment';
import { fakeUtilities } from '../../fakes/execution';
import { startPlatformProcess, type PlatformProcess } from '../../helpers/platform-process';

const EDITOR = 'dev-editor-key';
let platform: PlatformProcess;
let env: FakeEnvironment;
beforeAll(async () => {
  // A short hold makes the query API answer Continue wait, as it must for Apps Script.
  platform = await startPlatformProcess(['--hold-ms', '0']);
});
afterAll(() => platform.close());
beforeEach(() => {
  env = createFakeEnvironment({ fetchCostMs: 100 });
  env.begin('FULL');
});
afterEach(() => env.close());

const deps = () => ({
  transport: urlFetchTransport(env.urlFetch.app),
  clock: appsScriptClock(fakeUtilities(env.execution), () => env.execution.now()),
  random: () => 0.5,
});

test('lists deployments and runs a query whose stream arrives as one text, repeating on Continue wait with Utilities.sleep', async () => {
  const client = new PlatformClient({ baseUrl: platform.url, apiKey: EDITOR, ...deps() });
  const deployments = await client.listDeployments();
  expect(deployments.length).toBeGreaterThan(0);
  const query = new QueryClient({ deploymentUrl: deployments[0]!.deploymentUrl, credential: EDITOR, throwContinueWait: true, ...deps() });
  const result = await query.run({
    query: 'SELECT status, MEASURE(count) FROM orders GROUP BY 1 ORDER BY 1',
    timezone: 'Etc/UTC',
    cache: 'no-cache',
  });
  expect(result.columns.length).toBe(2);
  expect(result.rows.length).toBeGreaterThan(1);
  const total = result.rows.reduce((n, r) => n + Number(r[1]), 0);
  expect(total).toBe(500);
  for (const r of env.urlFetch.requests) expect(r.headers['User-Agent']).toMatch(/Google-Apps-Script/);
  const queryCalls = env.urlFetch.requests.filter((r) => r.method === 'post').length;
  expect(queryCalls).toBeGreaterThanOrEqual(2);
  // Every repeat after a Continue wait slept on the execution's clock first.
  expect(env.execution.elapsed()).toBeGreaterThanOrEqual(env.urlFetch.requests.length * 100 + (queryCalls - 1) * 100);
});

test('an HTTP error answer reaches the client as a response and becomes its typed error', async () => {
  const client = new PlatformClient({ baseUrl: platform.url, apiKey: 'wrong-key', ...deps() });
  const e = await addinRejection(client.listDeployments());
  expect(e.kind).toBe('unauthenticated');
  expect(e.status).toBe(401);
});

test('a platform that cannot be reached is a network error in the client’s words', async () => {
  const client = new PlatformClient({ baseUrl: 'http://127.0.0.1:1', apiKey: EDITOR, ...deps() });
  const e = await addinRejection(client.listDeployments());
  expect(e.kind).toBe('network');
  expect(e.detail).toMatch(/^Address unavailable/);
});
