/**
 * The host conformance suite on ExcelHost over the Office.js fake.
 * The user's edits are made through the fake's row, column and sheet inserts and deletes.
 */
import type { ExcelHost } from '../../src/excel/excel-host';
import { describeSpreadsheetHost } from '../hosts/describe-spreadsheet-host';
import { fakeExcelHost, fakeUserEdits, type InstalledOfficeFake } from './helpers/fake-excel-host';

const fakes = new WeakMap<ExcelHost, InstalledOfficeFake>();

describeSpreadsheetHost(
  'ExcelHost',
  () => {
    const { host, fake } = fakeExcelHost({ sheets: ['Sheet1'], excelApi: 18 });
    fakes.set(host, fake);
    return host;
  },
  (host) => fakeUserEdits(host, fakes.get(host)!),
  {
    dispose: (host) => fakes.get(host)?.uninstall(),
    notesAt: (host, sheetId, row, col) => fakes.get(host)?.state.notes.get(`${sheetId}!${row},${col}`)?.content ?? null,
    selectedRanges: (host) => {
      const state = fakes.get(host)!.state;
      return state.selectedAreas.map((rect) => ({ sheetId: state.selection.sheetId, ...rect }));
    },
  },
);
