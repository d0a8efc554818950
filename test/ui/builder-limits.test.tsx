/** @jest-environment jsdom */
// The builder's Limit and Order say what they do: the real bound of a limit, a limit past a sheet's rows, a sort dropped with its member.
import '../helpers/setup-dom';
import { screen, within } from '@testing-library/react';
import { change, click } from './act-events';
import { parseLimitText } from '../../src/ui/OrderEditor';
import { renderPane, signedInFake } from './render-pane';

async function buildStatusCount() {
  await screen.findByDisplayValue('Production');
  await click(screen.getByRole('button', { name: 'New report' }));
  await click(await screen.findByRole('combobox', { name: 'View' }));
  await click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Orders' }));
  for (const [member, zone] of [
    ['Status', 'Rows'],
    ['Count', 'Measures'],
  ] as const) {
    await click(screen.getByRole('button', { name: `Add ${member}` }));
    await click(await screen.findByRole('menuitem', { name: zone }));
  }
}

test('a limit past the largest whole number the add-in can send says that bound', () => {
  const bound = 'Enter a whole number from 1 to 9,007,199,254,740,991, or leave empty for no limit.';
  expect(parseLimitText('9007199254740993')).toEqual({ invalid: bound });
  expect(parseLimitText('1e20')).toEqual({ invalid: bound });
  expect(parseLimitText('9007199254740991')).toBe(9_007_199_254_740_991);
  expect(parseLimitText('-3')).toEqual({ invalid: 'Enter a whole number above 0, or leave empty for no limit.' });
});

test('a limit past the rows of a sheet is accepted with a word about it', async () => {
  renderPane(signedInFake());
  await buildStatusCount();
  const limit = screen.getByRole('spinbutton', { name: /Limit/ });
  const word = 'A sheet has 1,048,576 rows: at most 1,048,575 fit below the header.';
  await change(limit, '1048575');
  expect(screen.queryByText(word)).toBeNull();
  await change(limit, '2000000');
  expect(screen.getByText(word)).toBeTruthy();
  expect((screen.getByRole('textbox', { name: 'Generated SQL' }) as HTMLTextAreaElement).value).toMatch(/\nLIMIT 2000000$/);
});

test('removing the member a sort uses says in the order list that its sort was dropped', async () => {
  renderPane(signedInFake());
  await buildStatusCount();
  await click(screen.getByRole('button', { name: 'Add sort' }));
  await change(screen.getByRole('combobox', { name: 'Sort 1 by' }), 'orders.count');
  await click(screen.getByRole('button', { name: 'Remove Count from Measures' }));
  expect(screen.queryByRole('combobox', { name: 'Sort 1 by' })).toBeNull();
  const order = screen.getByRole('group', { name: 'Order' });
  expect(order.textContent).toContain('The sort by Count was dropped with Count.');
  await click(screen.getByRole('button', { name: 'Add sort' }));
  expect(screen.getByRole('group', { name: 'Order' }).textContent).not.toContain('was dropped');
});
