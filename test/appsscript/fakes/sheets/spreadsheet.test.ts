// The SpreadsheetApp fake against Google's documented behaviour: ranges, dimension errors, typed input, formats, named ranges, limits, UI.
import { createFakeEnvironment, type FakeEnvironment } from '../environment';
import { MAX_CELLS } from './spreadsheet';
import { thrownMessage } from '../../../helpers/caught-error';

let env: FakeEnvironment;
beforeEach(() => {
  env = createFakeEnvironment();
  env.begin('FULL');
});
afterEach(() => env.close());

const sheet = () => env.book.getActiveSheet();

test('a new spreadsheet has one sheet with id 0, 1000 rows and 26 columns; inserted sheets get other ids', () => {
  expect(env.book.getSheets().map((s) => [s.getName(), s.getSheetId()])).toEqual([['Sheet1', 0]]);
  expect([sheet().getMaxRows(), sheet().getMaxColumns()]).toEqual([1000, 26]);
  const other = env.book.insertSheet('Data');
  expect(other.getSheetId()).not.toBe(0);
  expect(env.book.getSheetById(other.getSheetId())).toBe(other);
  expect(thrownMessage(() => env.book.insertSheet('Data'))).toBe('A sheet with the name "Data" already exists. Please enter another name.');
});

test('getRange by row/column/size and by A1 address the same cells', () => {
  const a = sheet().getRange(2, 3, 2, 2);
  expect(a.getA1Notation()).toBe('C2:D3');
  a.setValues([
    [1, 2],
    [3, 4],
  ]);
  expect(sheet().getRange('C2:D3').getValues()).toEqual([
    [1, 2],
    [3, 4],
  ]);
  expect(env.book.getRange('Sheet1!D3').getValue()).toBe(4);
  expect(thrownMessage(() => sheet().getRange(0, 1))).toBe('The starting row of the range is too small.');
  expect(thrownMessage(() => sheet().getRange(1, 1, 1001, 1))).toBe(
    'The coordinates of the range are outside the dimensions of the sheet.',
  );
  expect(thrownMessage(() => sheet().getRange('not a range'))).toBe('Range not found');
});

test('setValues with the wrong shape throws the documented dimension messages and writes nothing', () => {
  const r = sheet().getRange(1, 1, 2, 2);
  expect(thrownMessage(() => r.setValues([[1, 2]]))).toBe(
    'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
  );
  expect(thrownMessage(() => r.setValues([[1, 2], [3]]))).toBe(
    'The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2.',
  );
  expect(thrownMessage(() => r.setNumberFormats([['@']]))).toMatch(/^The number of rows in the data does not match/);
  expect(r.getValues()).toEqual([
    ['', ''],
    ['', ''],
  ]);
});

test('strings are parsed like typed input unless the cell is formatted as plain text', () => {
  const r = sheet().getRange(1, 1, 1, 8);
  r.setValues([['=1+2', '01234', 'TRUE', '2024-01-31', "'0042", '1,234.5', 'plain', '-x']]);
  const [v] = r.getValues();
  expect(v!.slice(1, 3)).toEqual([1234, true]);
  expect((v![3] as Date).toISOString()).toBe('2024-01-31T00:00:00.000Z');
  expect(v!.slice(4, 7)).toEqual(['0042', 1234.5, 'plain']);
  expect(r.getFormulas()[0]![0]).toBe('=1+2');
  expect(r.getFormulas()[0]![7]).toBe('=-x');

  r.setNumberFormat('@');
  r.setValues([['=1+2', '01234', 'TRUE', '2024-01-31', "'0042", '1,234.5', 'plain', '-x']]);
  expect(r.getValues()).toEqual([['=1+2', '01234', 'TRUE', '2024-01-31', "'0042", '1,234.5', 'plain', '-x']]);
  expect(r.getFormulas()[0]).toEqual(['', '', '', '', '', '', '', '']);
});

