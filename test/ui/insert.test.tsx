/** @jest-environment jsdom */
// New report and Edit: SQL mode as typed, progress then summary, Cancel, overwrite confirmation, required name, error hints.
import '../helpers/setup-dom';
import { act, screen, within } from '@testing-library/react';
import { AddinError, cancelledError } from '../../src/core/errors/addin-error';
import type { InsertOptions, ReportDraft, RunOutcome } from '../../src/core/service/addin-service';
import { change, click, closeDialog, findDialog, settle } from './act-events';
import { gate, samplePlacement } from './fake-addin-service';
import { renderPane, signedInFake } from './render-pane';

const SQL = '  SELECT status, MEASURE(count)\nFROM orders\nGROUP BY 1  ';

/** Waits until the remembered context is loaded (New report is enabled then) and opens New report. */
async function openNewReport() {
  await screen.findByDisplayValue('Production');
  await click(screen.getByRole('button', { name: 'New report' }));
}

async function openSqlReport(name = 'Orders by status') {
  await openNewReport();
  await change(screen.getByLabelText(/Report name/), name);
  await click(screen.getByRole('tab', { name: 'SQL' }));
  await change(screen.getByRole('textbox', { name: /^SQL/ }), SQL);
  await screen.findByText('Insert at Sheet1!B2');
}

test('SQL mode sends the SQL exactly as typed, at the selected cell', async () => {
  const { fake } = renderPane(signedInFake());
  await openSqlReport();
  await change(screen.getByLabelText('Description'), 'Counts per status');
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  const [draft, target, options] = fake.callsOf('insert')[0] ?? [];
  expect(draft).toEqual({
    name: 'Orders by status',
    description: 'Counts per status',
    mode: 'sql',
    sqlQuery: SQL,
    jsonQuery: null,
    pivotItems: null,
    builderState: null,
  } satisfies ReportDraft);
  expect(target).toEqual(fake.cell);
  expect(options).toEqual({ jobId: 'job-1', overwrite: false, publicId: expect.stringMatching(/^[0-9A-Za-z]{12}$/) });
});

test('insert shows rows and bytes while running, Cancel cancels the job, then a summary', async () => {
  const fake = signedInFake();
  const done = gate<RunOutcome>();
  fake.insertImpl = () => done.promise;
  renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));

  const progress = screen.getByRole('group', { name: 'Inserting' });
  expect(progress.textContent).toContain('Waiting for the platform');
  act(() => {
    fake.emit({ type: 'progress', jobId: 'job-1', rows: 1500, bytes: 20480, elapsedMs: 300 });
    fake.emit({ type: 'progress', jobId: 'another-job', rows: 9, bytes: 9, elapsedMs: 1 });
  });
  expect(progress.textContent).toContain('1,500 rows, 20.0 KB received');

  await click(within(progress).getByRole('button', { name: 'Cancel' }));
  expect(fake.callsOf('cancel')).toEqual([['job-1']]);

  await act(async () =>
    done.resolve({ placementId: 'new', dataRows: 120, cols: 3, headerRows: 1, rangeLabel: 'Sheet1!B2:D122', elapsedMs: 1200 }),
  );
  expect(screen.queryByRole('group', { name: 'Inserting' })).toBeNull();
  expect(screen.getByText('120 rows × 3 columns in 1.2 s at Sheet1!B2:D122')).toBeTruthy();
});

test('a cancelled insert is reported as information, not as an error', async () => {
  const fake = signedInFake();
  fake.insertImpl = async () => {
    throw cancelledError();
  };
  const { container } = renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  expect(container.textContent).toContain('Cancelled. Nothing was changed.');
  expect(container.querySelector('.fui-MessageBar')?.getAttribute('data-intent')).toBe('info');
});

test('a blocked insert names the cells and asks; Overwrite re-runs the same insert with overwrite true', async () => {
  const fake = signedInFake();
  const cells = ['Sheet1!B5', 'Sheet1!C5', 'Sheet1!D5', 'Sheet1!B6', 'Sheet1!C6'];
  fake.insertImpl = async (_draft, target, options) => {
    if (!options.overwrite) throw new AddinError('blocked', `${cells.length} cells in the way.`, { data: { cells } });
    return { placementId: 'new', dataRows: 120, cols: 3, headerRows: 1, rangeLabel: `${target.label}:D122`, elapsedMs: 1200 };
  };
  renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  const dialog = await findDialog('Overwrite cells?');
  expect(dialog.textContent).toContain('Sheet1!B5, Sheet1!C5, Sheet1!D5 and 2 more cells');

  await click(within(dialog).getByRole('button', { name: 'Overwrite' }));
  await settle();
  const calls = fake.callsOf('insert');
  expect(calls).toHaveLength(2);
  expect(calls[1]?.[0]).toEqual(calls[0]?.[0]);
  expect(calls[1]?.[1]).toEqual(calls[0]?.[1]);
  expect(calls[1]?.[2]).toEqual({ jobId: 'job-2', overwrite: true, publicId: (calls[0]?.[2] as InsertOptions | undefined)?.publicId });
  expect(await screen.findByText('120 rows × 3 columns in 1.2 s at Sheet1!B2:D122')).toBeTruthy();
});

