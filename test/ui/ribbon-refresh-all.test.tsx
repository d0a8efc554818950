/** @jest-environment jsdom */
// A Refresh all started outside the pane (Excel's ribbon): the pane shows it as its run, with links to the failed cards.
import '../helpers/setup-dom';
import { act, screen, within } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { JobItemState, RefreshAllSummary } from '../../src/core/service/addin-service';
import { createRefreshAllFeed } from '../../src/ui/refresh-all-feed';
import { click, settle } from './act-events';
import { gate, samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

const ORPHANED: JobItemState = {
  state: 'failed',
  kind: 'notFound',
  message: 'Its cells were deleted: remove it, or insert the report again.',
};
const DONE: JobItemState = { state: 'done', dataRows: 1, cols: 2 };
const card = (name: string) => screen.getByRole('listitem', { name });
const bar = () => screen.getByRole('group', { name: 'Refresh all' });

function fakeWithThree() {
  const fake = signedInFake();
  fake.placements = [
    samplePlacement({ placementId: 'p1', name: 'One', rangeLabel: 'Sheet1!B2:C4' }),
    samplePlacement({ placementId: 'p2', name: 'Two', rangeLabel: 'Sheet1!E2:F4' }),
    samplePlacement({ placementId: 'p3', name: 'Gone', rangeLabel: null, status: 'orphaned' }),
  ];
  return fake;
}

test('the ribbon run replaces what the cards said, counts the orphan as failed, and its links focus the failed cards', async () => {
  const fake = fakeWithThree();
  fake.refreshImpl = async (placementId) => ({
    placementId,
    dataRows: 2,
    cols: 2,
    headerRows: 1,
    rangeLabel: 'Sheet1!B2:C4',
    elapsedMs: 30,
  });
  const feed = createRefreshAllFeed();
  renderPane(fake, { refreshAllFeed: feed });
  await click(await screen.findByRole('button', { name: 'Refresh One' }));
  await settle();
  expect(within(card('One')).getByRole('status').textContent).toContain('Refreshed');

  const summary = gate<RefreshAllSummary>();
  act(() =>
    feed.publish({
      jobId: 'ribbon-1',
      placementIds: ['p1', 'p2', 'p3'],
      settled: [{ placementId: 'p3', item: ORPHANED }],
      summary: summary.promise,
    }),
  );
  await settle();
  // The older "Refreshed" outcome of One is gone: the card shows the ribbon run's state only.
  expect(within(card('One')).queryByRole('status')).toBeNull();
  expect(within(card('One')).getByText('Queued')).toBeTruthy();
  expect(within(bar()).getByRole('button', { name: 'Stop' })).toBeTruthy();

  act(() => {
    fake.emit({ type: 'item', jobId: 'ribbon-1', placementId: 'p1', item: DONE });
    fake.emit({ type: 'item', jobId: 'ribbon-1', placementId: 'p2', item: { state: 'failed', kind: 'query', message: 'Bad SQL' } });
  });
  await act(async () =>
    summary.resolve({
      total: 3,
      done: 1,
      failed: 2,
      stopped: 0,
      skipped: 0,
      items: [
        { placementId: 'p1', item: DONE },
        { placementId: 'p2', item: { state: 'failed', kind: 'query', message: 'Bad SQL' } },
        { placementId: 'p3', item: ORPHANED },
      ],
    }),
  );
  await settle();
  expect(within(bar()).getByRole('status').textContent).toBe('1 of 3 refreshed, 2 failed');
  const failed = within(bar()).getByRole('list', { name: 'Failed reports' });
  const links = within(failed).getAllByRole('button');
  expect(links.map((l) => l.textContent)).toEqual(['Two', 'Gone']);
  expect(within(card('Two')).getByText('Failed')).toBeTruthy();
  expect(within(card('Gone')).getByText('Orphaned')).toBeTruthy();
  expect(within(card('One')).getByText('Up to date')).toBeTruthy();

  await click(within(failed).getByRole('button', { name: 'Two' }));
  expect(document.activeElement).toBe(card('Two'));
  await click(within(failed).getByRole('button', { name: 'Gone' }));
  expect(document.activeElement).toBe(card('Gone'));
  // Cards are focused by these links, never tab stops of their own.
  expect(card('One').getAttribute('tabindex')).toBe('-1');
});

test('a ribbon run that ended before the pane was shown is its summary when the pane opens', async () => {
  const fake = fakeWithThree();
  const feed = createRefreshAllFeed();
  feed.publish({
    jobId: 'ribbon-1',
    placementIds: ['p1', 'p2'],
    settled: [],
    summary: Promise.resolve({
      total: 2,
      done: 2,
      failed: 0,
      stopped: 0,
      skipped: 0,
      items: [
        { placementId: 'p1', item: DONE },
        { placementId: 'p2', item: DONE },
      ],
    }),
  });
  renderPane(fake, { refreshAllFeed: feed });
  await screen.findByRole('listitem', { name: 'One' });
  await settle();
  expect(within(bar()).getByRole('status').textContent).toBe('2 of 2 refreshed');
  expect(within(bar()).queryByRole('list', { name: 'Failed reports' })).toBeNull();
  expect(within(bar()).getByRole('button', { name: 'Done' })).toBeTruthy();
});

test('a ribbon Refresh all that could not begin says why in the pane, without a run', async () => {
  const fake = fakeWithThree();
  const feed = createRefreshAllFeed();
  renderPane(fake, { refreshAllFeed: feed });
  await screen.findByRole('listitem', { name: 'One' });
  const failure = Promise.reject(new AddinError('hostBusy', 'Excel is busy: leave the cell you are editing, then try again.'));
  act(() => feed.publish({ jobId: 'ribbon-2', placementIds: [], settled: [], summary: failure }));
  await settle();
  expect(screen.queryByRole('group', { name: 'Refresh all' })).toBeNull();
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Excel is busy');
});
