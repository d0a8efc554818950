// The BUILT server bundle in a vm with the Apps Script fakes, against the real local platform: the menu's Refresh all
// stops before Apps Script's 6-minute limit and a trigger finishes it. The platform holds each query until it answers
// (no Continue wait), so every refresh takes the same round trips whatever the machine's load and the fake clock, charged
// per round trip, is the same at every run.
import { PRODUCT_PREFIX } from '../../src/core/wire/wire-names';
import { MAX_BATCH_REQUESTS } from '../../appsscript/server/service/fetch-batcher';
import { sqlDraft } from '../helpers/sql-draft';
import { useBuiltServer } from './helpers/built-server';
import { useSheetsScenario } from './helpers/sheets-scenario';
import { drainExecution, fireDueTriggers, loadProject } from './helpers/vm-project';

const server = useBuiltServer('sheets-menu-refresh-all-', 120_000);
const scenario = useSheetsScenario(server);
const { jobId, signedIn, insertAt, expectNoKeyInDocument } = scenario;

const BY_STATUS = 'SELECT status, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1';

test('the menu’s Refresh all stops before the 6-minute limit and a trigger finishes it, no placement refreshed twice', async () => {
  await signedIn();
  const ids: string[] = [];
  // One fetchAll batch and two more placements: the run stops after the first batch.
  for (let i = 0; i < MAX_BATCH_REQUESTS + 2; i += 1)
    ids.push((await insertAt((i % 4) * 10, Math.floor(i / 4) * 3, sqlDraft(`R${i}`, BY_STATUS))).placementId);
  // The platform calls one refresh makes for its placement (a sidebar refresh), to compare with.
  const oneBefore = scenario.env.urlFetch.requests.length;
  await scenario.client.call('refresh', { placementId: ids[0]!, jobId: jobId() });
  const perRefresh = scenario.env.urlFetch.requests.slice(oneBefore).filter((r) => /connect-workbook/.test(r.url)).length;
  expect(perRefresh).toBeGreaterThan(0);
  // Each fetch now costs 40 s of the execution's time.
  scenario.env.fetchOptions.costMs = 40_000;
  const queriesBefore = scenario.env.urlFetch.requests.length;
  const scope = loadProject(scenario.env, server.code, 'FULL');
  scope.refreshAllReports!();
  await drainExecution();
  expect(scenario.env.triggers.app.getProjectTriggers().map((t) => t.getHandlerFunction())).toEqual(['resumeRefreshAll']);
  const saved = JSON.parse(scenario.env.stores.document.data.get(`${PRODUCT_PREFIX}.refreshAll.resume`) ?? 'null') as {
    remaining: string[];
    done: string[];
  };
  expect(saved.done.length).toBeGreaterThan(0);
  expect(saved.remaining.length).toBeGreaterThan(0);
  expect([...saved.done, ...saved.remaining].sort()).toEqual([...ids].sort());
  expect(scenario.env.execution.elapsed()).toBeLessThan(6 * 60 * 1000);
  // The trigger fires a minute later, in executions of its own, until the run is done.
  for (let round = 0; round < 6 && scenario.env.stores.document.data.has(`${PRODUCT_PREFIX}.refreshAll.resume`); round += 1) {
    scenario.env.execution.advance(60_000);
    await fireDueTriggers(scenario.env, server.code);
  }
  expect(scenario.env.stores.document.data.has(`${PRODUCT_PREFIX}.refreshAll.resume`)).toBe(false);
  expect(scenario.env.triggers.app.getProjectTriggers()).toEqual([]);
  const connects = scenario.env.urlFetch.requests.slice(queriesBefore).filter((r) => /connect-workbook/.test(r.url));
  const perPlacement = ids.map((id) => connects.filter((r) => (r.body ?? '').includes(id)).length);
  expect(perPlacement).toEqual(ids.map(() => perRefresh));
  expect(scenario.env.book.toasts.at(-1)?.msg).toMatch(new RegExp(`^Refreshed ${ids.length} reports, in \\d runs\\.$`));
  // The menu's runs keep what they replaced too: every card offers Undo refresh, and it runs from the sidebar.
  scenario.env.fetchOptions.costMs = 0;
  scenario.env.begin('FULL');
  const views = await scenario.client.call('listPlacements', {});
  expect(views.map((v) => [v.placementId, v.undo]).sort()).toEqual(ids.map((id) => [id, { available: true }]).sort());
  await scenario.client.call('undoRefresh', { placementId: ids[1]!, jobId: jobId() });
  expectNoKeyInDocument();
});
