// The BUILT server bundle's Refresh all fetches its placements' streams in fetchAll batches.
// Round trips stay within the batches plus the fixed calls, in the sidebar's run and the menu's, and a request of a
// batch that cannot connect fails only its placement.
import { MAX_BATCH_REQUESTS } from '../../appsscript/server/service/fetch-batcher';
import { serverClient, type ServerClient } from '../../appsscript/sidebar/server-client';
import type { ReportDraft } from '../../src/core/service/addin-service';
import { createFakeEnvironment, type FakeEnvironment } from './fakes/environment';
import { useBuiltServer } from './helpers/built-server';
import { scriptRunBridge } from './helpers/script-run-bridge';
import { drainExecution, loadProject } from './helpers/vm-project';

// A hold long enough that no query answers Continue wait: each placement then makes the requests of one refresh, and
// the round trips counted are the batches'.
const server = useBuiltServer('sheets-batches-', 10_000);
let env: FakeEnvironment;
let client: ServerClient;
let jobs = 0;

beforeEach(() => {
  env = createFakeEnvironment({ fetchCostMs: 100 });
  client = serverClient(scriptRunBridge(env, server.code).run, { sleep: async () => undefined });
});
afterEach(() => env.close());

const jobId = (): string => `job_${String((jobs += 1)).padStart(16, '0')}`;
const draft = (name: string, measure: string): ReportDraft => ({
  name,
  description: '',
  mode: 'sql',
  sqlQuery: `SELECT status, MEASURE(count) AS ${measure} FROM orders GROUP BY 1 ORDER BY 1`,
  jsonQuery: null,
  pivotItems: null,
  builderState: null,
});

async function placed(count: number): Promise<string[]> {
  await client.call('signIn', { tenantUrl: server.platform.url, apiKey: 'dev-editor-key', authScheme: 'auto' });
  const production = (await client.call('listEnvironments', { deploymentId: '101' })).find((e) => e.type === 'production');
  await client.call('setContext', { deploymentId: '101', environmentId: production?.id ?? null });
  const sheet = env.book.sheets[0]!;
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const [row, col] = [(i % 5) * 10, Math.floor(i / 5) * 3];
    const target = { sheetId: String(sheet.sheetId), sheetName: sheet.name, row, col, label: `R${row + 1}C${col + 1}` };
    const outcome = await client.call('insert', { draft: draft(`R${i}`, `orders_${i}`), target, jobId: jobId(), overwrite: false });
    ids.push(outcome.placementId);
  }
  return ids;
}

/** Round trips and requests of `run`. */
async function counted(run: () => Promise<unknown>): Promise<{ roundTrips: number; requests: number }> {
  const [trips, requests] = [env.urlFetch.roundTrips, env.urlFetch.requests.length];
  await run();
  return { roundTrips: env.urlFetch.roundTrips - trips, requests: env.urlFetch.requests.length - requests };
}

/** Each of the first `count` placements' queries is among the last `requests` requests. */
function expectEachQueried(count: number, requests: number): void {
  const bodies = env.urlFetch.requests.slice(-requests).map((r) => r.body ?? '');
  for (let i = 0; i < count; i += 1) expect(bodies.some((b) => b.includes(`AS orders_${i} `))).toBe(true);
}

test('the sidebar’s Refresh all of a batch of placements costs the round trips of one refresh, its requests sent with fetchAll', async () => {
  const ids = await placed(MAX_BATCH_REQUESTS);
  const one = await counted(() => client.call('refresh', { placementId: ids[0]!, jobId: jobId() }));
  const all = await counted(async () => {
    const summary = await client.call('refreshAll', { placementIds: ids, jobId: jobId() });
    expect(summary).toMatchObject({ total: ids.length, done: ids.length, failed: 0 });
  });
  // Every placement made the requests of one refresh ...
  expect(all.requests).toBe(ids.length * one.requests);
  expectEachQueried(ids.length, all.requests);
  // ... in the round trips of one refresh (one batch) and at most one fixed call.
  expect(all.roundTrips).toBeLessThanOrEqual(one.roundTrips + 1);
});

test('the menu’s Refresh all of two batches: round trips within two refreshes’ and the fixed calls', async () => {
  const ids = await placed(MAX_BATCH_REQUESTS + 3);
  const one = await counted(() => client.call('refresh', { placementId: ids[0]!, jobId: jobId() }));
  const all = await counted(async () => {
    loadProject(env, server.code, 'FULL').refreshAllReports!();
    await drainExecution();
  });
  expect(env.book.toasts.at(-1)?.msg).toBe(`Refreshed ${ids.length} reports.`);
  expectEachQueried(ids.length, all.requests);
  // Two batches, each the round trips of one refresh, and the fixed calls (the placement list, the session).
  expect(all.roundTrips).toBeLessThanOrEqual(2 * one.roundTrips + 2);
});

test('a request of a batch that cannot connect fails its placement only: the others are refreshed, its cells stay', async () => {
  const ids = await placed(3);
  const before = env.book.sheets[0]!.getRange(1, 4, 6, 2).getValues();
  env.book.sheets[0]!.getRange(2, 1).setValue(-1);
  env.book.sheets[0]!.getRange(12, 1).setValue(-1);
  env.book.sheets[0]!.getRange(22, 1).setValue(-1);
  env.fetchOptions.unreachable = (request) => (request.body ?? '').includes('orders_1');
  // The -1 markers are typed over the placements' cells: the run is told to overwrite them, so each shows whether it wrote.
  const summary = await client.call('refreshAll', { placementIds: ids, jobId: jobId(), handEdits: 'overwrite' });
  expect(summary).toMatchObject({ total: 3, done: 2, failed: 1 });
  expect(summary.items.find((x) => x.placementId === ids[1])?.item).toMatchObject({ state: 'failed', kind: 'network' });
  const sheet = env.book.sheets[0]!;
  expect(sheet.getRange(2, 1).getValue()).not.toBe(-1);
  expect(sheet.getRange(12, 1).getValue()).toBe(-1);
  expect(sheet.getRange(22, 1).getValue()).not.toBe(-1);
  expect(sheet.getRange(1, 4, 6, 2).getValues()).toEqual(before);
});
