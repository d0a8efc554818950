/** What the task pane shows at start: outside Office, in an Excel that lacks a requirement set, or the pane. */
import { startPane, OUTSIDE_OFFICE_MESSAGE } from '../../src/excel/start-pane';
import { createOfficeFake } from './fake/install';

const office = (config: Parameters<typeof createOfficeFake>[0]) => createOfficeFake(config).globals.Office as unknown as typeof Office;

it('says to open the page from Excel in a plain browser tab or when office.js did not load', async () => {
  expect(await startPane(office({ insideOffice: false }))).toEqual({ kind: 'outsideOffice', message: OUTSIDE_OFFICE_MESSAGE });
  expect((await startPane(undefined)).kind).toBe('outsideOffice');
});

it('names the missing requirement sets in an older Excel and starts in a current one', async () => {
  const old = await startPane(office({ requirementSets: { ExcelApi: '1.5' } }));
  expect(old.kind).toBe('unsupported');
  expect(old.kind === 'unsupported' && old.message).toMatch(/lacks ExcelApi 1\.7 .* and SharedRuntime 1\.1/);
  expect(await startPane(office({}))).toEqual({ kind: 'ready' });
});
