// The BUILT server bundle in a vm with the Apps Script fakes, driven through the sidebar's client against the real local platform.
// Scenarios: insert, refresh and Undo refresh, Refresh all with a failing placement, rows inserted above, inert text, cells in the way
// named, a result too large for the spreadsheet, and the API key never in the document.
import { addinRejection } from '../helpers/caught-error';
import { sqlDraft } from '../helpers/sql-draft';
import { useBuiltServer } from './helpers/built-server';
import { useSheetsScenario } from './helpers/sheets-scenario';
import { loadProject } from './helpers/vm-project';

const server = useBuiltServer('sheets-scenarios-');
const scenario = useSheetsScenario(server);
const { jobId, signedIn, insertAt, cells, expectNoKeyInDocument } = scenario;

const BY_STATUS = 'SELECT status, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1';

test('sign in, insert and refresh: the report lands in the cells, its job status reached the sidebar, the key stays in user properties', async () => {
  await signedIn();
  const id = jobId();
  const sheet = scenario.env.book.sheets[0]!;
  const outcome = await scenario.client.call('insert', {
    draft: sqlDraft('By status', BY_STATUS),
    target: { sheetId: String(sheet.sheetId), sheetName: 'Sheet1', row: 1, col: 1, label: 'Sheet1!B2' },
    jobId: id,
    overwrite: false,
  });
  expect(outcome.rangeLabel).toMatch(/^Sheet1!B2:C\d+$/);
  const header = cells(1, 1, 1, 2)[0];
  expect(header?.[0]).toMatch(/status/i);
  const data = cells(2, 1, outcome.dataRows, 2);
  expect(data.reduce((n, r) => n + Number(r[1]), 0)).toBe(500);
  // The job's outcome reached the sidebar through jobStatus, whatever the entry point returned.
  const status = await scenario.client.call('jobStatus', { jobId: id });
  expect(status).toMatchObject({ state: 'done', outcome: { placementId: outcome.placementId } });
  const [view] = await scenario.client.call('listPlacements', {});
  expect(view).toMatchObject({ placementId: outcome.placementId, status: 'upToDate', rangeLabel: outcome.rangeLabel });
  // A cell typed over inside the report stops a refresh, named, and stays; told to overwrite, the refresh writes the cells again.
  sheet.getRange(3, 3).setValue(-1);
  const refused = await addinRejection(scenario.client.call('refresh', { placementId: outcome.placementId, jobId: jobId() }));
  expect(refused.kind).toBe('handEdited');
  expect(refused.message).toBe('"By status" has cells edited by hand: C3. Refreshing would overwrite them.');
  expect(refused.data).toMatchObject({ text: 'C3', count: 1, exact: true });
  expect(sheet.getRange(3, 3).getValue()).toBe(-1);
  const again = await scenario.client.call('refresh', { placementId: outcome.placementId, jobId: jobId(), handEdits: 'overwrite' });
  expect(again.changes).toMatchObject({ text: '1 cell changed', changedCells: 1 });
  expect(again.undo).toEqual({ available: true });
  expect(again.rangeLabel).toBe(outcome.rangeLabel);
  expect(cells(2, 1, outcome.dataRows, 2)).toEqual(data);
  // Undo refresh is another execution: it finds what the refresh replaced in the user cache and puts the typed cell back.
  const [listed] = await scenario.client.call('listPlacements', {});
  expect(listed?.undo).toEqual({ available: true });
  await scenario.client.call('undoRefresh', { placementId: outcome.placementId, jobId: jobId() });
  expect(sheet.getRange(3, 3).getValue()).toBe(-1);
  const [after] = await scenario.client.call('listPlacements', {});
  expect(after?.undo).toEqual({ available: false });
  const nothing = await addinRejection(scenario.client.call('undoRefresh', { placementId: outcome.placementId, jobId: jobId() }));
  expect(nothing.message).toBe(
    'The last refresh of "By status" cannot be undone. Google Sheets keeps what a refresh replaced for up to 6 hours, and may let it go sooner: use Edit > Undo or the version history.',
  );
  expectNoKeyInDocument();
});

test('rows inserted above a placement: the refresh writes where the named range moved, nothing at the old place', async () => {
  await signedIn();
  const outcome = await insertAt(0, 0, sqlDraft('By status', BY_STATUS));
  scenario.env.book.sheets[0]!.insertRowsBefore(1, 3);
  await scenario.client.call('refresh', { placementId: outcome.placementId, jobId: jobId() });
  expect(
    cells(0, 0, 3, 2)
      .flat()
      .every((v) => v === ''),
  ).toBe(true);
  expect(String(cells(3, 0, 1, 1)[0]?.[0])).toMatch(/status/i);
  const [view] = await scenario.client.call('listPlacements', {});
  expect(view?.rangeLabel).toMatch(/^Sheet1!A4:B\d+$/);
});

