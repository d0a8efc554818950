/** @jest-environment jsdom */
// Placements: status badges, relative times that move with the clock, Refresh all with N of M / failures / Refresh failed, Remove.
// One file past 300 lines: every case shares the fake service's placements and the fake clock.
import '../helpers/setup-dom';
import { act, screen, within } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { RefreshAllSummary } from '../../src/core/service/addin-service';
import { click, closeDialog, dialogClosed, findDialog, settle } from './act-events';
import { gate, samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

function fakeWithPlacements() {
  const fake = signedInFake();
  fake.placements = [
    samplePlacement({ placementId: 'p1', name: 'Orders by status', refreshedAt: minutesAgo(3) }),
    samplePlacement({
      placementId: 'p2',
      name: 'Revenue by month',
      rangeLabel: 'Sheet2!A1:C13',
      dataRows: 13,
      status: 'failed',
      refreshedAt: minutesAgo(150),
      lastError: { kind: 'query', message: 'The query failed: column "amount" does not exist.' },
    }),
    samplePlacement({ placementId: 'p3', name: 'Top cities', status: 'outOfDate', refreshedAt: null }),
    samplePlacement({ placementId: 'p4', name: 'Old report', status: 'orphaned', rangeLabel: null, sheetName: null }),
  ];
  return fake;
}

function item(name: string): HTMLElement {
  return screen.getByRole('listitem', { name });
}

afterEach(() => {
  jest.useRealTimers();
});

test('each placement shows its range, size, relative refresh time and status badge; the time label follows the clock', async () => {
  jest.useFakeTimers({ now: NOW });
  const { clock } = renderPane(fakeWithPlacements(), { nowMs: NOW });
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10);
  });
  const orders = item('Orders by status');
  expect(orders.textContent).toContain('Sheet1!B2:D20');
  // Data rows only: B2:D20 is a header row and 18 rows of data.
  expect(orders.textContent).toContain('18 rows × 3 columns');
  expect(orders.textContent).toContain('refreshed 3 min ago');
  expect(within(orders).getByText('Up to date')).toBeTruthy();

  const revenue = item('Revenue by month');
  expect(within(revenue).getByText('Failed')).toBeTruthy();
  expect(revenue.textContent).toContain('The query failed: column "amount" does not exist.');
  expect(revenue.textContent).toContain('refreshed 2 hours ago');

  const cities = item('Top cities');
  expect(within(cities).getByText('Out of date')).toBeTruthy();
  expect(cities.textContent).toContain('never refreshed');

  const old = item('Old report');
  expect(within(old).getByText('Orphaned')).toBeTruthy();
  expect(within(old).getByRole('button', { name: 'Go to Old report' }).hasAttribute('disabled')).toBe(true);

  clock.nowMs = NOW + 2 * 60_000;
  await act(async () => {
    await jest.advanceTimersByTimeAsync(60_000);
  });
  expect(item('Orders by status').textContent).toContain('refreshed 5 min ago');
});

test('an up-to-date or out-of-date badge says how fresh its status is in visible text (no hover-only title); local statuses say nothing of the kind', async () => {
  jest.useFakeTimers({ now: NOW });
  const fake = fakeWithPlacements();
  fake.placements = fake.placements.map((p) => (p.placementId === 'p3' ? { ...p, statusCheckedAt: minutesAgo(4) } : p));
  renderPane(fake, { nowMs: NOW });
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10);
  });
  // Not heard from the platform this session (e.g. after a reload): the status is as of the last refresh.
  expect(within(item('Orders by status')).getByText('Status as of last refresh')).toBeTruthy();
  expect(within(item('Top cities')).getByText('Status checked with the platform 4 min ago')).toBeTruthy();
  expect(item('Revenue by month').textContent).not.toMatch(/Status (as of|checked)/);
  expect(item('Old report').textContent).not.toMatch(/Status (as of|checked)/);
  // Keyboard and screen-reader users cannot reach a native title: the list uses none.
  for (const list of screen.getAllByRole('list')) expect(list.querySelectorAll('[title]')).toHaveLength(0);
});

test('per-item buttons carry the report name and call the service', async () => {
  const { fake } = renderPane(fakeWithPlacements());
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Go to Orders by status' }));
  expect(fake.callsOf('goTo')).toEqual([['p1']]);
  await click(screen.getByRole('button', { name: 'Refresh Orders by status' }));
  expect(fake.callsOf('refresh')).toEqual([['p1', { jobId: 'job-1' }]]);
});

