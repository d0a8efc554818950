/** Unattended Refresh all (schedule, on open) over the fakes: it refreshes, logs, resumes, runs once at a time, and stops on a refused key. */
import type { AddinService, RefreshAllSummary } from '../../../../src/core/service/addin-service';
import { AddinError } from '../../../../src/core/errors/addin-error';
import { AUTOMATION_KEY, parseAutomation } from '../../../../src/core/automation/automation-settings';
import { readRunLogView } from '../../../../src/core/automation/run-record';
import { AutomationTriggers, SCHEDULE_HANDLER } from '../../../../appsscript/server/automation/automation-triggers';
import { sheetsAutomation, stopScheduleForRefusedKey } from '../../../../appsscript/server/automation/sheets-automation';
import {
  ANOTHER_RUN_NOTE,
  KEY_REFUSED_NOTE,
  RESUME_HANDLER,
  runMenuRefreshAll,
  type MenuRefreshAllDeps,
} from '../../../../appsscript/server/refresh-all/menu-refresh-all';
import { sheetsHostOf } from '../../../../appsscript/server/service/server-service';
import { createFakeEnvironment, type FakeEnvironment } from '../../fakes/environment';
import { fakeServerServices } from './fake-server-services';

let env: FakeEnvironment;
beforeEach(() => {
  env = createFakeEnvironment();
  env.begin('FULL');
});
afterEach(() => env.close());

type Outcome = 'done' | 'refused' | 'failed' | 'skipped';

const SKIP_REASON = '"Report 1" has cells edited by hand: C4. Refreshing would overwrite them.';

/** A service over placements p0..p{n-1}: each refresh costs `costMs` of the execution and ends as `outcome(id)`. */
function stubService(n: number, outcome: (id: string) => Outcome, costMs = 1_000) {
  const refreshed: string[] = [];
  const service = {
    listPlacements: async () => Array.from({ length: n }, (_, i) => ({ placementId: `p${i}`, name: `Report ${i}` })),
    refreshAll: async (ids: string[]): Promise<RefreshAllSummary> => {
      env.execution.advance(costMs * ids.length);
      refreshed.push(...ids);
      const items = ids.map((placementId) => {
        const o = outcome(placementId);
        if (o === 'done') return { placementId, item: { state: 'done' as const, dataRows: 1, cols: 1 } };
        if (o === 'skipped') return { placementId, item: { state: 'skipped' as const, reason: SKIP_REASON } };
        const kind = o === 'refused' ? ('unauthenticated' as const) : ('query' as const);
        return {
          placementId,
          item: { state: 'failed' as const, kind, message: o === 'refused' ? 'The platform refused the key.' : 'Bad SQL.' },
        };
      });
      const failed = items.filter((x) => x.item.state === 'failed').length;
      const skipped = items.filter((x) => x.item.state === 'skipped').length;
      return { total: ids.length, done: ids.length - failed - skipped, failed, stopped: 0, skipped, items };
    },
  } as unknown as AddinService;
  return { service, refreshed };
}

function deps(service: AddinService, trigger: MenuRefreshAllDeps['trigger']): MenuRefreshAllDeps {
  const services = fakeServerServices(env);
  const store = sheetsHostOf(services).documentStore;
  return {
    service,
    book: env.book,
    documentProperties: env.stores.document,
    scriptApp: env.triggers.app,
    locks: env.lockService,
    runLog: store,
    now: () => env.execution.now(),
    mintId: () => 'run_0123456789abcdef',
    trigger,
    onKeyRefused: (t) => (t === 'schedule' ? stopScheduleForRefusedKey(services, store) : undefined),
  };
}

const log = () => readRunLogView(sheetsHostOf(fakeServerServices(env)).documentStore);

test('a menu run logs each report it skipped by name with why, as the toast says it skipped one', async () => {
  const { service } = stubService(3, (id) => (id === 'p1' ? 'skipped' : 'done'));
  await runMenuRefreshAll(deps(service, 'menu'), false);
  expect(env.book.toasts.at(-1)?.msg).toContain('1 skipped: cells edited by hand');
  const { entries } = await log();
  expect(entries[0]).toMatchObject({
    trigger: 'menu',
    refreshed: 2,
    total: 3,
    failures: [],
    skipped: [{ placementId: 'p1', name: 'Report 1', reason: expect.stringContaining('edited by hand') }],
  });
});

test('the run log is read with the spreadsheet’s time zone, for the sidebar to show its times in', async () => {
  env.book.setSpreadsheetTimeZone('America/Argentina/Buenos_Aires');
  expect(await sheetsAutomation(fakeServerServices(env)).runLog()).toEqual({
    entries: [],
    marked: [],
    timeZone: 'America/Argentina/Buenos_Aires',
  });
});

