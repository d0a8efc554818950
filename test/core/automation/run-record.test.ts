/** Recording runs: the entry of a summary, the 9 KB parts under 50 runs of long failures, marks of unattended failures. */
import { clearRunMarks, readRunLogView, recordRun, runEntryOf, type RunToRecord } from '../../../src/core/automation/run-record';
import { RUN_LOG_ENTRIES } from '../../../src/core/automation/run-log';
import type { RefreshAllSummary } from '../../../src/core/jobs/refresh-job-state';
import { mapDocumentStore } from './map-document-store';

const SECRET = 'sk_live_0123456789abcdef';

function summary(failed: string[], done: string[]): RefreshAllSummary {
  return {
    total: failed.length + done.length,
    done: done.length,
    failed: failed.length,
    stopped: 0,
    skipped: 0,
    items: [
      ...done.map((placementId) => ({ placementId, item: { state: 'done' as const, dataRows: 3, cols: 2 } })),
      ...failed.map((placementId) => ({
        placementId,
        item: { state: 'failed' as const, kind: 'unauthenticated' as const, message: `The platform refused the key for ${placementId}.` },
      })),
    ],
  };
}

function run(trigger: RunToRecord['trigger'], failed: string[], done: string[] = ['ok']): RunToRecord {
  return {
    trigger,
    startedAt: Date.UTC(2026, 10, 26, 9, 0, 0),
    endedAt: Date.UTC(2026, 10, 26, 9, 0, 4),
    summary: summary(failed, done),
    names: new Map([['a', 'Sales by region']]),
  };
}

it('makes an entry of N of M refreshed, each failure named with its reason, and the duration', () => {
  expect(runEntryOf({ ...run('ribbon', ['a', 'b']), stopped: 'Stopped by the user.' })).toEqual({
    at: '2026-11-26T09:00:00.000Z',
    trigger: 'ribbon',
    refreshed: 1,
    total: 3,
    failures: [
      { placementId: 'a', name: 'Sales by region', reason: 'The platform refused the key for a.' },
      { placementId: 'b', name: 'b', reason: 'The platform refused the key for b.' },
    ],
    moreFailures: 0,
    skipped: [],
    moreSkipped: 0,
    durationMs: 4000,
    stopped: 'Stopped by the user.',
  });
});

it('names each report a run skipped with why, as it names failures', async () => {
  const reason = '"Sales by region" has cells edited by hand: C4. Refreshing would overwrite them.';
  const skipping: RunToRecord = {
    ...run('menu', []),
    summary: {
      total: 2,
      done: 1,
      failed: 0,
      stopped: 0,
      skipped: 1,
      items: [
        { placementId: 'ok', item: { state: 'done', dataRows: 3, cols: 2 } },
        { placementId: 'a', item: { state: 'skipped', reason } },
      ],
    },
  };
  const store = mapDocumentStore();
  await recordRun(store, skipping);
  const [entry] = (await readRunLogView(store)).entries;
  expect(entry).toMatchObject({ refreshed: 1, total: 2, failures: [], skipped: [{ placementId: 'a', name: 'Sales by region', reason }] });
});

it('reads an entry of an earlier version, which names no skipped reports, as none skipped', async () => {
  const store = mapDocumentStore();
  const old = { at: '2026-11-26T09:00:00.000Z', trigger: 'menu', refreshed: 1, total: 1, failures: [], moreFailures: 0, durationMs: 3 };
  await store.update({ 'svc.runLog.0': JSON.stringify([old]) });
  expect((await readRunLogView(store)).entries).toEqual([{ ...old, skipped: [], moreSkipped: 0 }]);
});

it('keeps the last 50 runs, every stored value within 9 KB, and never a field a caller slipped in', async () => {
  const store = mapDocumentStore();
  for (let i = 0; i < 70; i++) {
    const r = run(i % 2 ? 'schedule' : 'menu', ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    const items = r.summary.items.map((x) =>
      x.item.state === 'failed' ? { ...x, item: { ...x.item, message: `run ${i}: ${'x'.repeat(500)}` } } : x,
    );
    const sneaky = { ...r.summary, items, apiKey: SECRET } as RefreshAllSummary;
    await recordRun(store, { ...r, summary: sneaky });
  }
  const view = await readRunLogView(store);
  expect(view.entries.length).toBeLessThanOrEqual(RUN_LOG_ENTRIES);
  expect(view.entries.length).toBeGreaterThan(10);
  expect(view.entries.at(-1)!.failures[0]!.reason).toMatch(/^run 69: x+…$/);
  expect(view.entries.at(-1)!.moreFailures).toBe(2);
  for (const value of store.map.values()) {
    expect(new TextEncoder().encode(value).length).toBeLessThanOrEqual(9 * 1024);
    expect(value).not.toContain(SECRET);
  }
});

it('marks the cards of a failed unattended run until someone looks; a run someone clicked marks none', async () => {
  const store = mapDocumentStore();
  await recordRun(store, run('pane', ['a']));
  await recordRun(store, run('ribbon', ['a']));
  await recordRun(store, run('menu', ['a']));
  expect((await readRunLogView(store)).marked).toEqual([]);
  await recordRun(store, run('schedule', ['a', 'b']));
  await recordRun(store, run('open', ['b', 'c']));
  expect((await readRunLogView(store)).marked).toEqual(['a', 'b', 'c']);
  await clearRunMarks(store, ['b']);
  expect((await readRunLogView(store)).marked).toEqual(['a', 'c']);
  await clearRunMarks(store, null);
  expect((await readRunLogView(store)).marked).toEqual([]);
  expect((await readRunLogView(store)).entries).toHaveLength(5);
});

it('reads a damaged marks list as none', async () => {
  const store = mapDocumentStore(new Map([['svc.runLog.marked', '{not json']]));
  expect((await readRunLogView(store)).marked).toEqual([]);
});
