/** A user's row, column and sheet edits in the Sheets editor, made on the Apps Script fakes (for host-level suites). */
import type { FakeEnvironment } from '../fakes/environment';
import type { FakeSheet } from '../fakes/sheets/sheet';
import type { WorkbookEdits } from '../../hosts/describe-spreadsheet-host';

export function sheetsEdits(env: FakeEnvironment): WorkbookEdits {
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
    defineName: async (name, r) => {
      if (env.book.getRangeByName(name)) env.book.removeNamedRange(name);
      env.book.setNamedRange(name, sheet(r.sheetId).getRange(r.row + 1, r.col + 1, r.rows, r.cols));
    },
    deleteName: async (name) => env.book.removeNamedRange(name),
  };
}
