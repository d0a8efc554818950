/** @jest-environment jsdom */
// Move on a card (the selected cell as the new place, asking before overwriting) and the editor's growth choice.
import '../helpers/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { AddinError } from '../../src/core/errors/addin-error';
import type { MoveOptions, MoveTarget } from '../../src/core/service/addin-service';
import { click, closeDialog, findDialog, settle, findCellTarget } from './act-events';
import { samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';
import { sqlDraft } from '../helpers/sql-draft';

function fakeWithOne() {
  const fake = signedInFake();
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status' })];
  fake.cell = { sheetId: 's1', sheetName: 'Sheet1', row: 10, col: 3, label: 'Sheet1!D11' };
  return fake;
}

test('Move opens at the selected cell, moves the report there, and the card says so', async () => {
  const { fake } = renderPane(fakeWithOne());
  await click(await screen.findByRole('button', { name: 'Move Orders by status' }, { timeout: 10_000 }));
  const dialog = await findCellTarget('Move Orders by status');
  expect(await within(dialog).findByText('Move to Sheet1!D11')).toBeTruthy();
  await click(within(dialog).getByRole('button', { name: 'Move here' }));
  await settle();
  expect(fake.callsOf('movePlacement')).toEqual([['p1', fake.cell, { jobId: expect.any(String), overwrite: false }]]);
  const card = await screen.findByRole('listitem', { name: 'Orders by status' }, { timeout: 10_000 });
  await waitFor(() => expect(card.textContent).toContain('Moved'), { timeout: 10_000 });
  expect(card.textContent).toContain('Sheet1!D11');
});

test('Cancel in the Move dialog moves nothing', async () => {
  const { fake } = renderPane(fakeWithOne());
  await click(await screen.findByRole('button', { name: 'Move Orders by status' }, { timeout: 10_000 }));
  const dialog = await findCellTarget('Move Orders by status');
  await closeDialog(dialog, 'Cancel');
  expect(fake.callsOf('movePlacement')).toEqual([]);
});

test('user cells at the new place are named and overwritten only after Overwrite', async () => {
  const fake = fakeWithOne();
  fake.moveImpl = async (placementId: string, target: MoveTarget, options: MoveOptions) => {
    if (options.overwrite !== true) throw new AddinError('blocked', 'Cells D12 are not empty.', { data: { cells: ['D12'], total: 1 } });
    const rangeLabel = `${target === 'selection' ? '' : target.label}:F21`;
    fake.placements = fake.placements.map((p) => ({ ...p, rangeLabel }));
    return { placementId, dataRows: 10, cols: 3, headerRows: 1, rangeLabel, elapsedMs: 1 };
  };
  renderPane(fake);
  await click(await screen.findByRole('button', { name: 'Move Orders by status' }, { timeout: 10_000 }));
  await click(within(await findCellTarget('Move Orders by status')).getByRole('button', { name: 'Move here' }));
  await settle();
  const question = await waitFor(() => findDialog('Overwrite cells?'), { timeout: 10_000 });
  expect(question.textContent).toContain('D12');
  await click(within(question).getByRole('button', { name: 'Overwrite' }));
  await settle();
  const card = await screen.findByRole('listitem', { name: 'Orders by status' }, { timeout: 10_000 });
  await waitFor(() => expect(card.textContent).toContain('Moved'), { timeout: 10_000 });
  expect(fake.callsOf('movePlacement').map((args) => (args[2] as MoveOptions).overwrite)).toEqual([false, true]);
});

test('another report at the new place is not offered to be overwritten: the card shows why', async () => {
  const fake = fakeWithOne();
  fake.moveImpl = async () => {
    throw new AddinError('blocked', 'Placing "Orders by status" here would overwrite the report "Cities" at D12.', {
      data: { cells: ['D12'], otherPlacement: true },
    });
  };
  renderPane(fake);
  await click(await screen.findByRole('button', { name: 'Move Orders by status' }, { timeout: 10_000 }));
  await click(within(await findCellTarget('Move Orders by status')).getByRole('button', { name: 'Move here' }));
  await settle();
  const card = await screen.findByRole('listitem', { name: 'Orders by status' }, { timeout: 10_000 });
  await waitFor(() => expect(card.textContent).toContain('the report "Cities"'), { timeout: 10_000 });
  expect(screen.queryByRole('alertdialog', { name: 'Overwrite cells?' })).toBeNull();
  expect(fake.callsOf('movePlacement')).toHaveLength(1);
});

test('the editor of a placed report keeps "When rows are added below" as it is chosen', async () => {
  const fake = fakeWithOne();
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status', growth: 'overwrite' })];
  fake.drafts['p1'] = sqlDraft('Orders by status', 'SELECT 1');
  renderPane(fake);
  await click(await screen.findByRole('button', { name: 'Edit Orders by status' }, { timeout: 10_000 }));
  const group = await screen.findByRole('radiogroup', { name: 'When rows are added below' });
  expect((within(group).getByRole('radio', { name: 'Overwrite' }) as HTMLInputElement).checked).toBe(true);
  await click(within(group).getByRole('radio', { name: 'Insert rows' }));
  await settle();
  expect(fake.callsOf('setPlacementGrowth')).toEqual([['p1', 'insertRows']]);
  expect((within(group).getByRole('radio', { name: 'Insert rows' }) as HTMLInputElement).checked).toBe(true);
});