test('formula-like and number-like text is read back as the same text, never a formula or number', async () => {
  await signedIn();
  const sql = "SELECT '=1+1' AS f, '+33 1 23' AS p, '00123' AS z, '2024-01-15' AS d, '@user' AS a, 'TRUE' AS t";
  const outcome = await insertAt(0, 0, sqlDraft('Inert text', sql));
  expect(outcome.dataRows).toBe(1);
  expect(cells(1, 0, 1, 6)[0]).toEqual(['=1+1', '+33 1 23', '00123', '2024-01-15', '@user', 'TRUE']);
  expect(
    scenario.env.book.sheets[0]!.getRange(2, 1, 1, 6)
      .getFormulas()[0]!
      .every((f) => f === ''),
  ).toBe(true);
  for (const cell of scenario.env.book.sheets[0]!.cells.values())
    if (cell.value.kind === 'text') expect(cell.value.text.startsWith("'")).toBe(false);
});

test('Refresh all with a failing placement: the others refresh, the failure is reported, its cells stay', async () => {
  await signedIn();
  const a = await insertAt(0, 0, sqlDraft('A', BY_STATUS));
  const b = await insertAt(0, 4, sqlDraft('B', BY_STATUS));
  // B's platform report is made to fail: its SQL now names a column that does not exist.
  const bad = await insertAt(0, 8, sqlDraft('C', 'SELECT no_such_column FROM orders'))
    .then(() => null)
    .catch((e: unknown) => e);
  expect(bad).not.toBeNull();
  scenario.env.book.sheets[0]!.getRange(2, 5).setValue('user edit');
  scenario.env.book.sheets[0]!.deleteColumns(5, 2); // B's columns deleted: B is orphaned
  const summary = await scenario.client.call('refreshAll', { placementIds: [a.placementId, b.placementId], jobId: jobId() });
  expect(summary).toMatchObject({ total: 2, done: 1, failed: 1 });
  const views = await scenario.client.call('listPlacements', {});
  expect(views.find((v) => v.placementId === b.placementId)?.status).toBe('orphaned');
  expect(views.find((v) => v.placementId === a.placementId)?.status).toBe('upToDate');
});

test('cells in the way: the blocked answer names them across google.script.run, and nothing is written or recorded', async () => {
  await signedIn();
  const sheet = scenario.env.book.sheets[0]!;
  sheet.getRange(3, 3).setValue('keep');
  sheet.getRange(4, 2).setValue(7);
  const e = await addinRejection(insertAt(1, 1, sqlDraft('By status', BY_STATUS)));
  expect(e.kind).toBe('blocked');
  expect(e.data).toEqual({ cell: 'C3', cells: ['C3', 'B4'], total: 2, otherPlacement: false });
  expect(cells(1, 1, 3, 2)).toEqual([
    ['', ''],
    ['', 'keep'],
    [7, ''],
  ]);
  expect(await scenario.client.call('listPlacements', {})).toEqual([]);
});

test('a result too large for the spreadsheet is refused before writing: the cells stay as they were', async () => {
  await signedIn();
  // Another tab fills the spreadsheet to 60 cells under Google's 10,000,000.
  const filler = scenario.env.book.insertSheet('Filler');
  filler.insertRowsAfter(1000, Math.floor((10_000_000 - 26_000 - 60) / 26) - 1000);
  scenario.env.book.sheets[0]!.getRange(997, 1).setValue('keep');
  const before = scenario.env.book.totalCells();
  const e = await addinRejection(insertAt(997, 0, sqlDraft('Too big', BY_STATUS)));
  expect(e.kind).toBe('limit');
  expect(scenario.env.book.totalCells()).toBe(before);
  expect(cells(996, 0, 4, 2)).toEqual([
    ['keep', ''],
    ['', ''],
    ['', ''],
    ['', ''],
  ]);
  expect(await scenario.client.call('listPlacements', {})).toEqual([]);
});

test('AuthMode.NONE: onOpen only builds the menu', () => {
  const scope = loadProject(scenario.env, server.code, 'NONE');
  scope.onOpen!({ authMode: 'NONE' });
  expect(scenario.env.ui.menus).toHaveLength(1);
  expect(scenario.env.urlFetch.requests).toEqual([]);
});
