/** @jest-environment jsdom */
// Card and message text that must not go stale or contradict itself: moved areas, removed reports, a repeated title.
import '../helpers/setup-dom';
import { act, screen, within } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { RefreshAllSummary, RunOutcome } from '../../src/core/service/addin-service';
import { change, click, settle } from './act-events';
import { gate, samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

test('a card drops "Refreshed ... at <area>" once the report has moved elsewhere (rows inserted above it)', async () => {
  const fake = signedInFake();
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status', rangeLabel: 'Sheet1!G2:H7' })];
  fake.refreshImpl = async (placementId) => ({
    placementId,
    dataRows: 5,
    cols: 2,
    headerRows: 1,
    rangeLabel: 'Sheet1!G2:H7',
    elapsedMs: 40,
  });
  renderPane(fake);
  await click(await screen.findByRole('button', { name: 'Refresh Orders by status' }));
  await settle();
  const card = () => screen.getByRole('listitem', { name: 'Orders by status' });
  expect(card().textContent).toContain('at Sheet1!G2:H7');

  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status', rangeLabel: 'Sheet1!G4:H9' })];
  act(() => fake.emit({ type: 'placementsChanged' }));
  await settle();
  expect(card().textContent).toContain('Sheet1!G4:H9');
  expect(card().textContent).not.toContain('G2:H7');
});

test('a finished Refresh all counts only the reports still in the list', async () => {
  const fake = signedInFake();
  fake.placements = [
    samplePlacement({ placementId: 'p1', name: 'One' }),
    samplePlacement({ placementId: 'p2', name: 'Two', rangeLabel: 'Sheet1!H2:I4' }),
  ];
  const run = gate<RefreshAllSummary>();
  fake.refreshAllImpl = () => run.promise;
  renderPane(fake);
  await screen.findByRole('listitem', { name: 'Two' });
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  await act(async () =>
    run.resolve({
      total: 2,
      done: 2,
      failed: 0,
      stopped: 0,
      skipped: 0,
      items: [
        { placementId: 'p1', item: { state: 'done', dataRows: 1, cols: 1 } },
        { placementId: 'p2', item: { state: 'done', dataRows: 1, cols: 1 } },
      ],
    }),
  );
  await settle();
  const bar = screen.getByRole('group', { name: 'Refresh all' });
  expect(within(bar).getByRole('status').textContent).toBe('2 of 2 refreshed');

  fake.placements = [samplePlacement({ placementId: 'p1', name: 'One' })];
  act(() => fake.emit({ type: 'placementsChanged' }));
  await settle();
  expect(within(screen.getByRole('group', { name: 'Refresh all' })).getByRole('status').textContent).toBe('1 of 1 refreshed');
});

test('a cancelled insert says "Cancelled" once', async () => {
  const fake = signedInFake();
  const held = gate<RunOutcome>();
  fake.insertImpl = () => held.promise;
  renderPane(fake);
  await screen.findByDisplayValue('Production');
  await click(screen.getByRole('button', { name: 'New report' }));
  await change(screen.getByRole('textbox', { name: /Report name/ }), 'Orders by status');
  await click(screen.getByRole('tab', { name: 'SQL' }));
  await change(screen.getByRole('textbox', { name: /^SQL/ }), 'SELECT 1');
  await screen.findByText('Insert at Sheet1!B2');
  await click(screen.getByRole('button', { name: 'Insert' }));
  await act(async () => held.reject(new AddinError('cancelled', 'Cancelled. Nothing was changed.')));
  await settle();
  const bar = screen.getByRole('status');
  expect(bar.textContent?.match(/Cancelled/g)).toHaveLength(1);
});

test('a card whose Refresh all was stopped says "Not refreshed" and never "refreshed just now" for the refresh that did not happen', async () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  const fake = signedInFake();
  // Refreshed 20 s before the run: within "just now", but not by this run.
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'One', refreshedAt: new Date(now - 20_000).toISOString() })];
  const run = gate<RefreshAllSummary>();
  fake.refreshAllImpl = () => run.promise;
  renderPane(fake, { nowMs: now });
  await screen.findByRole('listitem', { name: 'One' });
  await click(screen.getByRole('button', { name: 'Refresh all' }));
  await act(async () =>
    run.resolve({ total: 1, done: 0, failed: 0, stopped: 1, skipped: 0, items: [{ placementId: 'p1', item: { state: 'stopped' } }] }),
  );
  await settle();
  const card = screen.getByRole('listitem', { name: 'One' });
  expect(within(card).getByText('Not refreshed')).toBeTruthy();
  expect(card.textContent).not.toContain('just now');
  expect(card.textContent).toMatch(/last refreshed at \d/);
  expect(card.querySelector('time')?.getAttribute('dateTime')).toBe(new Date(now - 20_000).toISOString());
});

test('a refresh refused for an empty bound cell says what to enter there, with no form hint on the card', async () => {
  const fake = signedInFake();
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status' })];
  fake.refreshImpl = async () => {
    throw new AddinError('validation', 'The parameter cell Inputs!B2 is empty. Enter text in Inputs!B2, then refresh.', {
      data: { cell: 'Inputs!B2', type: 'string' },
    });
  };
  renderPane(fake);
  await click(await screen.findByRole('button', { name: 'Refresh Orders by status' }));
  await settle();
  const alert = within(screen.getByRole('listitem', { name: 'Orders by status' })).getByRole('alert');
  expect(alert.textContent).toContain('Enter text in Inputs!B2, then refresh.');
  expect(alert.textContent).not.toContain('Correct the fields');
});
