/** @jest-environment jsdom */
// The builder's totals switches and filters that help: OR alternatives, relative periods in words, a true/false switch,
// values suggested from the platform as typed (unknown ones marked); the draft sent is what compileBuilder makes of it.
import '../helpers/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import type { BuilderState } from '../../src/core/builder/builder-state';
import { compileBuilder } from '../../src/core/builder/compile';
import type { Meta } from '../../src/core/wire/schemas';
import { change, click } from './act-events';
import { openOrders, addTo } from './builder-steps';
import { sampleMeta } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

/** The sample metadata with a true/false dimension on orders. */
const metaWithBoolean: Meta = {
  ...sampleMeta,
  cubes: sampleMeta.cubes.map((c) =>
    c.name === 'orders'
      ? {
          ...c,
          dimensions: [
            ...c.dimensions,
            { name: 'orders.is_returned', title: 'Orders Is returned', shortTitle: 'Is returned', type: 'boolean' },
          ],
        }
      : c,
  ),
};

async function insertedState(fake: ReturnType<typeof signedInFake>): Promise<BuilderState> {
  await change(screen.getByLabelText(/Report name/), 'Report');
  await click(screen.getByRole('button', { name: 'Insert' }));
  const draft = fake.callsOf('insert')[0]?.[0] as { builderState: BuilderState; sqlQuery: string };
  expect(draft.sqlQuery).toBe(compileBuilder(draft.builderState, fake.meta).sqlQuery);
  return draft.builderState;
}

test("a pivot's totals switches: the grand total waits for row and column totals, and all are stored in the builder state", async () => {
  const fake = signedInFake();
  renderPane(fake);
  await openOrders();
  await addTo('Status', 'Rows');
  await addTo('Count', 'Measures');
  // Chosen fields say where they are in the field list.
  expect(within(screen.getByRole('group', { name: 'Available dimensions' })).getByText(/in Rows/)).toBeTruthy();
  expect(within(screen.getByRole('group', { name: 'Available measures' })).getByText(/in Measures/)).toBeTruthy();
  expect(screen.getByRole('switch', { name: 'Totals row' })).toBeTruthy();
  await addTo('City', 'Columns');
  const grand = screen.getByRole('switch', { name: 'Grand total' });
  expect((grand as HTMLInputElement).disabled).toBe(true);
  await click(screen.getByRole('switch', { name: 'Row totals (a Total column)' }));
  await click(screen.getByRole('switch', { name: 'Column totals (a Total row)' }));
  expect((screen.getByRole('switch', { name: 'Grand total' }) as HTMLInputElement).disabled).toBe(false);
  await click(screen.getByRole('switch', { name: 'Grand total' }));
  expect((await insertedState(fake)).totals).toEqual({ rows: true, columns: true, grand: true });
});

test('a filter takes an OR alternative on another field, and a relative period shown in words', async () => {
  const fake = signedInFake();
  renderPane(fake);
  await openOrders();
  await addTo('Count', 'Measures');
  await addTo('Created at', 'Filters');
  await change(screen.getByRole('combobox', { name: 'Operator for Created at' }), 'inPeriod');
  expect(screen.getByText('Last 7 days (before today)')).toBeTruthy();
  await change(screen.getByRole('combobox', { name: 'Period for Created at' }), 'this');
  await change(screen.getByRole('combobox', { name: 'Unit for Created at' }), 'quarter');
  expect(screen.getByText('This quarter')).toBeTruthy();
  await click(screen.getByRole('button', { name: 'Add an alternative (OR) to the filter on Created at' }));
  await change(screen.getByRole('combobox', { name: 'Field of alternative 1 to the filter on Created at' }), 'orders.status');
  await change(screen.getByRole('textbox', { name: 'Value 1 for Status (alternative 1)' }), 'returned');
  const state = await insertedState(fake);
  expect(state.filters).toEqual([
    {
      member: 'orders.created_at',
      operator: 'inPeriod',
      values: ['this-quarter'],
      or: [{ member: 'orders.status', operator: 'equals', values: ['returned'] }],
    },
  ]);
});

test('a true/false field filters by a switch', async () => {
  const fake = signedInFake();
  fake.meta = metaWithBoolean;
  renderPane(fake);
  await openOrders();
  await addTo('Count', 'Measures');
  await addTo('Is returned', 'Filters');
  const toggle = screen.getByRole('switch', { name: 'Is returned is true' });
  expect((toggle as HTMLInputElement).checked).toBe(true);
  await click(toggle);
  expect((await insertedState(fake)).filters).toEqual([{ member: 'orders.is_returned', operator: 'equals', values: ['false'] }]);
});

test('values listed for an earlier search are narrowed to the text typed while the platform has not answered yet', async () => {
  const fake = signedInFake();
  fake.suggestions = { 'orders.city': ['Zürich', 'Zagreb', 'Berlin'] };
  const answerOf = fake.suggestValuesImpl;
  fake.suggestValuesImpl = (request) => (request.search === '' ? answerOf(request) : new Promise(() => {}));
  renderPane(fake);
  await openOrders();
  await addTo('Count', 'Measures');
  await addTo('City', 'Filters');
  const names = (list: HTMLElement) =>
    within(list)
      .getAllByRole('button')
      .map((b) => b.textContent);
  expect(names(await screen.findByRole('list', { name: 'Suggested values for Value 1 for City' }))).toEqual(['Zürich', 'Zagreb', 'Berlin']);
  await change(screen.getByRole('textbox', { name: 'Value 1 for City' }), 'z');
  expect(names(screen.getByRole('list', { name: 'Suggested values for Value 1 for City' }))).toEqual(['Zürich', 'Zagreb']);
});

test("a text filter lists the platform's values as typed, picks one, and marks a value the platform does not have", async () => {
  const fake = signedInFake();
  fake.suggestions = { 'orders.city': ['Zürich', 'Zagreb', 'Berlin'] };
  renderPane(fake);
  await openOrders();
  await addTo('Count', 'Measures');
  await addTo('City', 'Filters');
  const box = screen.getByRole('textbox', { name: 'Value 1 for City' });
  const searches = (): string[] => fake.callsOf('suggestValues').map((c) => (c[0] as { search: string }).search);
  await change(box, 'z');
  // The empty box's answer, when it came first, already lists the values narrowed to "z": wait for the search of "z"
  // itself (asked once typing pauses) before picking, so the pick does not cancel it.
  await waitFor(() => expect(searches()).toContain('z'));
  const list = await screen.findByRole('list', { name: 'Suggested values for Value 1 for City' });
  expect(
    within(list)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Zürich', 'Zagreb']);
  await click(within(list).getByRole('button', { name: 'Zürich' }));
  expect((box as HTMLInputElement).value).toBe('Zürich');
  await change(box, 'Zurich');
  expect(await screen.findByText('"Zurich" is not a value the platform has for this field.')).toBeTruthy();
  expect(searches()).toEqual(expect.arrayContaining(['z', 'Zurich']));
});