test('numbers, booleans and dates are stored as given; null clears; too long text is refused', () => {
  const r = sheet().getRange('A1:D1');
  r.setValues([[12.5, false, new Date(Date.UTC(2020, 1, 29)), null]]);
  const [v] = r.getValues();
  expect(v![0]).toBe(12.5);
  expect(v![1]).toBe(false);
  expect((v![2] as Date).getTime()).toBe(Date.UTC(2020, 1, 29));
  expect(v![3]).toBe('');
  expect(thrownMessage(() => sheet().getRange('A2').setValue('x'.repeat(50001)))).toBe(
    'Your input contains more than the maximum of 50000 characters in a single cell.',
  );
});

test('number formats and font weights round-trip; clear, clearContent and clearFormat clear what they say', () => {
  const r = sheet().getRange('A1:B1');
  r.setValues([[1, 2]]);
  r.setNumberFormats([['0.00', 'yyyy-mm-dd']]);
  r.setFontWeights([['bold', null]]);
  expect(r.getNumberFormats()).toEqual([['0.00', 'yyyy-mm-dd']]);
  expect(r.getFontWeights()).toEqual([['bold', 'normal']]);
  r.clearContent();
  expect(r.getValues()).toEqual([['', '']]);
  expect(r.getNumberFormats()).toEqual([['0.00', 'yyyy-mm-dd']]);
  r.setValues([[1, 2]]);
  r.clearFormat();
  expect(r.getValues()).toEqual([[1, 2]]);
  expect(r.getNumberFormats()).toEqual([['General', 'General']]);
  expect(r.getFontWeights()).toEqual([['normal', 'normal']]);
  r.setFontWeight('bold');
  r.clear();
  expect([r.getValues(), r.getFontWeights()]).toEqual([[['', '']], [['normal', 'normal']]]);
});

test('named ranges move with rows inserted above, grow with rows inserted inside, and break when all their rows are deleted', () => {
  sheet()
    .getRange('B2:C4')
    .setValues([
      ['h1', 'h2'],
      [1, 2],
      [3, 4],
    ]);
  env.book.setNamedRange('svc_p1', sheet().getRange('B2:C4'));
  sheet().insertRowsBefore(1, 2);
  expect(env.book.getRangeByName('svc_p1')!.getA1Notation()).toBe('B4:C6');
  expect(env.book.getRangeByName('svc_p1')!.getValues()[0]).toEqual(['h1', 'h2']);
  sheet().insertColumnsBefore(1, 1);
  expect(env.book.getRangeByName('svc_p1')!.getA1Notation()).toBe('C4:D6');
  sheet().insertRowsAfter(4, 1);
  expect(env.book.getRangeByName('svc_p1')!.getA1Notation()).toBe('C4:D7');
  sheet().deleteRows(5, 1);
  expect(env.book.getRangeByName('svc_p1')!.getA1Notation()).toBe('C4:D6');
  sheet().deleteRows(3, 2);
  expect(env.book.getRangeByName('svc_p1')!.getA1Notation()).toBe('C3:D4');
  expect(env.book.getRangeByName('svc_p1')!.getValues()).toEqual([
    [1, 2],
    [3, 4],
  ]);
  sheet().deleteRows(3, 2);
  expect(env.book.getRangeByName('svc_p1')).toBeNull();
  expect(env.book.getNamedRanges()).toEqual([]);
});

