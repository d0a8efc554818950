/** @jest-environment jsdom */
// Placing what exists: Place again… on a card, Insert again at the selected cell on an orphan, Place existing report… by id.
import '../helpers/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { PlaceOptions } from '../../src/core/service/addin-service';
import { click, findDialog, settle, findCellTarget } from './act-events';
import { samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

/** The home screen's Place existing report… once the workbook's context is read (it is disabled until then). */
async function enabledPlaceExisting(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Place existing report…' }, { timeout: 10_000 });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), { timeout: 10_000 });
  return button;
}

function fakeWithOne(overrides: Parameters<typeof samplePlacement>[0] = {}) {
  const fake = signedInFake();
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status', ...overrides })];
  fake.cell = { sheetId: 's1', sheetName: 'Sheet1', row: 10, col: 3, label: 'Sheet1!D11' };
  return fake;
}

test('Place again… places the report at the selected cell as a new card that says so', async () => {
  const { fake } = renderPane(fakeWithOne());
  await click(await screen.findByRole('button', { name: 'Place Orders by status again' }, { timeout: 10_000 }));
  const dialog = await findCellTarget('Place Orders by status again');
  expect(await within(dialog).findByText('Place at Sheet1!D11')).toBeTruthy();
  await click(within(dialog).getByRole('button', { name: 'Place here' }));
  await settle();
  expect(fake.callsOf('placeAgain')).toEqual([['p1', fake.cell, { jobId: expect.any(String), overwrite: false }]]);
  const card = await screen.findByRole('listitem', { name: 'Placed p1' }, { timeout: 10_000 });
  await waitFor(() => expect(card.textContent).toContain('Placed again'), { timeout: 10_000 });
  expect(card.textContent).toContain('Sheet1!D11');
  expect(screen.queryByRole('dialog', { name: 'Place Orders by status again' })).toBeNull();
});

test('Place again over user cells asks first, and Overwrite places it with overwrite', async () => {
  const fake = fakeWithOne();
  const place = fake.placeImpl;
  fake.placeImpl = async (what, target, options) => {
    if (options.overwrite !== true) throw new AddinError('blocked', 'Cell D12 is not empty.', { data: { cells: ['D12'], total: 1 } });
    return place(what, target, options);
  };
  renderPane(fake);
  await click(await screen.findByRole('button', { name: 'Place Orders by status again' }, { timeout: 10_000 }));
  await click(within(await findCellTarget('Place Orders by status again')).getByRole('button', { name: 'Place here' }));
  await settle();
  const question = await waitFor(() => findDialog('Overwrite cells?'), { timeout: 10_000 });
  expect(question.textContent).toContain('D12');
  await click(within(question).getByRole('button', { name: 'Overwrite' }));
  await settle();
  await screen.findByRole('listitem', { name: 'Placed p1' }, { timeout: 10_000 });
  expect(fake.callsOf('placeAgain').map((args) => (args[2] as PlaceOptions).overwrite)).toEqual([false, true]);
});

test('an orphaned card offers Insert again at the selected cell, and afterwards has its cells', async () => {
  const fake = fakeWithOne({ rangeLabel: null, sheetName: null, status: 'orphaned' });
  renderPane(fake);
  const card = await screen.findByRole('listitem', { name: 'Orders by status' }, { timeout: 10_000 });
  await click(within(card).getByRole('button', { name: 'Insert Orders by status again at the selected cell' }));
  await settle();
  expect(fake.callsOf('replaceOrphan')).toEqual([['p1', 'selection', { jobId: expect.any(String), overwrite: false }]]);
  await waitFor(() => expect(card.textContent).toContain('Inserted again'), { timeout: 10_000 });
  expect(card.textContent).toContain('Sheet1!D11:D12');
  expect(within(card).queryByRole('button', { name: 'Insert Orders by status again at the selected cell' })).toBeNull();
});

test('a card with cells offers no Insert again', async () => {
  renderPane(fakeWithOne());
  const card = await screen.findByRole('listitem', { name: 'Orders by status' }, { timeout: 10_000 });
  expect(within(card).queryByRole('button', { name: 'Insert Orders by status again at the selected cell' })).toBeNull();
});

test('Place existing report… places a pasted id at the selected cell, one placement id for every attempt', async () => {
  const fake = fakeWithOne();
  const place = fake.placeImpl;
  fake.placeImpl = async (what, target, options) => {
    if (options.overwrite !== true) throw new AddinError('blocked', 'Cell D12 is not empty.', { data: { cells: ['D12'], total: 1 } });
    return place(what, target, options);
  };
  renderPane(fake);
  await click(await enabledPlaceExisting());
  const dialog = await findCellTarget('Place existing report');
  const placeHere = within(dialog).getByRole('button', { name: 'Place here' });
  expect(placeHere.getAttribute('aria-disabled')).toBe('true');
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Report id or link/ }), { target: { value: '42' } });
  await waitFor(() => expect(placeHere.getAttribute('aria-disabled')).not.toBe('true'), { timeout: 10_000 });
  await click(placeHere);
  await settle();
  await click(within(await waitFor(() => findDialog('Overwrite cells?'), { timeout: 10_000 })).getByRole('button', { name: 'Overwrite' }));
  await settle();
  await screen.findByRole('listitem', { name: 'Placed 42' }, { timeout: 10_000 });
  await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Placed at Sheet1!D11:D12'))).toBe(true), {
    timeout: 10_000,
  });
  const calls = fake.callsOf('placeReport');
  expect(calls.map((args) => [args[0], (args[2] as PlaceOptions).overwrite])).toEqual([
    ['42', false],
    ['42', true],
  ]);
  const ids = calls.map((args) => (args[2] as PlaceOptions).placementId);
  expect(ids[0]).toMatch(/^[0-9A-Za-z]{12}$/);
  expect(ids[1]).toBe(ids[0]);
});

test('a reference the service refuses is shown in the dialog, which stays open to correct it', async () => {
  const fake = fakeWithOne();
  fake.placeImpl = async () => {
    throw new AddinError(
      'forbidden',
      'Your API key cannot read report 42 in deployment 1 (the platform answered 403). Nothing was written or recorded.',
    );
  };
  renderPane(fake);
  await click(await enabledPlaceExisting());
  const dialog = await findCellTarget('Place existing report');
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Report id or link/ }), { target: { value: '42' } });
  await click(within(dialog).getByRole('button', { name: 'Place here' }));
  await settle();
  await waitFor(() => expect(dialog.textContent).toContain('cannot read report 42'), { timeout: 10_000 });
  expect((within(dialog).getByRole('textbox', { name: /Report id or link/ }) as HTMLInputElement).value).toBe('42');
  // The dialog is not modal: the list stays readable beside it, the placement already there and no new one.
  expect(screen.getByRole('listitem', { name: 'Orders by status' })).toBeTruthy();
  expect(screen.queryByRole('listitem', { name: 'Placed 42' })).toBeNull();
});
