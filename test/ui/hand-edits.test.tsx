/** @jest-environment jsdom */
// Hand edits in the pane: the card's "Edited by hand" line, a refresh stopped by them (Locate, Overwrite, Skip), Refresh all's skipped.
import '../helpers/setup-dom';
import { screen, within } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { RefreshAllSummary } from '../../src/core/service/addin-service';
import { click, settle } from './act-events';
import { gate, samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

const STOP_MESSAGE = '"Orders by status" has cells edited by hand: C7 and C9. Refreshing would overwrite them.';

function handEditedError(): AddinError {
  return new AddinError('handEdited', STOP_MESSAGE, { data: { text: 'C7 and C9', count: 2, exact: true } });
}

function fakeWithPlacements() {
  const fake = signedInFake();
  fake.placements = [
    samplePlacement({ placementId: 'p1', name: 'Orders by status' }),
    samplePlacement({ placementId: 'p2', name: 'Revenue by month', rangeLabel: 'Sheet2!A1:C13', dataRows: 12 }),
  ];
  return fake;
}

function card(name: string): HTMLElement {
  return screen.getByRole('listitem', { name });
}

test('a card with known hand edits says how many cells, or which rows when not exact, with Locate calling the service', async () => {
  const fake = fakeWithPlacements();
  fake.placements = [
    samplePlacement({ placementId: 'p1', name: 'Orders by status', handEdits: { count: 3, exact: true, text: 'C7, C9 and D12' } }),
    samplePlacement({ placementId: 'p2', name: 'Revenue by month', handEdits: { count: 14, exact: false, text: 'cells in rows 7-20' } }),
    samplePlacement({ placementId: 'p3', name: 'Top cities', handEdits: null }),
  ];
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  expect(card('Orders by status').textContent).toContain('Edited by hand: 3 cells');
  expect(card('Revenue by month').textContent).toContain('Edited by hand: cells in rows 7-20');
  expect(card('Top cities').textContent).not.toContain('Edited by hand');
  expect(within(card('Top cities')).queryByRole('button', { name: /^Locate/ })).toBeNull();

  await click(within(card('Revenue by month')).getByRole('button', { name: 'Locate hand edits in Revenue by month' }));
  expect(fake.callsOf('locateHandEdits')).toEqual([['p2']]);
});

test('the list asks the service to look for hand edits when it opens, and shows them once the service says the placements changed', async () => {
  const fake = fakeWithPlacements();
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  expect(fake.callsOf('checkHandEdits')).toHaveLength(1);
  expect(card('Orders by status').textContent).not.toContain('Edited by hand');

  fake.placements = fake.placements.map((p) => (p.placementId === 'p1' ? { ...p, handEdits: { count: 1, exact: true, text: 'C7' } } : p));
  fake.emit({ type: 'placementsChanged' });
  await settle();
  expect(card('Orders by status').textContent).toContain('Edited by hand: 1 cell');
});

test('a refresh stopped by hand edits warns on its card, naming the cells, announced at once, with the focus on Locate', async () => {
  const fake = fakeWithPlacements();
  fake.refreshImpl = async () => {
    throw handEditedError();
  };
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh Orders by status' }));

  const warning = within(card('Orders by status')).getByRole('alert');
  expect(warning.getAttribute('aria-live')).toBe('assertive');
  expect(warning.textContent).toContain('Edited by hand');
  expect(warning.textContent).toContain('C7 and C9');
  // The warning is on the card it concerns, not on another card.
  expect(within(card('Revenue by month')).queryByRole('alert')).toBeNull();
  // A stop for hand edits is a question, not a failed refresh.
  expect(within(card('Orders by status')).queryByText('Failed')).toBeNull();
  const locate = within(warning).getByRole('button', { name: 'Locate' });
  expect(document.activeElement).toBe(locate);
  expect(within(warning).getByRole('button', { name: 'Overwrite' })).toBeTruthy();
  expect(within(warning).getByRole('button', { name: 'Skip this report' })).toBeTruthy();

  await click(locate);
  expect(fake.callsOf('locateHandEdits')).toEqual([['p1']]);
  // Locate leaves the warning in place: the user still has to choose.
  expect(within(card('Orders by status')).getByRole('alert').textContent).toContain('C7 and C9');
});

test('Overwrite refreshes again writing over the hand edits, and the card then says it refreshed', async () => {
  const fake = fakeWithPlacements();
  fake.refreshImpl = async (placementId, options) => {
    if (options.handEdits !== 'overwrite') throw handEditedError();
    return { placementId, dataRows: 10, cols: 3, headerRows: 1, rangeLabel: 'Sheet1!B2:D12', elapsedMs: 40 };
  };
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh Orders by status' }));
  await click(within(card('Orders by status')).getByRole('button', { name: 'Overwrite' }));

  expect(fake.callsOf('refresh')).toEqual([
    ['p1', { jobId: 'job-1' }],
    ['p1', { jobId: 'job-2', handEdits: 'overwrite' }],
  ]);
  const c = card('Orders by status');
  expect(within(c).queryByRole('alert')).toBeNull();
  expect(within(c).getByRole('status').textContent).toContain('Refreshed');
});

test('Skip this report dismisses the warning, writes nothing and gives the focus back to the card', async () => {
  const fake = fakeWithPlacements();
  fake.refreshImpl = async () => {
    throw handEditedError();
  };
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh Orders by status' }));
  await click(within(card('Orders by status')).getByRole('button', { name: 'Skip this report' }));

  expect(within(card('Orders by status')).queryByRole('alert')).toBeNull();
  expect(fake.callsOf('refresh')).toHaveLength(1);
  expect(fake.callsOf('locateHandEdits')).toHaveLength(0);
  expect(document.activeElement).toBe(card('Orders by status'));
});

test('the warning is usable from the keyboard alone: the focus on its first choice, every choice an enabled button in Tab order', async () => {
  const fake = fakeWithPlacements();
  fake.refreshImpl = async () => {
    throw handEditedError();
  };
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh Orders by status' }));
  const warning = within(card('Orders by status')).getByRole('alert');
  const buttons = within(warning).getAllByRole('button');
  // In the order a Tab visits them: the focused first choice, then the others.
  expect(buttons.map((b) => b.textContent)).toEqual(['Locate', 'Overwrite', 'Skip this report']);
  expect(document.activeElement).toBe(buttons[0]);
  expect(buttons.every((b) => !b.hasAttribute('disabled') && b.getAttribute('tabindex') !== '-1')).toBe(true);
});

test('Refresh all lists the reports skipped for hand edits with their reason and a Locate each, and overwrites them on request', async () => {
  const fake = fakeWithPlacements();
  fake.placements.push(samplePlacement({ placementId: 'p3', name: 'Top cities' }));
  const first = gate<RefreshAllSummary>();
  fake.refreshAllImpl = (ids, options) =>
    options.handEdits === 'overwrite'
      ? Promise.resolve({
          total: ids.length,
          done: ids.length,
          failed: 0,
          stopped: 0,
          skipped: 0,
          items: ids.map((placementId) => ({ placementId, item: { state: 'done', dataRows: 1, cols: 1 } })),
        })
      : first.promise;
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  first.resolve({
    total: 3,
    done: 2,
    failed: 0,
    stopped: 0,
    skipped: 1,
    items: [
      { placementId: 'p1', item: { state: 'skipped', reason: STOP_MESSAGE } },
      { placementId: 'p2', item: { state: 'done', dataRows: 12, cols: 3 } },
      { placementId: 'p3', item: { state: 'done', dataRows: 18, cols: 3 } },
    ],
  });
  await settle();

  const bar = screen.getByRole('group', { name: 'Refresh all' });
  expect(within(bar).getByRole('status').textContent).toBe('2 of 3 refreshed, 1 skipped (edited by hand)');
  const skipped = within(bar).getByRole('list', { name: 'Skipped reports' });
  expect(within(skipped).getAllByRole('listitem')).toHaveLength(1);
  expect(skipped.textContent).toContain('Orders by status');
  expect(skipped.textContent).toContain('C7 and C9');
  expect(within(card('Orders by status')).getByText('Skipped')).toBeTruthy();

  await click(within(skipped).getByRole('button', { name: 'Locate hand edits in Orders by status' }));
  expect(fake.callsOf('locateHandEdits')).toEqual([['p1']]);

  await click(within(bar).getByRole('button', { name: 'Overwrite and refresh these' }));
  expect(fake.callsOf('refreshAll')[1]).toEqual([['p1'], { jobId: 'job-2', handEdits: 'overwrite' }]);
  expect(within(screen.getByRole('group', { name: 'Refresh all' })).getByRole('status').textContent).toBe('1 of 1 refreshed');
});
