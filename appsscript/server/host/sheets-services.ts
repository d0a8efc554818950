/**
 * The subset of SpreadsheetApp's Spreadsheet, Sheet, Range and NamedRange classes that SheetsHost uses.
 * They are structural interfaces that the real classes and the test fakes both satisfy.
 */

export type SheetsCellValue = string | number | boolean | Date;

export interface SheetsRange {
  getSheet(): SheetsSheet;
  getRow(): number;
  getColumn(): number;
  getNumRows(): number;
  getNumColumns(): number;
  getValues(): SheetsCellValue[][];
  setValues(values: Array<Array<string | number | boolean>>): unknown;
  getNumberFormats(): string[][];
  setNumberFormats(formats: string[][]): unknown;
  getFontWeights(): string[][];
  setFontWeights(weights: Array<Array<string | null>>): unknown;
  clear(options: { contentsOnly: boolean }): unknown;
  setNote(note: string): unknown;
  clearNote(): unknown;
  activate(): unknown;
}

export interface SheetsSheet {
  getSheetId(): number;
  getName(): string;
  getMaxRows(): number;
  getMaxColumns(): number;
  getRange(row: number, column: number, numRows: number, numColumns: number): SheetsRange;
  /** Several ranges of the sheet by A1 notation; `activate` selects them all (the last one holds the current cell). */
  getRangeList(a1Notations: string[]): { activate(): unknown };
  insertRowsAfter(afterPosition: number, howMany: number): unknown;
  insertRowsBefore(beforePosition: number, howMany: number): unknown;
  deleteRows(rowPosition: number, howMany: number): unknown;
  insertColumnsAfter(afterPosition: number, howMany: number): unknown;
  autoResizeColumns(startColumn: number, numColumns: number): unknown;
}

export interface SheetsNamedRange {
  getName(): string;
  getRange(): SheetsRange;
}

export interface SheetsSpreadsheet {
  getId(): string;
  getName(): string;
  getSpreadsheetTimeZone(): string;
  getSheets(): SheetsSheet[];
  getActiveSheet(): SheetsSheet;
  getCurrentCell(): SheetsRange | null;
  getNamedRanges(): SheetsNamedRange[];
  setNamedRange(name: string, range: SheetsRange): unknown;
  removeNamedRange(name: string): unknown;
  toast(msg: string, title: string, timeoutSeconds: number): unknown;
}

/** A property store with the batch write SheetsHost's document store uses (Apps Script's Properties class). */
export interface BatchPropertyBag {
  getProperty(key: string): string | null;
  getProperties(): { [key: string]: string };
  setProperties(properties: { [key: string]: string }): unknown;
  setProperty(key: string, value: string): unknown;
  deleteProperty(key: string): unknown;
}