test('a scheduled run refreshes every placement and logs N of M with each failure’s reason, marking the failed cards', async () => {
  const { service, refreshed } = stubService(3, (id) => (id === 'p1' ? 'failed' : 'done'));
  const state = await runMenuRefreshAll(deps(service, 'schedule'), false);
  expect(state?.remaining).toEqual([]);
  expect(refreshed).toEqual(['p0', 'p1', 'p2']);
  const { entries, marked } = await log();
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    trigger: 'schedule',
    refreshed: 2,
    total: 3,
    failures: [{ placementId: 'p1', name: 'Report 1', reason: 'Bad SQL.' }],
  });
  expect(entries[0]!.stopped).toBeUndefined();
  expect(marked).toEqual(['p1']);
});

test('a run near the 6-minute limit resumes in a trigger and logs once, as the schedule’s run', async () => {
  // 20 s per placement: a batch of ten takes 200 s, and a second would pass the budget, so the run stops after the first.
  const { service, refreshed } = stubService(14, () => 'done', 20_000);
  const first = await runMenuRefreshAll(deps(service, 'schedule'), false);
  expect(first?.remaining.length).toBeGreaterThan(0);
  expect(env.triggers.app.getProjectTriggers().map((t) => t.getHandlerFunction())).toEqual([RESUME_HANDLER]);
  expect((await log()).entries).toEqual([]);
  env.execution.advance(60_000);
  env.begin('FULL');
  const second = await runMenuRefreshAll(deps(service, undefined), true);
  expect(second?.remaining).toEqual([]);
  expect([...refreshed].sort()).toEqual(Array.from({ length: 14 }, (_, i) => `p${i}`).sort());
  const { entries } = await log();
  expect(entries.map((e) => [e.trigger, e.refreshed, e.total])).toEqual([['schedule', 14, 14]]);
});

test('while one execution is refreshing, a scheduled run does not start a second one and logs that it skipped', async () => {
  const { service, refreshed } = stubService(2, () => 'done');
  env.stores.document.setProperty(
    'svc.refreshAll.resume',
    JSON.stringify({
      jobId: 'other',
      remaining: ['p1'],
      done: ['p0'],
      startedAt: env.execution.now(),
      savedAt: env.execution.now(),
      waiting: false,
      executions: 1,
    }),
  );
  expect(await runMenuRefreshAll(deps(service, 'schedule'), false)).toBeNull();
  expect(refreshed).toEqual([]);
  expect((await log()).entries.map((e) => e.stopped)).toEqual([ANOTHER_RUN_NOTE]);
});

test('a refused key stops the schedule: its trigger deleted, the switch off, a clear note in the log, no resume', async () => {
  const services = fakeServerServices(env);
  const store = sheetsHostOf(services).documentStore;
  new AutomationTriggers(env.triggers.app, env.book).setSchedule({ every: 'hour' }, { every: 'off' });
  store.set(
    AUTOMATION_KEY,
    JSON.stringify({ refreshOnOpen: false, schedule: { every: 'hour' }, scheduleOwner: 'the person signed in to https://acme.example' }),
  );
  const { service } = stubService(12, () => 'refused');
  await runMenuRefreshAll(deps(service, 'schedule'), false);
  expect(env.triggers.app.getProjectTriggers().map((t) => t.getHandlerFunction())).not.toContain(SCHEDULE_HANDLER);
  expect(env.triggers.app.getProjectTriggers()).toEqual([]);
  expect(parseAutomation(env.stores.document.getProperty(AUTOMATION_KEY)).schedule).toEqual({ every: 'off' });
  expect(env.stores.document.getProperty('svc.refreshAll.resume')).toBeNull();
  const { entries } = await log();
  expect(entries.map((e) => [e.trigger, e.stopped, e.refreshed])).toEqual([['schedule', KEY_REFUSED_NOTE, 0]]);
});

test('a refused key thrown by the run itself (no key saved) stops it the same way', async () => {
  const service = {
    listPlacements: async () => [{ placementId: 'p0', name: 'Report 0' }],
    refreshAll: async () => {
      throw new AddinError('unauthenticated', 'Sign in to the platform first.');
    },
  } as unknown as AddinService;
  await runMenuRefreshAll(deps(service, 'open'), false);
  const { entries, marked } = await log();
  expect(entries.map((e) => [e.trigger, e.stopped])).toEqual([['open', KEY_REFUSED_NOTE]]);
  expect(entries[0]!.failures[0]!.reason).toBe('Sign in to the platform first.');
  expect(marked).toEqual(['p0']);
});
