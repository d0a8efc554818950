/** @jest-environment jsdom */
// The builder's ergonomics: members move between zones by menu and keyboard (announced), chosen fields say where they are,
// and a pivot's measure placement is chosen and saved with the report.
import '../helpers/setup-dom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { change, click } from './act-events';
import { openOrders, addTo } from './builder-steps';
import { renderPane, signedInFake } from './render-pane';

/** The members of a zone in order, read from their Remove buttons' names ("Remove Status from Rows"). */
function titlesIn(label: string): string[] {
  const suffix = ` from ${label}`;
  return within(screen.getByRole('group', { name: label }))
    .queryAllByRole('button', { name: /^Remove / })
    .map((b) => (b.getAttribute('aria-label') ?? '').slice('Remove '.length, -suffix.length));
}

function rowOf(title: string, zone: string): HTMLElement {
  const row = within(screen.getByRole('group', { name: zone }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(title));
  if (!row) throw new Error(`${title} is not in ${zone}`);
  return row;
}

async function altKey(element: Element, key: string) {
  await act(async () => {
    fireEvent.keyDown(element, { key, altKey: true });
    await Promise.resolve();
  });
}

function liveRegion(): HTMLElement {
  const region = screen
    .getAllByRole('status')
    .find((el) => el.getAttribute('aria-live') === 'polite' && el.closest('[role="group"]') === null);
  if (!region) throw new Error('no live region');
  return region;
}

async function buildPivot() {
  await openOrders();
  await addTo('Status', 'Rows');
  await addTo('Created at', 'Columns');
  await addTo('Count', 'Measures');
  await addTo('Total amount', 'Measures');
}

test('a chosen field says where it is in its Add button description, and follows a move', async () => {
  renderPane(signedInFake());
  await buildPivot();
  expect(screen.getByRole('button', { name: 'Add Status', description: 'in Rows' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Add Count', description: 'in Measures' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Add City' }).getAttribute('aria-describedby')).toBeNull();

  // A dimension is offered its other zone only.
  expect(screen.queryByRole('button', { name: 'Move Status to Measures' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Move Status to Rows' })).toBeNull();
  await click(screen.getByRole('button', { name: 'Move Status to Columns' }));
  expect(titlesIn('Rows')).toEqual([]);
  expect(titlesIn('Columns')).toEqual(['Created at', 'Status']);
  expect(screen.getByRole('button', { name: 'Add Status', description: 'in Columns' })).toBeTruthy();
  expect(liveRegion().textContent).toBe('Status moved to Columns.');
  expect(document.activeElement).toBe(rowOf('Status', 'Columns'));
});

test('Alt+Arrow keys reorder within a zone and move dimensions between Rows and Columns, never into Measures', async () => {
  const { fake } = renderPane(signedInFake());
  await buildPivot();

  await altKey(rowOf('Created at', 'Columns'), 'ArrowLeft');
  expect(titlesIn('Rows')).toEqual(['Status', 'Created at']);
  expect(titlesIn('Columns')).toEqual([]);
  expect(liveRegion().textContent).toBe('Created at moved to Rows.');
  expect(document.activeElement).toBe(rowOf('Created at', 'Rows'));

  // From a button inside the row too (the keys act on the row that holds the focus).
  await altKey(screen.getByRole('button', { name: 'Move Created at up in Rows' }), 'ArrowUp');
  expect(titlesIn('Rows')).toEqual(['Created at', 'Status']);
  expect(liveRegion().textContent).toBe('Created at moved to position 1 of 2 in Rows.');

  await altKey(rowOf('Status', 'Rows'), 'ArrowRight');
  expect(titlesIn('Columns')).toEqual(['Status']);
  await altKey(rowOf('Status', 'Columns'), 'ArrowRight');
  expect(titlesIn('Columns')).toEqual(['Status']);
  expect(titlesIn('Measures')).toEqual(['Count', 'Total amount']);
  expect(liveRegion().textContent).toBe('Status is a dimension: it goes in Rows or Columns, not Measures.');

  expect(screen.queryByRole('button', { name: /^Move Count to / })).toBeNull();
  await altKey(rowOf('Count', 'Measures'), 'ArrowLeft');
  expect(titlesIn('Columns')).toEqual(['Status']);
  expect(liveRegion().textContent).toBe('Count is a measure: it stays in Measures.');
  await altKey(rowOf('Total amount', 'Measures'), 'ArrowUp');
  expect(titlesIn('Measures')).toEqual(['Total amount', 'Count']);
  // At the top already: nothing moves.
  await altKey(rowOf('Total amount', 'Measures'), 'ArrowUp');
  expect(titlesIn('Measures')).toEqual(['Total amount', 'Count']);

  await change(screen.getByLabelText(/Report name/), 'Moved');
  await click(screen.getByRole('button', { name: 'Insert' }));
  const draft = fake.callsOf('insert')[0]?.[0];
  expect(draft).toMatchObject({ pivotItems: { rows: ['created_at'], columns: ['status'], measures: ['total_amount', 'count'] } });
});

test('a pivot with several measures offers their placement, saved in the builder state', async () => {
  const { fake } = renderPane(signedInFake());
  await openOrders();
  await addTo('Status', 'Rows');
  await addTo('Count', 'Measures');
  await addTo('Total amount', 'Measures');
  // Not a pivot yet (no Columns member): nothing to place.
  expect(screen.queryByRole('group', { name: 'Measures in the pivot' })).toBeNull();
  await addTo('Created at', 'Columns');
  const group = screen.getByRole('group', { name: 'Measures in the pivot' });
  await change(within(group).getByRole('combobox', { name: 'Measures go' }), 'rows');
  await change(within(group).getByRole('combobox', { name: 'Measure titles' }), 'after');
  await change(screen.getByLabelText(/Report name/), 'Placed');
  await click(screen.getByRole('button', { name: 'Insert' }));
  const draft = fake.callsOf('insert')[0]?.[0];
  expect(draft).toMatchObject({ builderState: { measuresAxis: 'rows', measuresPosition: 'after' } });
});