test('the overwrite question counts every cell in the way, not only the ones the error lists', async () => {
  const fake = signedInFake();
  // The core lists the first 20 cells and gives the total.
  const cells = Array.from({ length: 20 }, (_, i) => `Sheet1!B${i + 5}`);
  fake.insertImpl = async () => {
    throw new AddinError('blocked', '57 cells are not empty.', { data: { cell: cells[0], cells, total: 57, otherPlacement: false } });
  };
  renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  const dialog = await findDialog('Overwrite cells?');
  expect(dialog.textContent).toContain('57 cells that hold data: Sheet1!B5, Sheet1!B6, Sheet1!B7 and 54 more cells.');
});

test("another report's cells in the way are not offered for overwriting: the message says what to do", async () => {
  const fake = signedInFake();
  fake.insertImpl = async () => {
    throw new AddinError(
      'blocked',
      'Placing this report here would overwrite "Orders by city" at Sheet1!C4. Move one of them or choose another cell.',
      {
        data: { cell: 'Sheet1!C4', cells: ['Sheet1!C4'], placementId: 'p9', otherPlacement: true },
      },
    );
  };
  const { container } = renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await settle();
  expect(screen.queryAllByRole('alertdialog', { hidden: true })).toEqual([]);
  const bar = container.querySelector('.fui-MessageBar[data-kind="blocked"]');
  expect(bar?.textContent).toContain('would overwrite "Orders by city" at Sheet1!C4. Move one of them or choose another cell.');
  expect(fake.callsOf('insert')).toHaveLength(1);
});

test('declining the overwrite leaves the cells alone', async () => {
  const fake = signedInFake();
  fake.insertImpl = async () => {
    throw new AddinError('blocked', 'A cell is in the way.', { data: { cells: ['Sheet1!B5'] } });
  };
  renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  await closeDialog(await findDialog('Overwrite cells?'), 'Cancel');
  expect(fake.callsOf('insert')).toHaveLength(1);
});

test('one draft is one report: every attempt until it is placed sends the same publicId, the next draft another', async () => {
  const fake = signedInFake();
  let attempt = 0;
  fake.insertImpl = async (_draft, target, options) => {
    attempt += 1;
    if (attempt === 1) throw new AddinError('query', 'The query failed: syntax error at "SELEC".');
    if (!options.overwrite) throw new AddinError('blocked', 'A cell is in the way.', { data: { cells: ['Sheet1!B5'] } });
    return { placementId: `new-${attempt}`, dataRows: 2, cols: 2, headerRows: 1, rangeLabel: `${target.label}:C4`, elapsedMs: 10 };
  };
  renderPane(fake);
  await openSqlReport();
  // A failed query, then the overwrite question declined, then asked again and accepted.
  await click(await screen.findByRole('button', { name: 'Insert' }));
  await settle();
  await click(await screen.findByRole('button', { name: 'Insert' }));
  await closeDialog(await findDialog('Overwrite cells?'), 'Cancel');
  await click(await screen.findByRole('button', { name: 'Insert' }));
  await click(within(await findDialog('Overwrite cells?')).getByRole('button', { name: 'Overwrite' }));
  await settle();
  const ids = fake.callsOf('insert').map((c) => (c[2] as InsertOptions).publicId);
  expect(ids).toHaveLength(4);
  expect(new Set(ids).size).toBe(1);
  expect(ids[0]).toMatch(/^[0-9A-Za-z]{12}$/);

  // Placed: the next new report is another draft with its own publicId.
  await screen.findByRole('button', { name: 'New report' });
  await openSqlReport('Second report');
  await click(await screen.findByRole('button', { name: 'Insert' }));
  await settle();
  const next = (fake.callsOf('insert')[4]?.[2] as InsertOptions | undefined)?.publicId;
  expect(next).toMatch(/^[0-9A-Za-z]{12}$/);
  expect(next).not.toBe(ids[0]);
});

test('the report name is required', async () => {
  const { fake } = renderPane(signedInFake());
  await openNewReport();
  await click(screen.getByRole('tab', { name: 'SQL' }));
  await change(screen.getByRole('textbox', { name: /^SQL/ }), 'SELECT 1');
  await screen.findByText('Insert at Sheet1!B2');
  await click(screen.getByRole('button', { name: 'Insert' }));
  expect(screen.getByText('Enter a report name.')).toBeTruthy();
  expect(fake.callsOf('insert')).toEqual([]);
});

