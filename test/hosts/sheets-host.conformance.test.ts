/**
 * The host conformance suite on SheetsHost over the Apps Script fakes (SpreadsheetApp, PropertiesService, LockService).
 * Its workbook edits are made as a user's in the Sheets editor.
 */
import { SheetsHost } from '../../appsscript/server/host/sheets-host';
import { createFakeEnvironment, type FakeEnvironment } from '../appsscript/fakes/environment';
import { sheetsEdits } from '../appsscript/helpers/sheets-edits';
import { describeSpreadsheetHost, type WorkbookEdits } from './describe-spreadsheet-host';

const envs = new WeakMap<SheetsHost, FakeEnvironment>();

function makeHost(): SheetsHost {
  const env = createFakeEnvironment();
  env.begin('FULL');
  const host = new SheetsHost({
    spreadsheet: env.book,
    documentProperties: env.stores.document,
    userProperties: env.stores.user,
    lock: env.lockService,
  });
  envs.set(host, env);
  return host;
}

function sheetEdits(host: SheetsHost): WorkbookEdits {
  return sheetsEdits(envs.get(host)!);
}

describeSpreadsheetHost('SheetsHost', makeHost, sheetEdits, {
  notesAt: (host, sheetId, row, col) => {
    const sheet = envs
      .get(host)
      ?.book.getSheets()
      .find((s) => String(s.getSheetId()) === sheetId);
    return sheet?.getRange(row + 1, col + 1, 1, 1).getNote() || null;
  },
  dispose: (host) => envs.get(host)?.close(),
  selectedRanges: (host) =>
    (envs.get(host)?.book.activeRangeList ?? []).map((r) => ({
      sheetId: String(r.getSheet().getSheetId()),
      row: r.getRow() - 1,
      col: r.getColumn() - 1,
      rows: r.getNumRows(),
      cols: r.getNumColumns(),
    })),
});
