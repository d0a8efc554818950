/** The conformance suite's workbook edits on a WorkbookModel (the memory and preview hosts share it), as a user makes them. */
import type { WorkbookModel } from '../../src/core/memory/workbook-model';
import { defineName, deleteName } from '../../src/core/memory/workbook-names';
import type { WorkbookEdits } from './describe-spreadsheet-host';

export function modelEdits(model: WorkbookModel): WorkbookEdits {
  return {
    insertRows: async (sheetId, row, count) => model.insertRows(sheetId, row, count),
    deleteRows: async (sheetId, row, count) => model.deleteRows(sheetId, row, count),
    insertColumns: async (sheetId, col, count) => model.insertColumns(sheetId, col, count),
    deleteColumns: async (sheetId, col, count) => model.deleteColumns(sheetId, col, count),
    addSheet: async (name) => model.addSheet(name),
    deleteSheet: async (sheetId) => model.deleteSheet(sheetId),
    defineName: async (name, range) => defineName(model, name, range),
    deleteName: async (name) => deleteName(model, name),
  };
}
