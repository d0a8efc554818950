/** Excel's refresh on open over the Office.js fake: the switch sets the startup behavior, a start with it on runs Refresh all and logs it. */
import { createAutomationService } from '../../src/core/automation/automation-service';
import { AUTOMATION_KEY } from '../../src/core/automation/automation-settings';
import { readRunLogView, recordRun } from '../../src/core/automation/run-record';
import type { RefreshAllSummary } from '../../src/core/service/addin-service';
import { EXCEL_ABILITIES, excelAutomationHost } from '../../src/excel/excel-automation';
import { refreshOnOpen, type OpenRefreshDeps } from '../../src/excel/open-refresh';
import type { RefreshAllCommandDeps } from '../../src/excel/refresh-all-command';
import { SettingsDocumentStore } from '../../src/excel/settings-document-store';
import { useInstalledFake } from './helpers/installed-fake';

const fake = useInstalledFake();
const values = () => ({ load: Office.StartupBehavior.load, none: Office.StartupBehavior.none });
const store = () => new SettingsDocumentStore(Office.context.document.settings);

const SUMMARY: RefreshAllSummary = {
  total: 2,
  done: 1,
  failed: 1,
  stopped: 0,
  skipped: 0,
  items: [
    { placementId: 'a', item: { state: 'done', dataRows: 2, cols: 2 } },
    { placementId: 'b', item: { state: 'failed', kind: 'query', message: 'Bad SQL.' } },
  ],
};

function command(refreshed: string[][]): RefreshAllCommandDeps {
  return {
    service: async () => ({
      listPlacements: async () =>
        [
          { placementId: 'a', name: 'Sales', rangeLabel: 'Sheet1!A1:B3' },
          { placementId: 'b', name: 'Costs', rangeLabel: 'Sheet1!D1:E3' },
        ] as never,
      refreshAll: async (ids: string[]) => {
        refreshed.push(ids);
        return SUMMARY;
      },
    }),
    newJobId: () => 'job-open',
    showPane: () => Office.addin.showAsTaskpane(),
    announce: () => undefined,
    log: () => undefined,
    record: async (run) => void (await recordRun(store(), { ...run, trigger: 'open' })),
    now: () => Date.UTC(2026, 10, 26, 8, 0, 0),
  };
}

function deps(refreshed: string[][]): OpenRefreshDeps {
  return { documentStore: store(), addin: Office.addin, values: values(), command: command(refreshed), log: () => undefined };
}

it('turning the switch on makes the workbook load the add-in at open; off sets it back; a schedule is refused with why', async () => {
  const automation = createAutomationService(store(), excelAutomationHost(Office.addin, values()));
  expect(fake().startup.behavior).toBe('None');
  await automation.setAutomation({ refreshOnOpen: true });
  expect(fake().startup.behavior).toBe('Load');
  expect(await Office.addin.getStartupBehavior()).toBe('Load');
  const view = await automation.getAutomation();
  expect(view.settings.refreshOnOpen).toBe(true);
  expect(view.abilities.refreshOnOpen.note).toMatch(/only after the add-in was opened once in this workbook/);
  await expect(automation.setAutomation({ schedule: { every: 'hour' } })).rejects.toMatchObject({ message: EXCEL_ABILITIES.schedule.note });
  await automation.setAutomation({ refreshOnOpen: false });
  expect(fake().startup.behavior).toBe('None');
});

it('a start with the switch on runs Refresh all with the pane closed, opens the pane on a failure and logs the run as on open', async () => {
  await store().set(AUTOMATION_KEY, JSON.stringify({ refreshOnOpen: true, schedule: { every: 'off' }, scheduleOwner: null }));
  const refreshed: string[][] = [];
  const outcome = await refreshOnOpen(deps(refreshed));
  expect(outcome).toEqual({ kind: 'done', summary: SUMMARY });
  expect(refreshed).toEqual([['a', 'b']]);
  // A copy of the workbook whose startup behavior was lost gets it back from the switch.
  expect(fake().startup.behavior).toBe('Load');
  expect(fake().pane.shows).toBe(1);
  const { entries, marked } = await readRunLogView(store());
  expect(entries.map((e) => [e.trigger, e.refreshed, e.total, e.failures.map((f) => [f.name, f.reason])])).toEqual([
    ['open', 1, 2, [['Costs', 'Bad SQL.']]],
  ]);
  expect(marked).toEqual(['b']);
});

it('a start with the switch off runs nothing and turns a leftover startup behavior off', async () => {
  await Office.addin.setStartupBehavior(Office.StartupBehavior.load);
  const refreshed: string[][] = [];
  expect(await refreshOnOpen(deps(refreshed))).toBeNull();
  expect(refreshed).toEqual([]);
  expect(fake().startup.behavior).toBe('None');
  expect((await readRunLogView(store())).entries).toEqual([]);
});
