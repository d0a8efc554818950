/** @jest-environment jsdom */
// What a refresh changed on its card: the words, Show changes, Undo refresh (progress, outcome, error, unavailable), one outcome at a time.
import '../helpers/setup-dom';
import { screen, within } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { ChangesView, RunOutcome } from '../../src/core/service/addin-service';
import { click, settle } from './act-events';
import { gate, samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

const TWO_CELLS: ChangesView = { text: '2 cells changed', changedCells: 2, rowsAdded: 0, rowsRemoved: 0, colsAdded: 0, colsRemoved: 0 };
const NONE: ChangesView = { text: 'No changes', changedCells: 0, rowsAdded: 0, rowsRemoved: 0, colsAdded: 0, colsRemoved: 0 };

function refreshed(placementId: string, extra: Partial<RunOutcome>): RunOutcome {
  return { placementId, dataRows: 18, cols: 3, headerRows: 1, rangeLabel: 'Sheet1!B2:D20', elapsedMs: 40, ...extra };
}

function fakeWithOne() {
  const fake = signedInFake();
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status' })];
  return fake;
}

function card(): HTMLElement {
  return screen.getByRole('listitem', { name: 'Orders by status' });
}

async function refresh(): Promise<void> {
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh Orders by status' }));
}

test('after a refresh the card says what changed, and Show changes asks the service to select the changed cells', async () => {
  const fake = fakeWithOne();
  fake.refreshImpl = async (id) => refreshed(id, { changes: TWO_CELLS, undo: { available: true } });
  renderPane(fake);
  await refresh();
  const outcome = within(card()).getByRole('status');
  expect(outcome.textContent).toContain('Refreshed');
  expect(outcome.textContent).toContain('2 cells changed');
  await click(within(outcome).getByRole('button', { name: 'Show changes' }));
  expect(fake.callsOf('showChanges')).toEqual([['p1']]);
});

test('a refresh that changed nothing says "No changes" and offers nothing to show', async () => {
  const fake = fakeWithOne();
  fake.refreshImpl = async (id) => refreshed(id, { changes: NONE, undo: { available: true } });
  renderPane(fake);
  await refresh();
  const outcome = within(card()).getByRole('status');
  expect(outcome.textContent).toContain('No changes');
  expect(within(outcome).queryByRole('button', { name: 'Show changes' })).toBeNull();
});

test('Undo refresh shows its progress, then what it put back, and reads the list again', async () => {
  const fake = fakeWithOne();
  fake.refreshImpl = async (id) => refreshed(id, { changes: TWO_CELLS, undo: { available: true } });
  const undone = gate<RunOutcome>();
  fake.undoRefreshImpl = () => undone.promise;
  renderPane(fake);
  await refresh();
  await click(within(card()).getByRole('button', { name: 'Undo refresh' }));
  expect(fake.callsOf('undoRefresh')).toEqual([['p1', { jobId: 'job-2' }]]);
  // One outcome on the card: the progress replaced the refresh's outcome; the card's writing actions wait for it.
  expect(within(card()).getAllByRole('status')).toHaveLength(1);
  expect(within(card()).getByRole('status').textContent).toContain('Undoing the refresh');
  expect(card().textContent).not.toContain('2 cells changed');
  expect(within(card()).getByRole('button', { name: 'Refresh Orders by status' }).hasAttribute('disabled')).toBe(true);

  const listsBefore = fake.callsOf('listPlacements').length;
  undone.resolve(refreshed('p1', { changes: TWO_CELLS, undo: { available: true } }));
  await settle();
  const outcome = within(card()).getByRole('status');
  expect(outcome.textContent).toContain('Refresh undone');
  expect(outcome.textContent).toContain('2 cells changed');
  // The undo is not undone again from its own outcome.
  expect(within(outcome).queryByRole('button', { name: 'Undo refresh' })).toBeNull();
  expect(fake.callsOf('listPlacements').length).toBeGreaterThan(listsBefore);
  expect(within(card()).getByRole('button', { name: 'Refresh Orders by status' }).hasAttribute('disabled')).toBe(false);
});

test('Cancel undo stops the undo job; a failed undo shows its error on the card', async () => {
  const fake = fakeWithOne();
  fake.refreshImpl = async (id) => refreshed(id, { changes: TWO_CELLS, undo: { available: true } });
  const undone = gate<RunOutcome>();
  fake.undoRefreshImpl = () => undone.promise;
  renderPane(fake);
  await refresh();
  await click(within(card()).getByRole('button', { name: 'Undo refresh' }));
  await click(within(card()).getByRole('button', { name: 'Cancel undo' }));
  expect(fake.callsOf('cancel')).toEqual([['job-2']]);
  undone.reject(new AddinError('host', 'The spreadsheet refused to put the cells back.'));
  await settle();
  const error = within(card()).getByRole('alert');
  expect(error.textContent).toContain('The spreadsheet refused to put the cells back.');
  expect(within(card()).queryByText(/Undoing the refresh/)).toBeNull();
});

test('when the refresh cannot be undone the card says why, in text, and offers no Undo', async () => {
  const fake = fakeWithOne();
  fake.refreshImpl = async (id) => refreshed(id, { changes: TWO_CELLS, undo: { available: false, reason: 'too large to undo' } });
  renderPane(fake);
  await refresh();
  const outcome = within(card()).getByRole('status');
  expect(outcome.textContent).toContain('Undo refresh unavailable: too large to undo');
  expect(within(card()).queryByRole('button', { name: 'Undo refresh' })).toBeNull();
});

test('a card without an outcome of its own shows what the last refresh changed (e.g. after Refresh all), with its tools', async () => {
  const fake = signedInFake();
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status', lastChanges: TWO_CELLS, undo: { available: true } })];
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  expect(card().textContent).toContain('Last refresh: 2 cells changed');
  await click(within(card()).getByRole('button', { name: 'Show changes' }));
  expect(fake.callsOf('showChanges')).toEqual([['p1']]);
  await click(within(card()).getByRole('button', { name: 'Undo refresh' }));
  expect(fake.callsOf('undoRefresh')).toEqual([['p1', { jobId: 'job-1' }]]);
  // The undo's outcome replaces the line: one account of the cells at a time.
  expect(card().textContent).toContain('Refresh undone');
  expect(card().textContent).not.toContain('Last refresh:');
});

test('an orphaned card (its cells deleted) offers neither Show changes nor Undo refresh for its last refresh', async () => {
  const fake = signedInFake();
  fake.placements = [
    samplePlacement({ placementId: 'p1', name: 'Orders by status', rangeLabel: null, lastChanges: TWO_CELLS, undo: { available: true } }),
  ];
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  expect(card().textContent).not.toContain('Last refresh:');
  expect(within(card()).queryByRole('button', { name: 'Undo refresh' })).toBeNull();
  expect(within(card()).queryByRole('button', { name: 'Show changes' })).toBeNull();
});

test("the card shows its newest outcome only: a second refresh replaces the first one's box, a hand-edit stop replaces both", async () => {
  const fake = fakeWithOne();
  let n = 0;
  fake.refreshImpl = async (id) => {
    n += 1;
    if (n === 3)
      throw new AddinError('handEdited', '"Orders by status" has cells edited by hand: C7. Refreshing would overwrite them.', {
        data: { text: 'C7', count: 1, exact: true },
      });
    return refreshed(id, { changes: n === 1 ? TWO_CELLS : NONE, undo: { available: true } });
  };
  renderPane(fake);
  await refresh();
  expect(within(card()).getByRole('status').textContent).toContain('2 cells changed');
  await click(within(card()).getByRole('button', { name: 'Refresh Orders by status' }));
  expect(within(card()).getAllByRole('status')).toHaveLength(1);
  expect(card().textContent).toContain('No changes');
  expect(card().textContent).not.toContain('2 cells changed');
  await click(within(card()).getByRole('button', { name: 'Refresh Orders by status' }));
  expect(within(card()).queryAllByRole('status')).toHaveLength(0);
  expect(within(card()).getByRole('alert').textContent).toContain('C7');
  expect(card().textContent).not.toContain('No changes');
});

test('after Undo refresh puts hand edits back, the card says "Edited by hand" beside the undo, with Locate', async () => {
  const fake = fakeWithOne();
  fake.refreshImpl = async (id) => refreshed(id, { changes: TWO_CELLS, undo: { available: true } });
  // The service knows the cells it put back hold hand edits (the refresh had overwritten them): the list says so.
  fake.undoRefreshImpl = async (id) => {
    fake.placements = fake.placements.map((p) => ({ ...p, handEdits: { count: 1, exact: true, text: 'C7' } }));
    return refreshed(id, {});
  };
  renderPane(fake);
  await refresh();
  await click(within(card()).getByRole('button', { name: 'Undo refresh' }));
  await settle();
  expect(within(card()).getByRole('status').textContent).toContain('Refresh undone');
  expect(card().textContent).toContain('Edited by hand: 1 cell');
  await click(within(card()).getByRole('button', { name: 'Locate hand edits in Orders by status' }));
  expect(fake.callsOf('locateHandEdits')).toEqual([['p1']]);
});
