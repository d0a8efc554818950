/** @jest-environment jsdom */
// Filter values bound to cells, by role: the filter's "Bind to cell" choice (typed or the active cell, unbind) and the
// card's lines ("From Inputs!B2 = 2026-01-01") with its out-of-date reason naming the changed cell.
import '../helpers/setup-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { ReportDraft } from '../../src/core/service/addin-service';
import { BindToCell } from '../../src/ui/BindToCell';
import { emptyBuilderState, type BuilderState } from '../../src/core/builder/builder-state';
import { compileBuilder } from '../../src/core/builder/compile';
import { AddinError } from '../../src/core/errors/addin-error';
import { change, click, settle } from './act-events';
import { sampleMeta, samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

/** The text of the elements an element's aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
const cellBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Cell for Created at' });

function renderBind(boundCell: string | null, activeCell: () => Promise<string> = async () => 'Inputs!C7') {
  const bound: Array<string | null> = [];
  render(
    <FluentProvider theme={webLightTheme}>
      <BindToCell
        title="Created at"
        boundCell={boundCell}
        activeCell={activeCell}
        onBind={(ref) => {
          bound.push(ref);
        }}
      />
    </FluentProvider>,
  );
  return bound;
}

test('binds a filter value to a typed cell, and refuses an empty reference with a message', async () => {
  const bound = renderBind(null);
  await click(screen.getByRole('button', { name: 'Bind Created at to a cell' }));
  await click(screen.getByRole('button', { name: 'Bind Created at to this cell' }));
  expect(description(cellBox())).toBe('Type a cell such as Inputs!B2, or use the active cell.');
  expect(bound).toEqual([]);
  await change(screen.getByRole('textbox', { name: 'Cell for Created at' }), ' Inputs!B2 ');
  await click(screen.getByRole('button', { name: 'Bind Created at to this cell' }));
  expect(bound).toEqual(['Inputs!B2']);
});

test('takes the active cell', async () => {
  const bound = renderBind(null);
  await click(screen.getByRole('button', { name: 'Bind Created at to a cell' }));
  await click(screen.getByRole('button', { name: 'Use the active cell for Created at' }));
  expect(cellBox().value).toBe('Inputs!C7');
  await click(screen.getByRole('button', { name: 'Bind Created at to this cell' }));
  expect(bound).toEqual(['Inputs!C7']);
});

test('an active cell that cannot be read leaves the reference to type', async () => {
  renderBind(null, () => Promise.reject(new Error('no selection')));
  await click(screen.getByRole('button', { name: 'Bind Created at to a cell' }));
  await click(screen.getByRole('button', { name: 'Use the active cell for Created at' }));
  expect(description(cellBox())).toBe('The active cell could not be read. Type the cell instead.');
});

test('a bound value shows its cell and unbinds', async () => {
  const bound = renderBind('Inputs!B2');
  expect(screen.getByText('From Inputs!B2').textContent).toBe('From Inputs!B2');
  await click(screen.getByRole('button', { name: 'Unbind Created at from Inputs!B2' }));
  expect(bound).toEqual([null]);
});

test('the card lists its bound cells with the values used, and says which changed', async () => {
  const fake = signedInFake();
  fake.placements = [
    samplePlacement({
      placementId: 'p1',
      name: 'Orders since',
      status: 'outOfDate',
      parameters: [
        {
          cell: 'Inputs!B2',
          member: 'orders.created_at',
          value: '2026-01-01',
          changed: true,
          binding: { filter: 0, value: 0, member: 'orders.created_at', type: 'time', ref: 'Inputs!B2' },
        },
        {
          cell: 'Inputs!B3',
          member: 'orders.status',
          value: 'completed',
          changed: false,
          binding: { filter: 1, value: 0, member: 'orders.status', type: 'string', ref: 'Inputs!B3' },
        },
      ],
    }),
  ];
  renderPane(fake);
  const card = await screen.findByRole('listitem', { name: 'Orders since' });
  await settle();
  const lines = within(card).getByRole('list', { name: 'Parameters of Orders since' });
  expect(
    within(lines)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['From Inputs!B2 = 2026-01-01 (changed)', 'From Inputs!B3 = completed']);
  expect(card.textContent).toContain('Out of date');
  expect(card.textContent).toContain('Inputs!B2 changed: refresh to use the new value.');
});

test('a card with bound cells has the "Refresh when a parameter changes" switch, kept in the placement', async () => {
  const fake = signedInFake();
  fake.placements = [
    samplePlacement({
      placementId: 'p1',
      name: 'Orders since',
      parameters: [
        {
          cell: 'StartDate',
          member: 'orders.created_at',
          value: '2026-01-01',
          changed: false,
          binding: { filter: 0, value: 0, member: 'orders.created_at', type: 'time', ref: 'StartDate' },
        },
      ],
    }),
    samplePlacement({ placementId: 'p2', name: 'Unbound' }),
  ];
  renderPane(fake, { parameterWatch: 'The sidebar checks every 30 seconds while it is open.' });
  const card = await screen.findByRole('listitem', { name: 'Orders since' });
  await settle();
  const toggle = within(card).getByRole('switch', { name: 'Refresh when a parameter changes' });
  expect((toggle as HTMLInputElement).checked).toBe(false);
  // The host's own sentence on how it notices a change, after what the switch does.
  expect(description(toggle)).toBe(
    'Refreshes about 1.5 seconds after a bound cell changes. The sidebar checks every 30 seconds while it is open.',
  );
  await click(toggle);
  expect(fake.calls.filter((c) => c.method === 'setRefreshOnParameterChange').map((c) => c.args)).toEqual([['p1', true]]);
  expect((toggle as HTMLInputElement).checked).toBe(true);
  const unbound = screen.getByRole('listitem', { name: 'Unbound' });
  expect(within(unbound).queryByRole('switch', { name: 'Refresh when a parameter changes' })).toBeNull();
});

/** A service with one placed builder report (p1) filtering Status equals completed, ready to edit. */
function placedStatusFilter(): ReturnType<typeof signedInFake> {
  const fake = signedInFake();
  const state: BuilderState = {
    ...emptyBuilderState(),
    view: 'orders',
    measures: ['orders.count'],
    filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }],
  };
  fake.placements = [samplePlacement({ placementId: 'p1', name: 'Orders by status' })];
  fake.drafts['p1'] = {
    name: 'Orders by status',
    description: '',
    mode: 'builder',
    ...compileBuilder(state, sampleMeta),
    builderState: state,
  };
  return fake;
}

