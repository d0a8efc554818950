/** Refresh all at open (the preview's page load): off does nothing; on refreshes the placements that have cells and logs 'open'. */
import { AUTOMATION_KEY } from '../../../src/core/automation/automation-settings';
import { refreshAllOnOpen } from '../../../src/core/automation/open-refresh-run';
import { readRunLogView } from '../../../src/core/automation/run-record';
import { AddinError } from '../../../src/core/errors/addin-error';
import type { RefreshAllSummary } from '../../../src/core/service/addin-service';
import { mapDocumentStore } from './map-document-store';

const clock = { now: () => Date.UTC(2026, 10, 26, 7, 0, 0) };
const ON = JSON.stringify({ refreshOnOpen: true, schedule: { every: 'off' }, scheduleOwner: null });
const DONE: RefreshAllSummary = {
  total: 1,
  done: 1,
  failed: 0,
  stopped: 0,
  skipped: 0,
  items: [{ placementId: 'a', item: { state: 'done', dataRows: 1, cols: 1 } }],
};

function service(refreshed: string[][], fail = false) {
  return {
    listPlacements: async () =>
      [
        { placementId: 'a', name: 'Sales', rangeLabel: 'Sheet1!A1:B2' },
        { placementId: 'gone', name: 'Gone', rangeLabel: null },
      ] as never,
    refreshAll: async (ids: string[]) => {
      refreshed.push(ids);
      if (fail) throw new AddinError('unauthenticated', 'Sign in again: the platform refused the key.');
      return DONE;
    },
  };
}

it('does nothing while the switch is off', async () => {
  const refreshed: string[][] = [];
  const store = mapDocumentStore();
  expect(await refreshAllOnOpen(store, service(refreshed), clock, () => 'job')).toBeNull();
  expect(refreshed).toEqual([]);
  expect((await readRunLogView(store)).entries).toEqual([]);
});

it('with the switch on refreshes the placements that still have cells and logs the run as on open', async () => {
  const refreshed: string[][] = [];
  const store = mapDocumentStore(new Map([[AUTOMATION_KEY, ON]]));
  expect(await refreshAllOnOpen(store, service(refreshed), clock, () => 'job')).toEqual(DONE);
  expect(refreshed).toEqual([['a']]);
  expect((await readRunLogView(store)).entries.map((e) => [e.trigger, e.refreshed, e.total])).toEqual([['open', 1, 1]]);
});

it('logs a run that failed before it began with its reason', async () => {
  const store = mapDocumentStore(new Map([[AUTOMATION_KEY, ON]]));
  await refreshAllOnOpen(store, service([], true), clock, () => 'job');
  expect((await readRunLogView(store)).entries.map((e) => e.stopped)).toEqual(['Sign in again: the platform refused the key.']);
});
