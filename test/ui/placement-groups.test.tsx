/** @jest-environment jsdom */
// The list grouped by sheet in tab order: collapse and expand, counts, search past 10, compact density, Refresh sheet,
// Refresh failed / Refresh the rest after a stopped run, Queued during a run, and summary links into collapsed groups.
import '../helpers/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { PlacementView, RefreshAllSummary } from '../../src/core/service/addin-service';
import type { PaneSettings } from '../../src/ui/pane-settings';
import { change, click, settle } from './act-events';
import { gate, samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

const on = (sheet: string, index: number, id: string, name: string): PlacementView =>
  samplePlacement({ placementId: id, name, sheetName: sheet, sheetIndex: index, rangeLabel: `${sheet}!A1:B3` });

/** Placements listed out of tab order: Data is the second tab, Summary the first; one orphan. */
function fakeOnSheets() {
  const fake = signedInFake();
  fake.placements = [
    on('Data', 1, 'd1', 'Orders'),
    samplePlacement({ placementId: 'o1', name: 'Lost report', status: 'orphaned', rangeLabel: null, sheetName: 'Gone', sheetIndex: null }),
    on('Summary', 0, 's1', 'Totals'),
    on('Data', 1, 'd2', 'Customers'),
  ];
  return fake;
}

const group = (name: string) => screen.getByRole('group', { name });
const toggle = (name: string) => screen.getByRole('button', { name });
const cardNames = (el: HTMLElement) =>
  within(el)
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

function doneSummary(ids: string[]): RefreshAllSummary {
  return {
    total: ids.length,
    done: ids.length,
    failed: 0,
    stopped: 0,
    skipped: 0,
    items: ids.map((placementId) => ({ placementId, item: { state: 'done', dataRows: 2, cols: 2 } })),
  };
}

test('cards are grouped by sheet in tab order with counts, orphans last; a group collapses and expands', async () => {
  renderPane(fakeOnSheets());
  await screen.findByRole('listitem', { name: 'Orders' });
  const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
  expect(headings).toEqual(['▾Summary (1)', '▾Data (2)', '▾Orphaned (1)']);
  expect(cardNames(group('Summary (1)'))).toEqual(['Totals']);
  expect(cardNames(group('Data (2)'))).toEqual(['Orders', 'Customers']);
  expect(cardNames(group('Orphaned (1)'))).toEqual(['Lost report']);
  // Groups start expanded, so every card is there.
  expect(toggle('Data (2)').getAttribute('aria-expanded')).toBe('true');

  await click(toggle('Data (2)'));
  expect(toggle('Data (2)').getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('listitem', { name: 'Orders' })).toBeNull();
  expect(screen.getByRole('listitem', { name: 'Totals' })).toBeTruthy();
  await click(toggle('Data (2)'));
  expect(cardNames(group('Data (2)'))).toEqual(['Orders', 'Customers']);
  // Nothing to refresh among orphans: only the sheets offer Refresh sheet.
  expect(screen.queryByRole('button', { name: 'Refresh sheet Orphaned' })).toBeNull();
});

test('Refresh sheet runs Refresh all over that sheet only, with the same progress and summary', async () => {
  const fake = fakeOnSheets();
  const run = gate<RefreshAllSummary>();
  fake.refreshAllImpl = () => run.promise;
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders' });
  await click(screen.getByRole('button', { name: 'Refresh sheet Data' }));
  expect(fake.callsOf('refreshAll')).toEqual([[['d1', 'd2'], { jobId: 'job-1' }]]);
  expect(screen.getByRole('group', { name: 'Refresh all' }).textContent).toContain('0 of 2 refreshed');
  // While it runs, no other run starts.
  expect(screen.getByRole('button', { name: 'Refresh sheet Summary' }).hasAttribute('disabled')).toBe(true);
  expect(within(screen.getByRole('listitem', { name: 'Customers' })).getByText('Queued')).toBeTruthy();
  expect(within(screen.getByRole('listitem', { name: 'Totals' })).queryByText('Queued')).toBeNull();
  await act(async () => run.resolve(doneSummary(['d1', 'd2'])));
  await settle();
  expect(screen.getByRole('group', { name: 'Refresh all' }).textContent).toContain('2 of 2 refreshed');
});

test('after a stopped run with a failure: Queued while it runs, then Refresh failed and Refresh the rest run only those', async () => {
  const fake = fakeOnSheets();
  const first = gate<RefreshAllSummary>();
  fake.refreshAllImpl = () => first.promise;
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders' });
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  expect(fake.callsOf('refreshAll')[0]).toEqual([['d1', 's1', 'd2'], { jobId: 'job-1' }]);
  for (const name of ['Orders', 'Totals', 'Customers'])
    expect(within(screen.getByRole('listitem', { name })).getByText('Queued')).toBeTruthy();
  act(() => {
    fake.emit({
      type: 'item',
      jobId: 'job-1',
      placementId: 'd1',
      item: { state: 'failed', kind: 'server', message: 'The platform failed.' },
    });
    fake.emit({ type: 'item', jobId: 'job-1', placementId: 's1', item: { state: 'running' } });
  });
  expect(within(screen.getByRole('listitem', { name: 'Customers' })).getByText('Queued')).toBeTruthy();
  expect(within(screen.getByRole('listitem', { name: 'Totals' })).queryByText('Queued')).toBeNull();
  const bar = screen.getByRole('group', { name: 'Refresh all' });
  // Neither shows while the run goes on.
  expect(within(bar).queryByRole('button', { name: 'Refresh the rest' })).toBeNull();
  await click(within(bar).getByRole('button', { name: 'Stop' }));
  await act(async () =>
    first.resolve({
      total: 3,
      done: 0,
      failed: 1,
      stopped: 2,
      skipped: 0,
      items: [
        { placementId: 'd1', item: { state: 'failed', kind: 'server', message: 'The platform failed.' } },
        { placementId: 's1', item: { state: 'stopped' } },
        { placementId: 'd2', item: { state: 'stopped' } },
      ],
    }),
  );
  await settle();
  fake.refreshAllImpl = async (ids) => doneSummary(ids);
  await click(within(screen.getByRole('group', { name: 'Refresh all' })).getByRole('button', { name: 'Refresh the rest' }));
  expect(fake.callsOf('refreshAll')[1]).toEqual([['s1', 'd2'], { jobId: 'job-2' }]);
  await settle();
  // The rest are refreshed: the new run says so and has nothing left.
  const second = screen.getByRole('group', { name: 'Refresh all' });
  expect(second.textContent).toContain('2 of 2 refreshed');
  expect(within(second).queryByRole('button', { name: 'Refresh the rest' })).toBeNull();
});

test('Refresh failed after a stopped run refreshes only the failed ones', async () => {
  const fake = fakeOnSheets();
  fake.refreshAllImpl = async () => ({
    total: 3,
    done: 1,
    failed: 1,
    stopped: 1,
    skipped: 0,
    items: [
      { placementId: 'd1', item: { state: 'done', dataRows: 2, cols: 2 } },
      { placementId: 's1', item: { state: 'failed', kind: 'query', message: 'Bad SQL.' } },
      { placementId: 'd2', item: { state: 'stopped' } },
    ],
  });
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders' });
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  await settle();
  const bar = screen.getByRole('group', { name: 'Refresh all' });
  expect(within(bar).getByRole('button', { name: 'Refresh the rest' })).toBeTruthy();
  fake.refreshAllImpl = async (ids) => doneSummary(ids);
  await click(within(bar).getByRole('button', { name: 'Refresh failed' }));
  expect(fake.callsOf('refreshAll')[1]).toEqual([['s1'], { jobId: 'job-2' }]);
});

test("a failed report's link in the summary expands its collapsed group and focuses its card", async () => {
  const fake = fakeOnSheets();
  fake.refreshAllImpl = async () => ({
    total: 3,
    done: 2,
    failed: 1,
    stopped: 0,
    skipped: 0,
    items: [
      { placementId: 'd1', item: { state: 'done', dataRows: 2, cols: 2 } },
      { placementId: 's1', item: { state: 'done', dataRows: 2, cols: 2 } },
      { placementId: 'd2', item: { state: 'failed', kind: 'query', message: 'Bad SQL.' } },
    ],
  });
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders' });
  await click(toggle('Data (2)'));
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  await settle();
  expect(screen.queryByRole('listitem', { name: 'Customers' })).toBeNull();
  const failed = within(screen.getByRole('group', { name: 'Refresh all' })).getByRole('list', { name: 'Failed reports' });
  await click(within(failed).getByRole('button', { name: 'Customers' }));
  await settle();
  expect(document.activeElement).toBe(screen.getByRole('listitem', { name: 'Customers' }));
  expect(toggle('Data (2)').getAttribute('aria-expanded')).toBe('true');
});

function manyPlacements(n: number): PlacementView[] {
  return Array.from({ length: n }, (_, i) =>
    i % 2 === 0 ? on('North', 0, `n${i}`, `North report ${i}`) : on('South', 1, `s${i}`, `South report ${i}`),
  );
}

test('a search box appears past 10 placements and filters by report name and by sheet name', async () => {
  const fake = signedInFake();
  fake.placements = manyPlacements(10);
  const view = renderPane(fake);
  await screen.findByRole('listitem', { name: 'North report 0' });
  expect(screen.queryByRole('searchbox')).toBeNull();
  view.unmount();

  fake.placements = manyPlacements(12);
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'North report 0' });
  const search = screen.getByRole('searchbox', { name: 'Search reports' });
  await change(search, 'report 1');
  // "report 1" matches report 1, 10 and 11: each in its sheet's group, with the group's count of matches.
  expect(cardNames(group('North (1)'))).toEqual(['North report 10']);
  expect(cardNames(group('South (2)'))).toEqual(['South report 1', 'South report 11']);
  await change(search, 'south');
  expect(screen.queryByRole('group', { name: /^North/ })).toBeNull();
  expect(cardNames(group('South (6)'))).toHaveLength(6);
  await change(search, 'nothing like it');
  expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  expect(screen.getByRole('status').textContent).toContain('No reports match');
  await change(search, '');
  expect(screen.getAllByRole('listitem')).toHaveLength(12);
});

