/** @jest-environment jsdom */
// The editor's filter summary and cell note switches: kept as they change, put back when refused, disabled where notes cannot be kept.
import '../helpers/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { PlacementView } from '../../src/core/service/addin-service';
import { click, settle } from './act-events';
import { samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';
import { sqlDraft } from '../helpers/sql-draft';

function fakeEditing(view: Partial<PlacementView> = {}) {
  const fake = signedInFake();
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status', ...view })];
  fake.drafts['p1'] = sqlDraft('Orders by status', 'SELECT 1');
  return fake;
}

async function openEditor() {
  await click(await screen.findByRole('button', { name: 'Edit Orders by status' }, { timeout: 10_000 }));
  const summary = (await screen.findByRole('switch', { name: 'Filter summary above the table' }, { timeout: 10_000 })) as HTMLInputElement;
  const note = screen.getByRole('switch', { name: 'Note on the first cell' }) as HTMLInputElement;
  return { summary, note };
}

test('both switches start off and each change is kept as it is made', async () => {
  const { fake } = renderPane(fakeEditing());
  const { summary, note } = await openEditor();
  expect([summary.checked, note.checked]).toEqual([false, false]);
  await click(summary);
  await settle();
  await click(note);
  await settle();
  expect(fake.callsOf('setPlacementContext')).toEqual([
    ['p1', { filterSummary: true }],
    ['p1', { anchorNote: true }],
  ]);
  expect([summary.checked, note.checked]).toEqual([true, true]);
});

test('a refused change puts the switch back and says why', async () => {
  const fake = fakeEditing({ filterSummary: true });
  fake.contextImpl = async () => {
    throw new AddinError('handEdited', '"Orders by status" has cells edited by hand: C4. Refreshing would overwrite them.');
  };
  renderPane(fake);
  const { summary } = await openEditor();
  expect(summary.checked).toBe(true);
  await click(summary);
  await settle();
  await waitFor(() => expect(summary.checked).toBe(true), { timeout: 10_000 });
  const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
  expect(alert.textContent).toContain('cells edited by hand: C4');
});

test('where the host cannot keep notes, the note switch is disabled and says why', async () => {
  renderPane(fakeEditing({ notesUnsupported: 'This version of Excel cannot add cell notes from an add-in.' }));
  const { note } = await openEditor();
  expect(note.disabled).toBe(true);
  const described = (note.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
  expect(described).toContain('This version of Excel cannot add cell notes from an add-in.');
});
