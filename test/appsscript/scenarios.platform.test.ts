// The BUILT server bundle in a vm with the Apps Script fakes, driven through the sidebar's client against the real local platform.
// Scenarios: insert, refresh and Undo refresh, Refresh all with a failing placement, rows inserted above, inert text, cells in the way
// named, a result too large for the spreadsheet, the menu's Refresh all resuming past the time limit, and the API key
// never in the document.
import { PRODUCT_PREFIX } from '../../src/core/wire/wire-names';
import { MAX_BATCH_REQUESTS } from '../../appsscript/server/service/fetch-batcher';
import { serverClient, type ServerClient } from '../../appsscript/sidebar/server-client';
import type { ReportDraft } from '../../src/core/service/addin-service';
import { addinRejection } from '../helpers/caught-error';
import { sqlDraft } from '../helpers/sql-draft';
import { createFakeEnvironment, type FakeEnvironment } from './fakes/environment';
import { useBuiltServer } from './helpers/built-server';
import { scriptRunBridge } from './helpers/script-run-bridge';
import { drainExecution, fireDueTriggers, loadProject } from './helpers/vm-project';

const EDITOR = 'dev-editor-key';
const server = useBuiltServer('sheets-scenarios-');
let env: FakeEnvironment;
let client: ServerClient;
let jobs = 0;

beforeEach(() => {
  env = createFakeEnvironment({ fetchCostMs: 200 });
  client = serverClient(scriptRunBridge(env, server.code).run, { sleep: async () => undefined });
});
afterEach(() => env.close());

const jobId = (): string => `job_${String((jobs += 1)).padStart(16, '0')}`;

const BY_STATUS = 'SELECT status, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1';

async function signedIn(): Promise<void> {
  await client.call('signIn', { tenantUrl: server.platform.url, apiKey: EDITOR, authScheme: 'auto' }).catch((e: { detail?: string }) => {
    throw new Error(String(e.detail));
  });
  const environments = await client.call('listEnvironments', { deploymentId: '101' });
  const production = environments.find((e) => e.type === 'production');
  if (!production) throw new Error('no production environment');
  await client.call('setContext', { deploymentId: '101', environmentId: production.id });
}

async function insertAt(row: number, col: number, draft: ReportDraft, sheetIndex = 0) {
  const sheet = env.book.sheets[sheetIndex]!;
  const target = { sheetId: String(sheet.sheetId), sheetName: sheet.name, row, col, label: `${sheet.name}!R${row + 1}C${col + 1}` };
  return client.call('insert', { draft, target, jobId: jobId(), overwrite: false });
}

const cells = (row: number, col: number, rows: number, cols: number, sheetIndex = 0) =>
  env.book.sheets[sheetIndex]!.getRange(row + 1, col + 1, rows, cols).getValues();

