/** @jest-environment jsdom */
// Where the focus goes after an action takes away the control it was on: Move here, Place here, Insert again, Stop,
// Refresh failed, Escape in a cell-target dialog, sign out; and nothing of an account signed out stays on screen.
import '../helpers/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RefreshAllSummary } from '../../src/core/service/addin-service';
import { change, click, findCellTarget, settle } from './act-events';
import { gate, samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

function fakeWithOne(overrides: Parameters<typeof samplePlacement>[0] = {}) {
  const fake = signedInFake();
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status', ...overrides })];
  fake.cell = { sheetId: 's1', sheetName: 'Sheet1', row: 10, col: 3, label: 'Sheet1!D11' };
  return fake;
}

const focusedCard = (name: string) => waitFor(() => expect(document.activeElement).toBe(screen.getByRole('listitem', { name })));

test('the Move dialog is not modal; Escape gives the focus back to Move, and Move here to the moved card', async () => {
  renderPane(fakeWithOne());
  const move = await screen.findByRole('button', { name: 'Move Orders by status' });
  move.focus();
  await click(move);
  const dialog = await findCellTarget('Move Orders by status');
  expect(dialog.getAttribute('aria-modal')).toBe('false');
  expect(dialog.contains(document.activeElement)).toBe(true);
  // The list (and, in the preview, the sheet) stays readable and clickable beside it.
  expect(screen.getByRole('listitem', { name: 'Orders by status' })).toBeTruthy();
  await act(async () => {
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
  });
  expect(screen.queryByRole('dialog', { name: 'Move Orders by status' })).toBeNull();
  expect(document.activeElement).toBe(move);

  await click(move);
  await click(within(await findCellTarget('Move Orders by status')).getByRole('button', { name: 'Move here' }));
  await settle();
  await focusedCard('Orders by status');
});

test('Place here gives the focus to the new card; Insert again to the card it placed', async () => {
  const { fake } = renderPane(fakeWithOne());
  await click(await screen.findByRole('button', { name: 'Place Orders by status again' }));
  await click(within(await findCellTarget('Place Orders by status again')).getByRole('button', { name: 'Place here' }));
  await settle();
  await focusedCard('Placed p1');

  fake.placements = [
    samplePlacement({ placementId: 'p1', name: 'Orders by status', rangeLabel: null, sheetName: null, status: 'orphaned' }),
  ];
  act(() => fake.emit({ type: 'placementsChanged' }));
  const insertAgain = await screen.findByRole('button', { name: 'Insert Orders by status again at the selected cell' });
  insertAgain.focus();
  await click(insertAgain);
  await settle();
  await focusedCard('Orders by status');
});

test('Stop gives the focus to the stopped run’s first button, Refresh failed to Stop', async () => {
  const fake = fakeWithOne();
  const run = gate<RefreshAllSummary>();
  fake.refreshAllImpl = () => run.promise;
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  const stop = screen.getByRole('button', { name: 'Stop' });
  stop.focus();
  await click(stop);
  // Stopping, it stays focusable (a browser drops the focus of a button that turns disabled) until the run has ended.
  expect(stop.getAttribute('aria-disabled')).toBe('true');
  expect((stop as HTMLButtonElement).disabled).toBe(false);
  expect(document.activeElement).toBe(stop);
  await act(async () =>
    run.resolve({
      total: 1,
      done: 0,
      failed: 1,
      stopped: 0,
      skipped: 0,
      items: [{ placementId: 'p1', item: { state: 'failed', kind: 'server', message: 'The platform failed.' } }],
    }),
  );
  await settle();
  const retry = screen.getByRole('button', { name: 'Refresh failed' });
  expect(document.activeElement).toBe(retry);
  fake.refreshAllImpl = () => gate<RefreshAllSummary>().promise;
  await click(retry);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stop' }));
});

test('sign out puts the focus in the sign-in form, and the next account sees no Refresh all summary of the last', async () => {
  const fake = fakeWithOne();
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Orders by status' });
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  await settle();
  expect(screen.getByRole('group', { name: 'Refresh all' })).toBeTruthy();
  await click(screen.getByRole('button', { name: 'Sign out' }));
  const key = await screen.findByLabelText(/API key/);
  expect(document.activeElement).toBe(key);
  await change(key, fake.validKey);
  await click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('listitem', { name: 'Orders by status' });
  expect(screen.queryByRole('group', { name: 'Refresh all' })).toBeNull();
});