test("editing a placed builder report binds a filter's value to the active cell on the placement", async () => {
  const fake = placedStatusFilter();
  fake.cell = { ...fake.cell, label: 'Inputs!B2' };
  renderPane(fake);
  await click(await screen.findByRole('button', { name: 'Edit Orders by status' }));
  await screen.findByRole('combobox', { name: 'View' });
  await click(screen.getByRole('button', { name: 'Bind Status to a cell' }));
  await click(screen.getByRole('button', { name: 'Use the active cell for Status' }));
  await click(screen.getByRole('button', { name: 'Bind Status to this cell' }));
  expect(fake.callsOf('bindParameters')).toEqual([
    ['p1', [{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'Inputs!B2' }]],
  ]);
  await click(screen.getByRole('button', { name: 'Unbind Status from Inputs!B2' }));
  expect(fake.callsOf('bindParameters')[1]).toEqual(['p1', []]);
});

test('a refused binding keeps the choice open with the service message', async () => {
  const fake = placedStatusFilter();
  fake.bindParametersImpl = async () => {
    throw new AddinError('validation', 'No sheet named "Nope" for the parameter cell Nope!A1. Check the reference.');
  };
  renderPane(fake);
  await click(await screen.findByRole('button', { name: 'Edit Orders by status' }));
  await screen.findByRole('combobox', { name: 'View' });
  await click(screen.getByRole('button', { name: 'Bind Status to a cell' }));
  await change(screen.getByRole('textbox', { name: 'Cell for Status' }), 'Nope!A1');
  await click(screen.getByRole('button', { name: 'Bind Status to this cell' }));
  expect(description(screen.getByRole('textbox', { name: 'Cell for Status' }))).toContain('No sheet named "Nope"');
});