test('a failed single refresh says what to do on its own card, and marks the item', async () => {
  const fake = fakeWithPlacements();
  fake.refreshImpl = async () => {
    throw new AddinError('blocked', 'Refreshing would overwrite Sheet1!B21, which holds data.', { data: { cells: ['Sheet1!B21'] } });
  };
  const { container } = renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh Orders by status' }));
  const card = item('Orders by status');
  expect(card.textContent).toContain('Cells in the way');
  expect(card.textContent).toContain('Choose another cell or clear the named cells.');
  expect(within(card).getByText('Failed')).toBeTruthy();
  // Said once, on the card, not again at the top of the list.
  expect(card.textContent?.match(/Sheet1!B21, which holds data/g)).toHaveLength(1);
  expect(container.textContent?.match(/Sheet1!B21, which holds data/g)).toHaveLength(1);
});

test('Refresh all shows N of M, per-item state, a failure reason, Stop, and Refresh failed re-runs only the failed ids', async () => {
  const fake = fakeWithPlacements();
  const first = gate<RefreshAllSummary>();
  fake.refreshAllImpl = () => first.promise;
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });

  await click(screen.getByRole('button', { name: 'Refresh all' }));
  // The orphaned placement has no cells to refresh.
  expect(fake.callsOf('refreshAll')).toEqual([[['p1', 'p2', 'p3'], { jobId: 'job-1' }]]);
  const progress = screen.getByRole('group', { name: 'Refresh all' });
  expect(progress.textContent).toContain('0 of 3 refreshed');
  expect(within(item('Top cities')).getByText('Queued')).toBeTruthy();

  act(() => {
    fake.emit({ type: 'item', jobId: 'job-1', placementId: 'p1', item: { state: 'running' } });
  });
  expect(within(item('Orders by status')).getByText('Refreshing')).toBeTruthy();
  act(() => {
    fake.emit({ type: 'item', jobId: 'job-1', placementId: 'p1', item: { state: 'done', dataRows: 18, cols: 3 } });
    fake.emit({
      type: 'item',
      jobId: 'job-1',
      placementId: 'p2',
      item: { state: 'failed', kind: 'server', message: 'The platform failed (500). Try again.' },
    });
    // An event of another job is ignored.
    fake.emit({ type: 'item', jobId: 'other', placementId: 'p3', item: { state: 'done', dataRows: 1, cols: 1 } });
  });
  expect(progress.textContent).toContain('1 of 3 refreshed, 1 failed');
  expect(item('Revenue by month').textContent).toContain('The platform failed (500). Try again.');
  expect(within(item('Top cities')).getByText('Queued')).toBeTruthy();

  await click(within(progress).getByRole('button', { name: 'Stop' }));
  expect(fake.callsOf('cancel')).toEqual([['job-1']]);

  await act(async () => {
    first.resolve({
      total: 3,
      done: 1,
      failed: 1,
      stopped: 1,
      skipped: 0,
      items: [
        { placementId: 'p1', item: { state: 'done', dataRows: 18, cols: 3 } },
        { placementId: 'p2', item: { state: 'failed', kind: 'server', message: 'The platform failed (500). Try again.' } },
        { placementId: 'p3', item: { state: 'stopped' } },
      ],
    });
  });
  await settle();
  const after = screen.getByRole('group', { name: 'Refresh all' });
  expect(after.textContent).toContain('1 of 3 refreshed, 1 failed, 1 not refreshed');
  expect(within(item('Top cities')).getByText('Not refreshed')).toBeTruthy();

  fake.refreshAllImpl = async (ids) => ({
    total: ids.length,
    done: ids.length,
    failed: 0,
    stopped: 0,
    skipped: 0,
    items: ids.map((placementId) => ({ placementId, item: { state: 'done', dataRows: 1, cols: 1 } })),
  });
  await click(within(after).getByRole('button', { name: 'Refresh failed' }));
  await settle();
  expect(fake.callsOf('refreshAll')[1]).toEqual([['p2'], { jobId: 'job-2' }]);
  expect(screen.getByRole('group', { name: 'Refresh all' }).textContent).toContain('1 of 1 refreshed');
  expect(within(screen.getByRole('group', { name: 'Refresh all' })).queryByRole('button', { name: 'Refresh failed' })).toBeNull();
});