test('named ranges move up and left when lines above or before them are deleted, shrink when cut, and break when all their columns go', () => {
  sheet().getRange('C5:E8').setValue('x');
  env.book.setNamedRange('svc_p2', sheet().getRange('C5:E8'));
  sheet().deleteRows(1, 2);
  expect(env.book.getRangeByName('svc_p2')!.getA1Notation()).toBe('C3:E6');
  sheet().deleteColumns(1, 1);
  expect(env.book.getRangeByName('svc_p2')!.getA1Notation()).toBe('B3:D6');
  sheet().deleteColumns(1, 2);
  expect(env.book.getRangeByName('svc_p2')!.getA1Notation()).toBe('A3:B6');
  sheet().insertColumnsAfter(1, 3);
  expect(env.book.getRangeByName('svc_p2')!.getA1Notation()).toBe('A3:E6');
  expect(env.book.getRangeByName('svc_p2')!.getValues()[0]).toEqual(['x', '', '', '', 'x']);
  sheet().deleteColumns(1, 5);
  expect(env.book.getRangeByName('svc_p2')).toBeNull();
});

test('named ranges are listed, replaced and removed; a deleted sheet takes its named ranges', () => {
  const first = sheet();
  const data = env.book.insertSheet('Data');
  env.book.setNamedRange('svc_a', data.getRange('A1'));
  env.book.setNamedRange('svc_b', first.getRange('A1'));
  expect(env.book.getNamedRanges().map((n) => n.getName())).toEqual(['svc_a', 'svc_b']);
  expect(thrownMessage(() => env.book.setNamedRange('A1', data.getRange('A1')))).toMatch(/not a valid named range name/);
  env.book.deleteSheet(data);
  expect(env.book.getNamedRanges().map((n) => n.getName())).toEqual(['svc_b']);
  env.book.removeNamedRange('svc_b');
  expect(thrownMessage(() => env.book.removeNamedRange('svc_b'))).toMatch(/not found/);
  expect(thrownMessage(() => env.book.deleteSheet(env.book.getSheets()[0]!))).toBe("You can't remove all the sheets in a document.");
});

test('the workbook cannot grow past 10,000,000 cells', () => {
  sheet().insertRowsAfter(1000, Math.floor(MAX_CELLS / 26) - 1000);
  expect(env.book.totalCells()).toBe(9_999_990);
  expect(thrownMessage(() => sheet().insertRowsAfter(1, 1))).toBe(
    'This action would increase the number of cells in the workbook above the limit of 10000000 cells.',
  );
  expect(thrownMessage(() => env.book.insertSheet())).toMatch(/above the limit of 10000000 cells/);
});

test('the selection: A1 of the active sheet at first; activate selects a range and its top-left current cell, on its sheet', () => {
  expect(env.book.getCurrentCell().getA1Notation()).toBe('A1');
  const data = env.book.insertSheet('Data');
  data.getRange('C3:D9').activate();
  expect(env.book.getActiveSheet()).toBe(data);
  expect(env.book.getActiveRange().getA1Notation()).toBe('C3:D9');
  expect(env.book.getCurrentCell().getA1Notation()).toBe('C3');
  env.book.getSheets()[0]!.activate();
  expect(env.book.getCurrentCell().getSheet().getName()).toBe('Sheet1');
  expect(env.book.getCurrentCell().getA1Notation()).toBe('A1');
});

test('toast and menus are recorded; menus and the sidebar work in AuthMode.NONE, the document does not', () => {
  env.begin('NONE');
  const ui = (env.globals().SpreadsheetApp as { getUi(): typeof env.ui }).getUi();
  ui.createMenu('Reports').addItem('Open reports', 'openReports').addSeparator().addToUi();
  expect(env.ui.menus).toEqual([
    { caption: 'Reports', addon: false, items: [{ caption: 'Open reports', functionName: 'openReports' }, 'separator'] },
  ]);
  expect(thrownMessage(() => env.book.getSheets())).toBe(
    'You do not have permission to call SpreadsheetApp.Spreadsheet.getSheets. Required permissions: https://www.googleapis.com/auth/spreadsheets.currentonly',
  );
  env.begin('LIMITED');
  env.book.toast('Done', 'Reports', 3);
  expect(env.book.toasts).toEqual([{ msg: 'Done', title: 'Reports', timeoutSeconds: 3 }]);
});
