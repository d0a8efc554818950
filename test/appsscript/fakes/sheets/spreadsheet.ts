/** The Sheets fake's `Spreadsheet`: its sheets with ids, the selection, named ranges, the 10,000,000-cell limit and toasts. */
import { SCOPES, type Execution } from '../execution';
import type { Area } from './a1';
import { FakeNamedRange } from './named-range';
import { FakeRange } from './range';
import { FakeSheet } from './sheet';
import { FakeUi } from './ui';

/** Cells in one spreadsheet, all sheets together (Google's "Files you can store in Google Drive"). */
export const MAX_CELLS = 10_000_000;

export interface FakeSheetsOptions {
  execution: Execution;
  spreadsheetId?: string;
  name?: string;
  /** Builds the Dates `getValues` returns (pass the vm context's Date so `instanceof Date` holds there). */
  newDate?: (ms: number) => Date;
}

/** Whether the runtime knows `name` as a time zone (what Apps Script accepts). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export class FakeSpreadsheet {
  readonly sheets: FakeSheet[] = [];
  readonly namedRanges = new Map<string, { sheet: FakeSheet; area: Area }>();
  readonly toasts: Array<{ msg: string; title: string; timeoutSeconds: number }> = [];
  readonly ui: FakeUi;
  private nextSheetId = 0;
  private active: FakeSheet;
  /** The user's selection: a range and the current cell inside it (the sheet's A1 until something is selected). */
  private selection: { range: FakeRange; current: FakeRange } | null = null;
  /** The ranges a RangeList's `activate` selected last (one range's `activate` leaves just it). */
  activeRangeList: FakeRange[] = [];
  /** Builds the Dates getValues returns; a vm-based test points it at the context's Date (see helpers/vm-project.ts). */
  newDate: (ms: number) => Date;
  /** The spreadsheet's time zone (a new spreadsheet takes its owner's; the fake starts in UTC). */
  private timeZone = 'Etc/UTC';

  constructor(
    readonly execution: Execution,
    readonly id: string,
    readonly name: string,
    newDate?: (ms: number) => Date,
  ) {
    this.newDate = newDate ?? ((ms) => new Date(ms));
    this.ui = new FakeUi(execution);
    this.active = this.addSheet('Sheet1', 1000, 26);
  }

  private addSheet(name: string, rows: number, cols: number, index = this.sheets.length): FakeSheet {
    this.checkCellGrowth(rows * cols);
    const sheet = new FakeSheet(this, this.nextSheetId === 0 ? 0 : 100000 + this.nextSheetId * 7919, name, rows, cols);
    this.nextSheetId += 1;
    this.sheets.splice(index, 0, sheet);
    return sheet;
  }

  totalCells(): number {
    return this.sheets.reduce((n, s) => n + s.maxRows * s.maxCols, 0);
  }

  checkCellGrowth(added: number): void {
    if (this.totalCells() + added > MAX_CELLS) {
      throw new Error(`This action would increase the number of cells in the workbook above the limit of ${MAX_CELLS} cells.`);
    }
  }

  private doc(method: string): void {
    this.execution.call(`SpreadsheetApp.Spreadsheet.${method}`, 'document', SCOPES.currentOnly);
  }

  getId(): string {
    this.doc('getId');
    return this.id;
  }
  getName(): string {
    this.doc('getName');
    return this.name;
  }
  getSpreadsheetTimeZone(): string {
    this.doc('getSpreadsheetTimeZone');
    return this.timeZone;
  }
  /** File › Settings › Time zone: an IANA name (Google's documentation lists them as "America/New_York" and the like). */
  setSpreadsheetTimeZone(timezone: string): FakeSpreadsheet {
    this.doc('setSpreadsheetTimeZone');
    if (!isTimeZone(timezone)) throw new Error(`Invalid argument: timezone`);
    this.timeZone = timezone;
    return this;
  }
  getSheets(): FakeSheet[] {
    this.doc('getSheets');
    return this.sheets.slice();
  }
  getSheetByName(name: string): FakeSheet | null {
    this.doc('getSheetByName');
    return this.sheets.find((s) => s.name === name) ?? null;
  }
  getSheetById(id: number): FakeSheet | null {
    this.doc('getSheetById');
    return this.sheets.find((s) => s.sheetId === id) ?? null;
  }
  getActiveSheet(): FakeSheet {
    this.doc('getActiveSheet');
    return this.active;
  }
  setActiveSheet(sheet: FakeSheet): FakeSheet {
    this.doc('setActiveSheet');
    this.active = sheet;
    if (this.selection?.range.sheet !== sheet) this.selection = null;
    return sheet;
  }
  private currentSelection(): { range: FakeRange; current: FakeRange } {
    if (this.selection && !this.selection.range.sheet.deleted) return this.selection;
    const a1 = new FakeRange(this.active, { row: 1, col: 1, rows: 1, cols: 1 });
    return { range: a1, current: a1 };
  }
  getActiveRange(): FakeRange {
    this.doc('getActiveRange');
    return this.currentSelection().range;
  }
  getCurrentCell(): FakeRange {
    this.doc('getCurrentCell');
    return this.currentSelection().current;
  }
  /** Selects `range` on its sheet (which becomes active); the current cell is its top-left cell. */
  setActiveRange(range: FakeRange): FakeRange {
    this.doc('setActiveRange');
    this.active = range.sheet;
    this.selection = { range, current: new FakeRange(range.sheet, { row: range.area.row, col: range.area.col, rows: 1, cols: 1 }) };
    this.activeRangeList = [range];
    return range;
  }
  insertSheet(name?: string): FakeSheet {
    this.doc('insertSheet');
    const sheetName = name ?? `Sheet${this.sheets.length + 1}`;
    if (this.sheets.some((s) => s.name === sheetName)) {
      throw new Error(`A sheet with the name "${sheetName}" already exists. Please enter another name.`);
    }
    this.active = this.addSheet(sheetName, 1000, 26);
    return this.active;
  }
  deleteSheet(sheet: FakeSheet): void {
    this.doc('deleteSheet');
    if (!this.sheets.includes(sheet)) throw new Error('Sheet not found');
    if (this.sheets.length === 1) throw new Error("You can't remove all the sheets in a document.");
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    sheet.deleted = true;
    for (const [name, nr] of this.namedRanges) if (nr.sheet === sheet) this.namedRanges.delete(name);
    if (this.active === sheet) this.active = this.sheets[0]!;
  }
  getRange(a1: string): FakeRange {
    this.doc('getRange');
    const bang = a1.lastIndexOf('!');
    if (bang < 0) return this.active.getRange(a1);
    const sheetName = a1
      .slice(0, bang)
      .replace(/^'(.*)'$/, '$1')
      .replace(/''/g, "'");
    const sheet = this.sheets.find((s) => s.name === sheetName);
    if (!sheet) throw new Error('Range not found');
    return sheet.getRange(a1.slice(bang + 1));
  }
  setNamedRange(name: string, range: FakeRange): void {
    this.doc('setNamedRange');
    if (!/^[A-Za-z_][A-Za-z0-9_.]{0,249}$/.test(name) || /^[A-Za-z]{1,3}\d+$/.test(name) || /^(true|false)$/i.test(name)) {
      throw new Error(`The name "${name}" is not a valid named range name.`);
    }
    this.namedRanges.set(name, { sheet: range.sheet, area: { ...range.area } });
  }
  getNamedRanges(): FakeNamedRange[] {
    this.doc('getNamedRanges');
    return [...this.namedRanges.keys()].map((n) => new FakeNamedRange(this, n));
  }
  getRangeByName(name: string): FakeRange | null {
    this.doc('getRangeByName');
    const nr = this.namedRanges.get(name);
    return nr ? new FakeRange(nr.sheet, { ...nr.area }) : null;
  }
  removeNamedRange(name: string): void {
    this.doc('removeNamedRange');
    if (!this.namedRanges.delete(name)) throw new Error(`Named range ${name} not found.`);
  }
  toast(msg: string, title = '', timeoutSeconds = 5): void {
    this.doc('toast');
    this.toasts.push({ msg: String(msg), title: String(title), timeoutSeconds });
  }
}