/** Opens New report on Orders with Count and a filter on Status. */
async function newStatusReport() {
  await screen.findByDisplayValue('Production');
  await click(screen.getByRole('button', { name: 'New report' }));
  await click(await screen.findByRole('combobox', { name: 'View' }));
  await click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Orders' }));
  await click(screen.getByRole('button', { name: 'Add Count' }));
  await click(await screen.findByRole('menuitem', { name: 'Measures' }));
  await click(screen.getByRole('button', { name: 'Add Status' }));
  await click(await screen.findByRole('menuitem', { name: 'Filters' }));
}

async function bindStatusTo(ref: string) {
  await click(screen.getByRole('button', { name: 'Bind Status to a cell' }));
  await change(screen.getByRole('textbox', { name: 'Cell for Status' }), ref);
  await click(screen.getByRole('button', { name: 'Bind Status to this cell' }));
  await settle();
}

test("a new report's bound filter takes its value from the cell: no typed value needed, the preview and Insert run the cell's", async () => {
  const fake = signedInFake();
  fake.cellValues = { 'Sheet1!A40': 'Zürich' };
  renderPane(fake);
  await newStatusReport();
  await change(screen.getByLabelText(/Report name/), 'Orders in a city');
  await bindStatusTo('Sheet1!A40');
  const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Value 1 for Status' });
  expect(box.value).toBe('Zürich');
  expect(box.readOnly).toBe(true);
  // The live preview runs the cell's value (after its delay once the filter changed).
  const previewed = () => (fake.callsOf('preview').at(-1)?.[0] as ReportDraft | undefined)?.sqlQuery ?? '';
  await waitFor(() => expect(previewed()).toContain("'Zürich'"), { timeout: 3_000 });
  // Typed in the sheet since: read again when the pane gets the focus back, and Insert runs what the cell holds now.
  fake.cellValues = { 'Sheet1!A40': 'Bern' };
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
    await new Promise((r) => setTimeout(r, 0));
  });
  await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Value 1 for Status' }).value).toBe('Bern'));
  await click(screen.getByRole('button', { name: 'Insert' }));
  const [draft, , options] = fake.callsOf('insert')[0] as [ReportDraft, unknown, { parameters?: unknown }];
  expect(draft.sqlQuery).toContain("'Bern'");
  expect(options.parameters).toEqual([{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'Sheet1!A40' }]);
});

test("an empty bound cell is the form's problem, named at once, and Insert runs nothing", async () => {
  const fake = signedInFake();
  renderPane(fake);
  await newStatusReport();
  await change(screen.getByLabelText(/Report name/), 'Orders in a city');
  await bindStatusTo('Sheet1!A40');
  await click(screen.getByRole('button', { name: 'Insert' }));
  expect(fake.callsOf('insert')).toEqual([]);
  expect(screen.getAllByText(/The parameter cell Sheet1!A40 is empty/).length).toBeGreaterThan(0);
});

test('a new report binds a filter value to a cell before its first Insert, which stores the binding', async () => {
  const fake = signedInFake();
  fake.cell = { ...fake.cell, label: 'Inputs!B2' };
  fake.cellValues = { 'Inputs!B2': 'shipped' };
  renderPane(fake);
  await newStatusReport();
  await change(screen.getByRole('textbox', { name: 'Value 1 for Status' }), 'completed');
  await click(screen.getByRole('button', { name: 'Bind Status to a cell' }));
  await click(screen.getByRole('button', { name: 'Use the active cell for Status' }));
  await click(screen.getByRole('button', { name: 'Bind Status to this cell' }));
  expect(fake.callsOf('bindParameters')).toEqual([]);
  expect(screen.getByRole('button', { name: 'Unbind Status from Inputs!B2' })).toBeTruthy();
  await change(screen.getByLabelText(/Report name/), 'Orders of a status');
  await click(screen.getByRole('button', { name: 'Insert' }));
  const options = fake.callsOf('insert')[0]?.[2] as { parameters?: unknown };
  expect(options.parameters).toEqual([{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'Inputs!B2' }]);
});