test('sign in, insert and refresh: the report lands in the cells, its job status reached the sidebar, the key stays in user properties', async () => {
  await signedIn();
  const id = jobId();
  const sheet = env.book.sheets[0]!;
  const outcome = await client.call('insert', {
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
  const status = await client.call('jobStatus', { jobId: id });
  expect(status).toMatchObject({ state: 'done', outcome: { placementId: outcome.placementId } });
  const [view] = await client.call('listPlacements', {});
  expect(view).toMatchObject({ placementId: outcome.placementId, status: 'upToDate', rangeLabel: outcome.rangeLabel });
  // A cell typed over inside the report stops a refresh, named, and stays; told to overwrite, the refresh writes the cells again.
  sheet.getRange(3, 3).setValue(-1);
  const refused = await addinRejection(client.call('refresh', { placementId: outcome.placementId, jobId: jobId() }));
  expect(refused.kind).toBe('handEdited');
  expect(refused.message).toBe('"By status" has cells edited by hand: C3. Refreshing would overwrite them.');
  expect(refused.data).toMatchObject({ text: 'C3', count: 1, exact: true });
  expect(sheet.getRange(3, 3).getValue()).toBe(-1);
  const again = await client.call('refresh', { placementId: outcome.placementId, jobId: jobId(), handEdits: 'overwrite' });
  expect(again.changes).toMatchObject({ text: '1 cell changed', changedCells: 1 });
  expect(again.undo).toEqual({ available: true });
  expect(again.rangeLabel).toBe(outcome.rangeLabel);
  expect(cells(2, 1, outcome.dataRows, 2)).toEqual(data);
  // Undo refresh is another execution: it finds what the refresh replaced in the user cache and puts the typed cell back.
  const [listed] = await client.call('listPlacements', {});
  expect(listed?.undo).toEqual({ available: true });
  await client.call('undoRefresh', { placementId: outcome.placementId, jobId: jobId() });
  expect(sheet.getRange(3, 3).getValue()).toBe(-1);
  const [after] = await client.call('listPlacements', {});
  expect(after?.undo).toEqual({ available: false });
  const nothing = await addinRejection(client.call('undoRefresh', { placementId: outcome.placementId, jobId: jobId() }));
  expect(nothing.message).toBe(
    'The last refresh of "By status" cannot be undone. Google Sheets keeps what a refresh replaced for up to 6 hours, and may let it go sooner: use Edit > Undo or the version history.',
  );
  expectNoKeyInDocument();
});

test('rows inserted above a placement: the refresh writes where the named range moved, nothing at the old place', async () => {
  await signedIn();
  const outcome = await insertAt(0, 0, sqlDraft('By status', BY_STATUS));
  env.book.sheets[0]!.insertRowsBefore(1, 3);
  await client.call('refresh', { placementId: outcome.placementId, jobId: jobId() });
  expect(
    cells(0, 0, 3, 2)
      .flat()
      .every((v) => v === ''),
  ).toBe(true);
  expect(String(cells(3, 0, 1, 1)[0]?.[0])).toMatch(/status/i);
  const [view] = await client.call('listPlacements', {});
  expect(view?.rangeLabel).toMatch(/^Sheet1!A4:B\d+$/);
});

test('formula-like and number-like text is read back as the same text, never a formula or number', async () => {
  await signedIn();
  const sql = "SELECT '=1+1' AS f, '+33 1 23' AS p, '00123' AS z, '2024-01-15' AS d, '@user' AS a, 'TRUE' AS t";
  const outcome = await insertAt(0, 0, sqlDraft('Inert text', sql));
  expect(outcome.dataRows).toBe(1);
  expect(cells(1, 0, 1, 6)[0]).toEqual(['=1+1', '+33 1 23', '00123', '2024-01-15', '@user', 'TRUE']);
  expect(
    env.book.sheets[0]!.getRange(2, 1, 1, 6)
      .getFormulas()[0]!
      .every((f) => f === ''),
  ).toBe(true);
  for (const cell of env.book.sheets[0]!.cells.values())
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
  env.book.sheets[0]!.getRange(2, 5).setValue('user edit');
  env.book.sheets[0]!.deleteColumns(5, 2); // B's columns deleted: B is orphaned
  const summary = await client.call('refreshAll', { placementIds: [a.placementId, b.placementId], jobId: jobId() });
  expect(summary).toMatchObject({ total: 2, done: 1, failed: 1 });
  const views = await client.call('listPlacements', {});
  expect(views.find((v) => v.placementId === b.placementId)?.status).toBe('orphaned');
  expect(views.find((v) => v.placementId === a.placementId)?.status).toBe('upToDate');
});

test('cells in the way: the blocked answer names them across google.script.run, and nothing is written or recorded', async () => {
  await signedIn();
  const sheet = env.book.sheets[0]!;
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
  expect(await client.call('listPlacements', {})).toEqual([]);
});

test('a result too large for the spreadsheet is refused before writing: the cells stay as they were', async () => {
  await signedIn();
  // Another tab fills the spreadsheet to 60 cells under Google's 10,000,000.
  const filler = env.book.insertSheet('Filler');
  filler.insertRowsAfter(1000, Math.floor((10_000_000 - 26_000 - 60) / 26) - 1000);
  env.book.sheets[0]!.getRange(997, 1).setValue('keep');
  const before = env.book.totalCells();
  const e = await addinRejection(insertAt(997, 0, sqlDraft('Too big', BY_STATUS)));
  expect(e.kind).toBe('limit');
  expect(env.book.totalCells()).toBe(before);
  expect(cells(996, 0, 4, 2)).toEqual([
    ['keep', ''],
    ['', ''],
    ['', ''],
    ['', ''],
  ]);
  expect(await client.call('listPlacements', {})).toEqual([]);
});

test('the menu’s Refresh all stops before the 6-minute limit and a trigger finishes it, no placement refreshed twice', async () => {
  await signedIn();
  const ids: string[] = [];
  // One fetchAll batch and two more placements: the run stops after the first batch.
  for (let i = 0; i < MAX_BATCH_REQUESTS + 2; i += 1)
    ids.push((await insertAt((i % 4) * 10, Math.floor(i / 4) * 3, sqlDraft(`R${i}`, BY_STATUS))).placementId);
  // The platform calls one refresh makes for its placement (a sidebar refresh), to compare with.
  const oneBefore = env.urlFetch.requests.length;
  await client.call('refresh', { placementId: ids[0]!, jobId: jobId() });
  const perRefresh = env.urlFetch.requests.slice(oneBefore).filter((r) => /connect-workbook/.test(r.url)).length;
  expect(perRefresh).toBeGreaterThan(0);
  // Each fetch now costs 40 s of the execution's time.
  env.fetchOptions.costMs = 40_000;
  const queriesBefore = env.urlFetch.requests.length;
  const scope = loadProject(env, server.code, 'FULL');
  scope.refreshAllReports!();
  await drainExecution();
  expect(env.triggers.app.getProjectTriggers().map((t) => t.getHandlerFunction())).toEqual(['resumeRefreshAll']);
  const saved = JSON.parse(env.stores.document.data.get(`${PRODUCT_PREFIX}.refreshAll.resume`) ?? 'null') as {
    remaining: string[];
    done: string[];
  };
  expect(saved.done.length).toBeGreaterThan(0);
  expect(saved.remaining.length).toBeGreaterThan(0);
  expect([...saved.done, ...saved.remaining].sort()).toEqual([...ids].sort());
  expect(env.execution.elapsed()).toBeLessThan(6 * 60 * 1000);
  // The trigger fires a minute later, in executions of its own, until the run is done.
  for (let round = 0; round < 6 && env.stores.document.data.has(`${PRODUCT_PREFIX}.refreshAll.resume`); round += 1) {
    env.execution.advance(60_000);
    await fireDueTriggers(env, server.code);
  }
  expect(env.stores.document.data.has(`${PRODUCT_PREFIX}.refreshAll.resume`)).toBe(false);
  expect(env.triggers.app.getProjectTriggers()).toEqual([]);
  const connects = env.urlFetch.requests.slice(queriesBefore).filter((r) => /connect-workbook/.test(r.url));
  const perPlacement = ids.map((id) => connects.filter((r) => (r.body ?? '').includes(id)).length);
  expect(perPlacement).toEqual(ids.map(() => perRefresh));
  expect(env.book.toasts.at(-1)?.msg).toMatch(new RegExp(`^Refreshed ${ids.length} reports, in \\d runs\\.$`));
  // The menu's runs keep what they replaced too: every card offers Undo refresh, and it runs from the sidebar.
  env.fetchOptions.costMs = 0;
  env.begin('FULL');
  const views = await client.call('listPlacements', {});
  expect(views.map((v) => [v.placementId, v.undo]).sort()).toEqual(ids.map((id) => [id, { available: true }]).sort());
  await client.call('undoRefresh', { placementId: ids[1]!, jobId: jobId() });
  expectNoKeyInDocument();
});

test('AuthMode.NONE: onOpen only builds the menu', () => {
  const scope = loadProject(env, server.code, 'NONE');
  scope.onOpen!({ authMode: 'NONE' });
  expect(env.ui.menus).toHaveLength(1);
  expect(env.urlFetch.requests).toEqual([]);
});

function expectNoKeyInDocument(): void {
  const document = JSON.stringify([...env.stores.document.data]);
  expect(document).not.toContain(EDITOR);
  expect(JSON.stringify([...env.book.namedRanges.keys()])).not.toContain(EDITOR);
  for (const sheet of env.book.sheets) for (const cell of sheet.cells.values()) expect(JSON.stringify(cell)).not.toContain(EDITOR);
  expect(JSON.stringify([...env.stores.user.data.values()])).toContain(EDITOR);
}
