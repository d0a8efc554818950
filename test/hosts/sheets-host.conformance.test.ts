/**
 * The host conformance suite on SheetsHost over the Apps Script fakes (SpreadsheetApp, PropertiesService, LockService).
 * Its workbook edits are made as a user's in the Sheets editor.
 */
import { SheetsHost } from '../../appsscript/server/host/sheets-host';
import { createFakeEnvironment, type FakeEnvironment } from '../appsscript/fakes/environment';
import type { FakeSheet } from '../appsscript/fakes/sheets/sheet';
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
  const env = envs.get(host)!;
  const sheet = (id: string): FakeSheet => {
    const s = env.book.sheets.find((x) => String(x.getSheetId()) === id);
    if (!s) throw new Error(`no sheet ${id}`);
    return s;
  };
  return {
    insertRows: async (id, row, count) => void sheet(id).insertRowsBefore(row + 1, count),
    deleteRows: async (id, row, count) => sheet(id).deleteRows(row + 1, count),
    insertColumns: async (id, col, count) => void sheet(id).insertColumnsBefore(col + 1, count),
    deleteColumns: async (id, col, count) => sheet(id).deleteColumns(col + 1, count),
    addSheet: async (name) => {
      const s = env.book.insertSheet(name);
      return { id: String(s.getSheetId()), name: s.getName() };
    },
    deleteSheet: async (id) => env.book.deleteSheet(sheet(id)),
  };
}

describeSpreadsheetHost('SheetsHost', makeHost, sheetEdits, {
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
