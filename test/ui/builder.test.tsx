/** @jest-environment jsdom */
// The builder: view, searchable fields, zones with order, granularity, filter, sort, limit; the draft is what compileBuilder makes of it.
import '../helpers/setup-dom';
import { act, screen, within } from '@testing-library/react';
import type { BuilderState } from '../../src/core/builder/builder-state';
import { compileBuilder } from '../../src/core/builder/compile';
import type { ReportDraft } from '../../src/core/service/addin-service';
import { change, click } from './act-events';
import { addTo } from './builder-steps';
import { sampleMeta } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

async function openNewReport() {
  await screen.findByDisplayValue('Production');
  await click(screen.getByRole('button', { name: 'New report' }));
  await screen.findByRole('combobox', { name: 'View' });
}

async function chooseView(title: string) {
  await click(screen.getByRole('combobox', { name: 'View' }));
  await click(within(screen.getByRole('listbox')).getByRole('option', { name: title }));
}

function zone(label: string): HTMLElement {
  return screen.getByRole('group', { name: label });
}

test('building orders: count and total amount by status and month, filtered, sorted and limited', async () => {
  const { fake } = renderPane(signedInFake());
  await openNewReport();
  expect(screen.getByText('Choose a view to build the report from.')).toBeTruthy();
  await chooseView('Orders');

  // Fields are searchable by title.
  await change(screen.getByRole('searchbox', { name: 'Search fields' }), 'sta');
  expect(screen.getByRole('button', { name: 'Add Status' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Add Count' })).toBeNull();
  await addTo('Status', 'Rows');
  await change(screen.getByRole('searchbox', { name: 'Search fields' }), '');

  await addTo('Count', 'Measures');
  await addTo('Total amount', 'Measures');
  await addTo('Created at', 'Columns');
  await addTo('City', 'Filters');

  await click(screen.getByRole('button', { name: 'Move Total amount up in Measures' }));
  expect(
    within(zone('Measures'))
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/[↑↓✕]/g, '')),
  ).toEqual(['Total amount', 'Count']);

  const granularity = screen.getByRole('combobox', { name: 'Granularity of Created at' });
  expect((granularity as HTMLSelectElement).value).toBe('day');
  await change(granularity, 'month');

  await change(screen.getByRole('combobox', { name: 'Operator for City' }), 'notEquals');
  await change(screen.getByRole('textbox', { name: 'Value 1 for City' }), 'Berlin');
  await click(screen.getByRole('button', { name: 'Add a value for City' }));
  await change(screen.getByRole('textbox', { name: 'Value 2 for City' }), 'Paris');

  await click(screen.getByRole('button', { name: 'Add sort' }));
  await change(screen.getByRole('combobox', { name: 'Sort 1 by' }), 'orders.count');
  await change(screen.getByRole('combobox', { name: 'Direction of sort by Count' }), 'desc');
  await change(screen.getByRole('spinbutton', { name: /Limit/ }), '100');

  const expected: BuilderState = {
    view: 'orders',
    measures: ['orders.total_amount', 'orders.count'],
    rows: ['orders.status'],
    columns: ['orders.created_at'],
    filters: [{ member: 'orders.city', operator: 'notEquals', values: ['Berlin', 'Paris'] }],
    timeGranularity: { 'orders.created_at': 'month' },
    order: [{ member: 'orders.count', desc: true }],
    limit: 100,
  };
  const compiled = compileBuilder(expected, sampleMeta);
  expect((screen.getByRole('textbox', { name: 'Generated SQL' }) as HTMLTextAreaElement).value).toBe(compiled.sqlQuery);

  await change(screen.getByLabelText(/Report name/), 'Orders by status');
  await click(screen.getByRole('button', { name: 'Insert' }));
  const draft = fake.callsOf('insert')[0]?.[0];
  expect(draft).toEqual({
    name: 'Orders by status',
    description: '',
    mode: 'builder',
    sqlQuery: compiled.sqlQuery,
    jsonQuery: compiled.jsonQuery,
    pivotItems: compiled.pivotItems,
    builderState: expected,
  } satisfies ReportDraft);
});

test('an incomplete builder report is not sent; the builder says what is missing', async () => {
  const { fake } = renderPane(signedInFake());
  await openNewReport();
  await chooseView('Orders');
  await change(screen.getByLabelText(/Report name/), 'Empty');
  await click(screen.getByRole('button', { name: 'Insert' }));
  expect(fake.callsOf('insert')).toEqual([]);
  expect(screen.getAllByText('Add at least one measure or dimension.').length).toBeGreaterThan(0);
});

test('removing a member drops its sort; switching to SQL starts from the generated SQL', async () => {
  renderPane(signedInFake());
  await openNewReport();
  await chooseView('Orders');
  await addTo('Status', 'Rows');
  await addTo('Count', 'Measures');
  await click(screen.getByRole('button', { name: 'Add sort' }));
  expect(screen.getByRole('combobox', { name: 'Sort 1 by' })).toBeTruthy();
  await click(screen.getByRole('button', { name: 'Remove Status from Rows' }));
  expect(screen.queryByRole('combobox', { name: 'Sort 1 by' })).toBeNull();

  const sql = (screen.getByRole('textbox', { name: 'Generated SQL' }) as HTMLTextAreaElement).value;
  expect(sql).toBe(
    compileBuilder(
      { view: 'orders', measures: ['orders.count'], rows: [], columns: [], filters: [], timeGranularity: {}, order: [], limit: null },
      sampleMeta,
    ).sqlQuery,
  );
  await click(screen.getByRole('tab', { name: 'SQL' }));
  expect((screen.getByRole('textbox', { name: /^SQL/ }) as HTMLTextAreaElement).value).toBe(sql);
});

test('Edit reopens a builder report with its saved state', async () => {
  const fake = signedInFake();
  const state: BuilderState = {
    view: 'orders',
    measures: ['orders.count'],
    rows: ['orders.status'],
    columns: [],
    filters: [],
    timeGranularity: {},
    order: [],
    limit: null,
  };
  const compiled = compileBuilder(state, sampleMeta);
  fake.placements = [
    {
      placementId: 'p1',
      reportId: 1,
      publicId: 'AAAAAAAAAAA1',
      name: 'Orders by status',
      sheetName: 'Sheet1',
      rangeLabel: 'Sheet1!B2:C5',
      dataRows: 3,
      cols: 2,
      headerRows: 1,
      refreshedAt: null,
      status: 'upToDate',
      statusCheckedAt: null,
      lastError: null,
      canEdit: true,
    },
  ];
  fake.drafts['p1'] = { name: 'Orders by status', description: '', mode: 'builder', ...compiled, builderState: state };
  renderPane(fake);
  await click(await screen.findByRole('button', { name: 'Edit Orders by status' }));
  await screen.findByRole('combobox', { name: 'View' });
  expect(within(zone('Rows')).getByText('Status')).toBeTruthy();
  expect(within(zone('Measures')).getByText('Count')).toBeTruthy();
  await addTo('Total amount', 'Measures');
  await click(screen.getByRole('button', { name: 'Save and refresh' }));
  const next = { ...state, measures: ['orders.count', 'orders.total_amount'] };
  expect(fake.callsOf('update')[0]?.[1]).toEqual({
    name: 'Orders by status',
    description: '',
    mode: 'builder',
    ...compileBuilder(next, sampleMeta),
    builderState: next,
  });
});

/** Focuses a button as a keyboard user's Tab would, then presses it. */
async function press(name: string) {
  const button = screen.getByRole('button', { name });
  act(() => button.focus());
  await click(button);
}

function focusedName(): string | null {
  return document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.getAttribute('aria-labelledby') ?? null;
}

test('moving or removing a zone member, a filter or a sort keeps the keyboard focus in the list', async () => {
  renderPane(signedInFake());
  await openNewReport();
  await chooseView('Orders');
  await addTo('Status', 'Rows');
  await addTo('City', 'Rows');

  // Moved to the top, its "up" button cannot act any more but keeps the focus (and says it is disabled).
  await press('Move City up in Rows');
  expect(focusedName()).toBe('Move City up in Rows');
  expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
  await press('Move City down in Rows');
  expect(focusedName()).toBe('Move City down in Rows');
  expect(
    within(zone('Rows'))
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/[↑↓✕]/g, '')),
  ).toEqual(['Status', 'City']);
  // Removed, the focus goes to a neighbour's remove button, then to the zone itself when it is empty.
  await press('Remove City from Rows');
  expect(focusedName()).toBe('Remove Status from Rows');
  await press('Remove Status from Rows');
  expect(document.activeElement).toBe(zone('Rows'));

  await addTo('City', 'Filters');
  await addTo('Status', 'Filters');
  await press('Move filter on Status up');
  expect(focusedName()).toBe('Move filter on Status up');
  await press('Move filter on Status down');
  expect(focusedName()).toBe('Move filter on Status down');
  await press('Remove filter on City');
  expect(focusedName()).toBe('Remove filter on Status');

  await addTo('Count', 'Measures');
  await addTo('Total amount', 'Measures');
  await click(screen.getByRole('button', { name: 'Add sort' }));
  await click(screen.getByRole('button', { name: 'Add sort' }));
  const second = screen.getByRole('combobox', { name: 'Sort 2 by' }) as HTMLSelectElement;
  const secondTitle = second.options[second.selectedIndex]?.textContent ?? '';
  await press(`Move sort by ${secondTitle} up`);
  expect(focusedName()).toBe(`Move sort by ${secondTitle} up`);
  await press(`Remove sort by ${secondTitle}`);
  expect(focusedName()).toMatch(/^Remove sort by /);
});