test('a search hides the cards it leaves out and clearing it shows the same cards again, none mounted anew', async () => {
  const fake = signedInFake();
  fake.placements = manyPlacements(12);
  renderPane(fake);
  // The cards mount in steps: all 12 are there once the last one is.
  await screen.findByRole('listitem', { name: 'South report 11' }, { timeout: 10_000 });
  const before = new Map(screen.getAllByRole('listitem').map((li) => [li.getAttribute('aria-label'), li]));
  expect(before.size).toBe(12);
  const search = screen.getByRole('searchbox', { name: 'Search reports' });
  await change(search, 'south report 1');
  expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['South report 1', 'South report 11']);
  // The North group and the cards left out are out of sight (and of the accessibility tree), still in the page.
  const north = before.get('North report 0');
  expect(north?.isConnected).toBe(true);
  expect(north?.hidden).toBe(true);
  expect(screen.queryByRole('group', { name: /^North/ })).toBeNull();
  await change(search, '');
  const after = screen.getAllByRole('listitem');
  expect(after).toHaveLength(12);
  for (const li of after) expect(before.get(li.getAttribute('aria-label'))).toBe(li);
});

test('the compact density is remembered in the pane settings and applied when the pane opens again', async () => {
  const kept = new Map<string, string>();
  const settings: PaneSettings = { get: (k) => kept.get(k) ?? null, set: (k, v) => void kept.set(k, v) };
  const fake = fakeOnSheets();
  const first = renderPane(fake, { settings });
  await screen.findByRole('listitem', { name: 'Orders' });
  const comfortableClass = screen.getByRole('listitem', { name: 'Orders' }).className;
  const compact = screen.getByRole('switch', { name: 'Compact list' });
  expect((compact as HTMLInputElement).checked).toBe(false);
  await act(async () => {
    fireEvent.click(compact);
  });
  expect(kept.get('reports-pane.list-density')).toBe('compact');
  expect(screen.getByRole('listitem', { name: 'Orders' }).className).not.toBe(comfortableClass);
  first.unmount();

  renderPane(fake, { settings });
  await screen.findByRole('listitem', { name: 'Orders' });
  expect((screen.getByRole('switch', { name: 'Compact list' }) as HTMLInputElement).checked).toBe(true);
  expect(screen.getByRole('listitem', { name: 'Orders' }).className).not.toBe(comfortableClass);
});