test('a placement whose cells were deleted shows Orphaned as soon as the service says the placements changed, even after a Refresh all marked it done', async () => {
  const fake = fakeWithPlacements();
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  await settle();
  expect(within(item('Orders by status')).getByText('Up to date')).toBeTruthy();
  expect(screen.getByRole('group', { name: 'Refresh all' }).textContent).toContain('3 of 3 refreshed');

  // Its sheet is deleted in the workbook: the service tells the pane, which reads the list again.
  fake.placements = fake.placements.map((p) =>
    p.placementId === 'p1' ? { ...p, status: 'orphaned', rangeLabel: null, sheetName: null } : p,
  );
  await act(async () => {
    fake.emit({ type: 'placementsChanged' });
  });
  await settle();
  const orders = item('Orders by status');
  expect(within(orders).getByText('Orphaned')).toBeTruthy();
  expect(orders.textContent).toContain('Its cells were deleted: remove it, or insert the report again.');
  expect(orders.textContent).toContain('No cells');
  expect((within(orders).getByRole('button', { name: 'Refresh Orders by status' }) as HTMLButtonElement).disabled).toBe(true);
  expect((within(orders).getByRole('button', { name: 'Go to Orders by status' }) as HTMLButtonElement).disabled).toBe(true);
  expect((within(orders).getByRole('button', { name: 'Remove Orders by status' }) as HTMLButtonElement).disabled).toBe(false);
});

test('Remove asks first; Cancel keeps the placement, Remove with "Also clear its cells" forgets it and clears', async () => {
  const { fake } = renderPane(fakeWithPlacements());
  await screen.findByRole('listitem', { name: 'Orders by status' });

  await click(screen.getByRole('button', { name: 'Remove Orders by status' }));
  let dialog = await findDialog('Remove Orders by status?');
  expect(within(dialog).getByText('Remove Orders by status?')).toBeTruthy();
  await closeDialog(dialog, 'Cancel');
  expect(fake.callsOf('remove')).toEqual([]);
  expect(screen.getByRole('listitem', { name: 'Orders by status' })).toBeTruthy();

  await click(screen.getByRole('button', { name: 'Remove Orders by status' }));
  await settle();
  dialog = await findDialog('Remove Orders by status?');
  const checkbox = within(dialog).getByRole('checkbox', { name: 'Also clear its cells' });
  expect((checkbox as HTMLInputElement).checked).toBe(false);
  await click(checkbox);
  await closeDialog(dialog, 'Remove');
  expect(fake.callsOf('remove')).toEqual([['p1', { clearCells: true, jobId: expect.any(String) }]]);
  expect(screen.queryByRole('listitem', { name: 'Orders by status' })).toBeNull();
});

test('a long clear shows its progress in the Remove dialog until it ends', async () => {
  const fake = fakeWithPlacements();
  const done = gate<void>();
  fake.removeImpl = async (_id, options) => {
    fake.emit({ type: 'progress', jobId: 'another-job', rows: 5, bytes: 0, elapsedMs: 1, totalRows: 10 });
    fake.emit({ type: 'progress', jobId: options.jobId ?? '', rows: 150_000, bytes: 0, elapsedMs: 900, totalRows: 300_001 });
    await done.promise;
  };
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Remove Orders by status' }));
  const dialog = await findDialog('Remove Orders by status?');
  await click(within(dialog).getByRole('checkbox', { name: 'Also clear its cells' }));
  await click(within(dialog).getByRole('button', { name: 'Remove' }));
  expect((await within(dialog).findByRole('status')).textContent).toBe('Clearing its cells: 150,000 of 300,001 rows');
  expect(within(dialog).getByRole('progressbar', { name: 'Clearing its cells' })).toBeTruthy();
  await act(async () => done.resolve());
  await dialogClosed(dialog);
  expect(screen.queryByRole('listitem', { name: 'Orders by status' })).toBeNull();
  expect(screen.queryByText(/Clearing its cells:/)).toBeNull();
});

test('a running Refresh all keeps its progress while the editor is open', async () => {
  const fake = fakeWithPlacements();
  fake.refreshAllImpl = () => gate<RefreshAllSummary>().promise;
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  act(() => {
    fake.emit({ type: 'item', jobId: 'job-1', placementId: 'p1', item: { state: 'done', dataRows: 1, cols: 1 } });
  });
  await click(await screen.findByRole('button', { name: 'New report' }));
  act(() => {
    fake.emit({ type: 'item', jobId: 'job-1', placementId: 'p2', item: { state: 'done', dataRows: 1, cols: 1 } });
  });
  await click(screen.getByRole('button', { name: 'Back to reports' }));
  expect((await screen.findByRole('group', { name: 'Refresh all' })).textContent).toContain('2 of 3 refreshed');
  expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
});

