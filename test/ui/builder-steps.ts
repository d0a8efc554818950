/** The pane's builder steps UI tests share: open a new report on the Orders view, add a member to a zone. */
import { screen, within } from '@testing-library/react';
import { click } from './act-events';

/** From the signed-in pane: New report, then the Orders view. */
export async function openOrders(): Promise<void> {
  await screen.findByDisplayValue('Production');
  await click(screen.getByRole('button', { name: 'New report' }));
  await click(await screen.findByRole('combobox', { name: 'View' }));
  await click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Orders' }));
}

/** Adds the member titled `memberTitle` to the builder's `zone` (Measures, Rows, Filters...) through its Add menu. */
export async function addTo(memberTitle: string, zone: string): Promise<void> {
  await click(screen.getByRole('button', { name: `Add ${memberTitle}` }));
  await click(await screen.findByRole('menuitem', { name: zone }));
}
