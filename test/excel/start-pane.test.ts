/** What the task pane shows at start: outside Office, in an Excel that lacks a requirement set, or the pane. */
import { startPane, OUTSIDE_OFFICE_MESSAGE, OFFICE_JS_MISSING_MESSAGE, OFFICE_NOT_READY_MESSAGE } from '../../src/excel/start-pane';
import { createOfficeFake } from './fake/install';

const office = (config: Parameters<typeof createOfficeFake>[0]) => createOfficeFake(config).globals.Office as unknown as typeof Office;

it('says to open the page from Excel in a plain browser tab', async () => {
  expect(await startPane(office({ insideOffice: false }))).toEqual({ kind: 'outsideOffice', message: OUTSIDE_OFFICE_MESSAGE });
});

it('says office.js could not be loaded, and what to try, when the page has no Office API', async () => {
  expect(await startPane(undefined)).toEqual({ kind: 'officeUnavailable', message: OFFICE_JS_MISSING_MESSAGE });
  expect(OFFICE_JS_MISSING_MESSAGE).toMatch(/could not be loaded[\s\S]*appsforoffice\.microsoft\.com[\s\S]*open it again/);
});

it('says Excel did not answer when Office.onReady never resolves', async () => {
  const silent = { ...office({}), onReady: () => new Promise<never>(() => undefined) } as unknown as typeof Office;
  expect(await startPane(silent, 10)).toEqual({ kind: 'officeUnavailable', message: OFFICE_NOT_READY_MESSAGE });
});

it('names the missing requirement sets in an older Excel and starts in a current one', async () => {
  const old = await startPane(office({ requirementSets: { ExcelApi: '1.5' } }));
  expect(old.kind).toBe('unsupported');
  expect(old.kind === 'unsupported' && old.message).toMatch(/lacks ExcelApi 1\.7 .* and SharedRuntime 1\.1/);
  expect(await startPane(office({}))).toEqual({ kind: 'ready' });
});