test('Refresh all: each card follows its own item live (its refresh time at once), and a stopped card never says "refreshed just now"', async () => {
  const fake = fakeWithPlacements();
  const run = gate<RefreshAllSummary>();
  fake.refreshAllImpl = () => run.promise;
  const { clock } = renderPane(fake, { nowMs: NOW });
  await screen.findByRole('listitem', { name: 'Orders by status' });
  clock.nowMs = NOW + 1000;
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  expect(item('Orders by status').textContent).toContain('refreshed 3 min ago');

  // The service refreshed p1: its record now says so, and the event says the item is done.
  fake.placements = fake.placements.map((p) => (p.placementId === 'p1' ? { ...p, refreshedAt: new Date(NOW + 2000).toISOString() } : p));
  await act(async () => {
    fake.emit({ type: 'item', jobId: 'job-1', placementId: 'p1', item: { state: 'done', dataRows: 18, cols: 3 } });
  });
  await settle();
  expect(screen.getByRole('group', { name: 'Refresh all' }).textContent).toContain('1 of 3 refreshed');
  // While the run still goes on, the card already says it was refreshed.
  expect(item('Orders by status').textContent).toContain('refreshed just now');
  expect(within(item('Orders by status')).getByText('Up to date')).toBeTruthy();

  // p3 finished writing just as Stop came: the run calls it stopped, but its cells were refreshed since the run began.
  fake.placements = fake.placements.map((p) => (p.placementId === 'p3' ? { ...p, refreshedAt: new Date(NOW + 3000).toISOString() } : p));
  await act(async () => {
    run.resolve({
      total: 3,
      done: 1,
      failed: 0,
      stopped: 2,
      skipped: 0,
      items: [
        { placementId: 'p1', item: { state: 'done', dataRows: 18, cols: 3 } },
        { placementId: 'p2', item: { state: 'stopped' } },
        { placementId: 'p3', item: { state: 'stopped' } },
      ],
    });
  });
  await settle();
  const cities = item('Top cities');
  expect(cities.textContent).toContain('refreshed just now');
  expect(cities.textContent).not.toContain('Not refreshed');
  const revenue = item('Revenue by month');
  expect(within(revenue).getByText('Not refreshed')).toBeTruthy();
  expect(revenue.textContent).toContain('refreshed 2 hours ago');
});

test('a single refresh and its Cancel say their outcome on their own card, not at the top of the list', async () => {
  const fake = fakeWithPlacements();
  const { container } = renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh Orders by status' }));
  await settle();
  expect(item('Orders by status').textContent).toContain('Refreshed10 rows × 3 columns in 50 ms at Sheet1!B2:D12');

  const held = gate<never>();
  fake.refreshImpl = () => held.promise;
  await click(screen.getByRole('button', { name: 'Refresh Top cities' }));
  await click(screen.getByRole('button', { name: 'Cancel refresh of Top cities' }));
  expect(fake.callsOf('cancel')).toEqual([['job-2']]);
  await act(async () => held.reject(new AddinError('cancelled', 'Cancelled.')));
  await settle();
  const cities = item('Top cities');
  expect(cities.textContent).toContain('Cancelled. Nothing was changed.');
  expect(container.textContent?.match(/Cancelled\. Nothing was changed\./g)).toHaveLength(1);
  // The list's own message area (above the cards) holds nothing: every message bar is on a card.
  const bars = [...container.querySelectorAll('.fui-MessageBar')];
  expect(bars.length).toBeGreaterThan(0);
  for (const bar of bars) expect(bar.closest('li')).not.toBeNull();
});

test('a placement the signed-in person has not confirmed says so on its card; Confirm confirms it and the focus stays on the card', async () => {
  const fake = fakeWithPlacements();
  fake.placements = fake.placements.map((p) => (p.placementId === 'p3' ? { ...p, needsConfirmation: true } : p));
  renderPane(fake);
  const card = await screen.findByRole('listitem', { name: 'Top cities' });
  expect(within(card).getByRole('note', { name: 'Top cities needs your confirmation' }).textContent).toMatch(/Needs your confirmation/);
  expect(within(item('Orders by status')).queryByRole('button', { name: 'Confirm Orders by status' })).toBeNull();
  await click(within(card).getByRole('button', { name: 'Confirm Top cities' }));
  await settle();
  expect(fake.callsOf('confirmPlacement')).toEqual([['p3']]);
  expect(within(item('Top cities')).queryByRole('note', { name: 'Top cities needs your confirmation' })).toBeNull();
  expect(document.activeElement).toBe(item('Top cities'));
});