test('"Use selected cell" moves the target', async () => {
  const fake = signedInFake();
  renderPane(fake);
  await openSqlReport();
  fake.cell = { sheetId: 's2', sheetName: 'Sales', row: 9, col: 3, label: 'Sales!D10' };
  await click(screen.getByRole('button', { name: 'Use selected cell' }));
  expect(screen.getByText('Insert at Sales!D10')).toBeTruthy();
  await click(screen.getByRole('button', { name: 'Insert' }));
  expect(fake.callsOf('insert')[0]?.[1]).toEqual(fake.cell);
});

test('a new selection the host tells of is the target at once, and the poll then stops asking for it', async () => {
  const fake = signedInFake();
  renderPane(fake, { activeCellPollMs: 5 });
  await openSqlReport();
  fake.cell = { sheetId: 's2', sheetName: 'Sales', row: 9, col: 3, label: 'Sales!D10' };
  act(() => fake.emit({ type: 'selectionChanged' }));
  expect(await screen.findByText('Insert at Sales!D10')).toBeTruthy();
  // The host tells of every new selection: the fallback poll reads it no more.
  const reads = fake.callsOf('activeCell').length;
  await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
  expect(fake.callsOf('activeCell').length).toBe(reads);
});

test('where the host tells of no new selection, the poll finds it', async () => {
  const fake = signedInFake();
  renderPane(fake, { activeCellPollMs: 5 });
  await openSqlReport();
  fake.cell = { sheetId: 's2', sheetName: 'Sales', row: 9, col: 3, label: 'Sales!D10' };
  expect(await screen.findByText('Insert at Sales!D10')).toBeTruthy();
});

test('an expired session says so and "Sign in again" returns to the sign-in form', async () => {
  const fake = signedInFake();
  fake.insertImpl = async () => {
    throw new AddinError('unauthenticated', 'Your API key was refused (401).', { status: 401 });
  };
  renderPane(fake);
  await openSqlReport();
  await click(screen.getByRole('button', { name: 'Insert' }));
  expect(screen.getByText('Your API key was refused (401).')).toBeTruthy();
  await click(screen.getByRole('button', { name: 'Sign in again' }));
  expect(await screen.findByLabelText(/API key/)).toBeTruthy();
});

test('a refused edit (rights not known up front) says to ask for edit access, once', async () => {
  const fake = signedInFake();
  fake.placements = [samplePlacement({ canEdit: null })];
  fake.drafts['p1'] = {
    name: 'Orders by status',
    description: 'd',
    mode: 'sql',
    sqlQuery: 'SELECT 1',
    jsonQuery: null,
    pivotItems: null,
    builderState: null,
  };
  fake.updateImpl = async () => {
    // Worded as the service words it (create-addin-service updateError), advice included.
    throw new AddinError(
      'forbidden',
      'You can refresh "Orders by status" but not change it: you do not have edit access to this report. Ask the report owner or an admin for edit access.',
      { status: 403 },
    );
  };
  const { container } = renderPane(fake);
  await click(await screen.findByRole('button', { name: 'Edit Orders by status' }));
  await screen.findByDisplayValue('SELECT 1');
  await click(screen.getByRole('button', { name: 'Save and refresh' }));
  const bar = container.querySelector('.fui-MessageBar[data-kind="forbidden"]');
  expect(bar?.textContent).toContain('you do not have edit access to this report. Ask the report owner or an admin for edit access.');
  expect(bar?.textContent?.match(/\bAsk\b/g)).toHaveLength(1);
});

test('Edit reopens the saved definition and "Save and refresh" sends the edited draft', async () => {
  const fake = signedInFake();
  fake.placements = [samplePlacement()];
  fake.drafts['p1'] = {
    name: 'Orders by status',
    description: 'old',
    mode: 'sql',
    sqlQuery: 'SELECT 1',
    jsonQuery: null,
    pivotItems: null,
    builderState: null,
  };
  renderPane(fake);
  // The first render of the pane with its list takes over a second in jsdom on a loaded machine.
  await click(await screen.findByRole('button', { name: 'Edit Orders by status' }));
  const sql = await screen.findByDisplayValue('SELECT 1');
  expect(fake.callsOf('loadDraft')).toEqual([['p1']]);
  await change(sql, 'SELECT 2');
  await click(screen.getByRole('button', { name: 'Save and refresh' }));
  await settle();
  expect(fake.callsOf('update')).toEqual([
    [
      'p1',
      {
        name: 'Orders by status',
        description: 'old',
        mode: 'sql',
        sqlQuery: 'SELECT 2',
        jsonQuery: null,
        pivotItems: null,
        builderState: null,
      },
      { jobId: 'job-1' },
    ],
  ]);
  // Saved: back in the list, the edited report's card is highlighted and says what happened.
  expect(screen.getByRole('heading', { name: 'Reports in this workbook' })).toBeTruthy();
  const card = screen.getByRole('listitem', { name: 'Orders by status' });
  expect(card.getAttribute('aria-current')).toBe('true');
  expect(card.textContent).toContain('Saved and refreshed');
  expect(card.textContent).toContain('5 rows × 2 columns in 30 ms at Sheet1!B2:C7');
});
