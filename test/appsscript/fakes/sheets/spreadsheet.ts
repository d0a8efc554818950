/** A strict fake of `SpreadsheetApp` written from Google's reference: sheets with ids, ranges with the real dimension errors, typed-input parsing, formats, named ranges that follow insertions, the cell limit, toasts and the menu/sidebar UI. */
import { Execution, SCOPES } from './execution';
import { PLAIN_TEXT, parseTypedInput, type StoredValue } from './typed-input';

/** Cells in one spreadsheet, all sheets together (Google's "Files you can store in Google Drive"). */
export const MAX_CELLS = 10_000_000;
/** Characters in one cell. */
export const MAX_CELL_CHARS = 50_000;
/** A fresh cell's number format as the fake reports it [unverified: Google does not document the string]. */
export const DEFAULT_NUMBER_FORMAT = 'General';

type Value = string | number | boolean | Date;

interface Cell {
  value: StoredValue;
  format: string;
  bold: boolean;
}

interface Area {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

const EMPTY: StoredValue = { kind: 'empty' };

function isDate(v: unknown): v is Date {
  return Object.prototype.toString.call(v) === '[object Date]';
}

function columnLetters(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Parses `A1` or `A1:C3` (no sheet name); throws "Range not found" as Apps Script does for anything else. */
export function parseA1(a1: string): Area {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$/.exec(a1.trim());
  if (!m) throw new Error('Range not found');
  const c1 = columnNumber(m[1]!);
  const r1 = Number(m[2]);
  const c2 = m[3] ? columnNumber(m[3]) : c1;
  const r2 = m[4] ? Number(m[4]) : r1;
  if (r1 < 1 || r2 < 1) throw new Error('Range not found');
  return { row: Math.min(r1, r2), col: Math.min(c1, c2), rows: Math.abs(r2 - r1) + 1, cols: Math.abs(c2 - c1) + 1 };
}

export function a1Of(area: Area): string {
  const tl = `${columnLetters(area.col)}${area.row}`;
  if (area.rows === 1 && area.cols === 1) return tl;
  return `${tl}:${columnLetters(area.col + area.cols - 1)}${area.row + area.rows - 1}`;
}

function checkShape(data: unknown, rows: number, cols: number): asserts data is unknown[][] {
  if (!Array.isArray(data)) throw new Error(`The parameters (${typeof data}) don't match the method signature.`);
  if (data.length !== rows) {
    throw new Error(
      `The number of rows in the data does not match the number of rows in the range. The data has ${data.length} but the range has ${rows}.`,
    );
  }
  for (const row of data) {
    if (!Array.isArray(row)) throw new Error(`The parameters (number[]) don't match the method signature.`);
    if (row.length !== cols) {
      throw new Error(
        `The number of columns in the data does not match the number of columns in the range. The data has ${row.length} but the range has ${cols}.`,
      );
    }
  }
}

export interface FakeSheetsOptions {
  execution: Execution;
  spreadsheetId?: string;
  name?: string;
  /** Builds the Dates `getValues` returns (pass the vm context's Date so `instanceof Date` holds there). */
  newDate?: (ms: number) => Date;
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
  /** Builds the Dates getValues returns; a vm-based test points it at the context's Date (see helpers/vm-project.ts). */
  newDate: (ms: number) => Date;

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
    return 'Etc/UTC';
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

export class FakeNamedRange {
  constructor(
    private readonly book: FakeSpreadsheet,
    private readonly name: string,
  ) {}
  private entry() {
    const e = this.book.namedRanges.get(this.name);
    if (!e) throw new Error(`Named range ${this.name} not found.`);
    return e;
  }
  getName(): string {
    return this.name;
  }
  getRange(): FakeRange {
    const e = this.entry();
    return new FakeRange(e.sheet, { ...e.area });
  }
  setRange(range: FakeRange): FakeNamedRange {
    this.entry();
    this.book.namedRanges.set(this.name, { sheet: range.sheet, area: { ...range.area } });
    return this;
  }
  remove(): void {
    this.entry();
    this.book.namedRanges.delete(this.name);
  }
}

export class FakeSheet {
  readonly cells = new Map<string, Cell>();
  deleted = false;
  /** Every autoResizeColumns call, in order. */
  readonly autoResized: Array<{ startColumn: number; numColumns: number }> = [];

  constructor(
    readonly book: FakeSpreadsheet,
    readonly sheetId: number,
    public name: string,
    public maxRows: number,
    public maxCols: number,
  ) {}

  private doc(method: string): void {
    this.book.execution.call(`SpreadsheetApp.Sheet.${method}`, 'document', SCOPES.currentOnly);
    if (this.deleted) throw new Error('The sheet has been deleted.');
  }

  cell(row: number, col: number): Cell | undefined {
    return this.cells.get(`${row},${col}`);
  }
  putCell(row: number, col: number, cell: Cell): void {
    if (cell.value.kind === 'empty' && cell.format === DEFAULT_NUMBER_FORMAT && !cell.bold) this.cells.delete(`${row},${col}`);
    else this.cells.set(`${row},${col}`, cell);
  }

  getSheetId(): number {
    this.doc('getSheetId');
    return this.sheetId;
  }
  getName(): string {
    this.doc('getName');
    return this.name;
  }
  setName(name: string): FakeSheet {
    this.doc('setName');
    if (this.book.sheets.some((s) => s !== this && s.name === name)) {
      throw new Error(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
    this.name = name;
    return this;
  }
  getParent(): FakeSpreadsheet {
    return this.book;
  }
  activate(): FakeSheet {
    this.doc('activate');
    this.book.setActiveSheet(this);
    return this;
  }
  getMaxRows(): number {
    this.doc('getMaxRows');
    return this.maxRows;
  }
  getMaxColumns(): number {
    this.doc('getMaxColumns');
    return this.maxCols;
  }
  /** `autoResizeColumns(startColumn, numColumns)`: the fake has no text metrics, so it records the call (in `autoResized`). */
  autoResizeColumns(startColumn: number, numColumns: number): FakeSheet {
    this.doc('autoResizeColumns');
    if (
      !Number.isInteger(startColumn) ||
      !Number.isInteger(numColumns) ||
      startColumn < 1 ||
      numColumns < 1 ||
      startColumn + numColumns - 1 > this.maxCols
    )
      throw new Error('Those columns are out of bounds.');
    this.autoResized.push({ startColumn, numColumns });
    return this;
  }
  getLastRow(): number {
    this.doc('getLastRow');
    let last = 0;
    for (const [k, c] of this.cells) if (c.value.kind !== 'empty') last = Math.max(last, Number(k.split(',')[0]));
    return last;
  }
  getLastColumn(): number {
    this.doc('getLastColumn');
    let last = 0;
    for (const [k, c] of this.cells) if (c.value.kind !== 'empty') last = Math.max(last, Number(k.split(',')[1]));
    return last;
  }

  getRange(rowOrA1: number | string, column?: number, numRows = 1, numColumns = 1): FakeRange {
    this.doc('getRange');
    const area: Area =
      typeof rowOrA1 === 'string' ? parseA1(rowOrA1) : { row: rowOrA1, col: column ?? NaN, rows: numRows, cols: numColumns };
    if (typeof rowOrA1 === 'number' && column === undefined)
      throw new Error("The parameters (number) don't match the method signature for SpreadsheetApp.Sheet.getRange.");
    for (const [n, what] of [
      [area.row, 'row'],
      [area.col, 'column'],
    ] as const) {
      if (!Number.isInteger(n) || n < 1) throw new Error(`The starting ${what} of the range is too small.`);
    }
    if (!Number.isInteger(area.rows) || area.rows < 1) throw new Error('The number of rows in the range must be at least 1.');
    if (!Number.isInteger(area.cols) || area.cols < 1) throw new Error('The number of columns in the range must be at least 1.');
    if (area.row + area.rows - 1 > this.maxRows || area.col + area.cols - 1 > this.maxCols) {
      throw new Error('The coordinates of the range are outside the dimensions of the sheet.');
    }
    return new FakeRange(this, area);
  }

  insertRowsBefore(beforePosition: number, howMany: number): FakeSheet {
    this.doc('insertRowsBefore');
    this.insertLines('row', beforePosition, howMany);
    return this;
  }
  insertRowsAfter(afterPosition: number, howMany: number): FakeSheet {
    this.doc('insertRowsAfter');
    this.insertLines('row', afterPosition + 1, howMany);
    return this;
  }
  insertRows(rowIndex: number, numRows = 1): void {
    this.doc('insertRows');
    this.insertLines('row', rowIndex, numRows);
  }
  insertColumnsBefore(beforePosition: number, howMany: number): FakeSheet {
    this.doc('insertColumnsBefore');
    this.insertLines('col', beforePosition, howMany);
    return this;
  }
  insertColumnsAfter(afterPosition: number, howMany: number): FakeSheet {
    this.doc('insertColumnsAfter');
    this.insertLines('col', afterPosition + 1, howMany);
    return this;
  }
  insertColumns(columnIndex: number, numColumns = 1): void {
    this.doc('insertColumns');
    this.insertLines('col', columnIndex, numColumns);
  }
  deleteRows(rowPosition: number, howMany: number): void {
    this.doc('deleteRows');
    this.deleteLines('row', rowPosition, howMany);
  }
  deleteRow(rowPosition: number): FakeSheet {
    this.doc('deleteRow');
    this.deleteLines('row', rowPosition, 1);
    return this;
  }
  deleteColumns(columnPosition: number, howMany: number): void {
    this.doc('deleteColumns');
    this.deleteLines('col', columnPosition, howMany);
  }
  deleteColumn(columnPosition: number): FakeSheet {
    this.doc('deleteColumn');
    this.deleteLines('col', columnPosition, 1);
    return this;
  }

  private insertLines(axis: 'row' | 'col', at: number, n: number): void {
    const max = axis === 'row' ? this.maxRows : this.maxCols;
    if (!Number.isInteger(at) || at < 1 || at > max + 1) throw new Error(`Those ${axis === 'row' ? 'rows' : 'columns'} are out of bounds.`);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`The number of ${axis === 'row' ? 'rows' : 'columns'} to insert must be at least 1.`);
    this.book.checkCellGrowth(axis === 'row' ? n * this.maxCols : n * this.maxRows);
    if (axis === 'row') this.maxRows += n;
    else this.maxCols += n;
    this.remapCells(axis, (i) => (i >= at ? i + n : i));
    for (const nr of this.book.namedRanges.values()) {
      if (nr.sheet !== this) continue;
      const start = axis === 'row' ? nr.area.row : nr.area.col;
      const size = axis === 'row' ? nr.area.rows : nr.area.cols;
      // At or before the start: the range moves; strictly inside it: the range grows (Sheets' reference adjustment).
      if (at <= start) setStart(nr.area, axis, start + n);
      else if (at < start + size) setSize(nr.area, axis, size + n);
    }
  }

  private deleteLines(axis: 'row' | 'col', at: number, n: number): void {
    const max = axis === 'row' ? this.maxRows : this.maxCols;
    if (!Number.isInteger(at) || !Number.isInteger(n) || at < 1 || n < 1 || at + n - 1 > max) {
      throw new Error(`Those ${axis === 'row' ? 'rows' : 'columns'} are out of bounds.`);
    }
    if (n === max) throw new Error(`Sorry, it is not possible to delete all non-frozen ${axis === 'row' ? 'rows' : 'columns'}.`);
    const end = at + n; // first line after the deleted block
    for (const key of [...this.cells.keys()]) {
      const [r, c] = key.split(',').map(Number) as [number, number];
      const i = axis === 'row' ? r : c;
      if (i >= at && i < end) this.cells.delete(key);
    }
    this.remapCells(axis, (i) => (i >= end ? i - n : i));
    if (axis === 'row') this.maxRows -= n;
    else this.maxCols -= n;
    for (const [name, nr] of this.book.namedRanges) {
      if (nr.sheet !== this) continue;
      const start = axis === 'row' ? nr.area.row : nr.area.col;
      const last = start + (axis === 'row' ? nr.area.rows : nr.area.cols) - 1;
      const keptBefore = Math.max(0, Math.min(last, at - 1) - start + 1);
      const keptAfter = Math.max(0, last - Math.max(start, end) + 1);
      if (keptBefore + keptAfter === 0) {
        // Every cell of the named range is gone: its reference breaks (#REF!), and Apps Script no longer returns it.
        this.book.namedRanges.delete(name);
        continue;
      }
      // Lines deleted above it pull it up; a block cut from its top leaves it starting where the block began.
      setStart(nr.area, axis, start < at ? start : Math.max(at, start - n));
      setSize(nr.area, axis, keptBefore + keptAfter);
    }
  }

  private remapCells(axis: 'row' | 'col', map: (i: number) => number): void {
    const moved = [...this.cells].map(([key, cell]) => {
      const [r, c] = key.split(',').map(Number) as [number, number];
      return [axis === 'row' ? `${map(r)},${c}` : `${r},${map(c)}`, cell] as const;
    });
    this.cells.clear();
    for (const [k, c] of moved) this.cells.set(k, c);
  }
}

function setStart(area: Area, axis: 'row' | 'col', v: number): void {
  if (axis === 'row') area.row = v;
  else area.col = v;
}
function setSize(area: Area, axis: 'row' | 'col', v: number): void {
  if (axis === 'row') area.rows = v;
  else area.cols = v;
}

export class FakeRange {
  constructor(
    readonly sheet: FakeSheet,
    readonly area: Area,
  ) {}

  private doc(method: string): void {
    this.sheet.book.execution.call(`SpreadsheetApp.Range.${method}`, 'document', SCOPES.currentOnly);
    if (this.sheet.deleted) throw new Error('The sheet has been deleted.');
  }

  private each<T>(fn: (row: number, col: number) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < this.area.rows; r += 1) {
      const line: T[] = [];
      for (let c = 0; c < this.area.cols; c += 1) line.push(fn(this.area.row + r, this.area.col + c));
      out.push(line);
    }
    return out;
  }

  private update(row: number, col: number, change: (cell: Cell) => Cell): void {
    const cell = this.sheet.cell(row, col) ?? { value: EMPTY, format: DEFAULT_NUMBER_FORMAT, bold: false };
    this.sheet.putCell(row, col, change(cell));
  }

  getSheet(): FakeSheet {
    return this.sheet;
  }
  getRow(): number {
    return this.area.row;
  }
  getColumn(): number {
    return this.area.col;
  }
  getNumRows(): number {
    return this.area.rows;
  }
  getNumColumns(): number {
    return this.area.cols;
  }
  getLastRow(): number {
    return this.area.row + this.area.rows - 1;
  }
  getLastColumn(): number {
    return this.area.col + this.area.cols - 1;
  }
  getA1Notation(): string {
    return a1Of(this.area);
  }

  getValues(): Value[][] {
    this.doc('getValues');
    return this.each((r, c) => {
      const v = this.sheet.cell(r, c)?.value ?? EMPTY;
      switch (v.kind) {
        case 'empty':
        case 'formula': // the fake does not compute formulas: read them with getFormulas
          return '';
        case 'text':
          return v.text;
        case 'number':
          return v.n;
        case 'boolean':
          return v.b;
        case 'date':
          return this.sheet.book.newDate(v.ms);
      }
    });
  }
  getValue(): Value {
    return this.getValues()[0]![0]!;
  }
  getFormulas(): string[][] {
    this.doc('getFormulas');
    return this.each((r, c) => {
      const v = this.sheet.cell(r, c)?.value;
      return v?.kind === 'formula' ? v.formula : '';
    });
  }

  setValues(values: unknown): FakeRange {
    this.doc('setValues');
    checkShape(values, this.area.rows, this.area.cols);
    const parsed = values.map((row) =>
      row.map((v): StoredValue | ((format: string) => StoredValue) => {
        if (v === null || v === undefined || v === '') return EMPTY;
        if (typeof v === 'number') {
          if (!Number.isFinite(v)) throw new Error('Invalid argument: value');
          return { kind: 'number', n: v };
        }
        if (typeof v === 'boolean') return { kind: 'boolean', b: v };
        if (isDate(v)) return { kind: 'date', ms: v.getTime() };
        const s = String(v);
        if (s.length > MAX_CELL_CHARS)
          throw new Error(`Your input contains more than the maximum of ${MAX_CELL_CHARS} characters in a single cell.`);
        // Cells formatted as plain text keep strings as they are [unverified: common practice, no Google page says it];
        // otherwise strings are read like typed input.
        return (format: string) => (format === PLAIN_TEXT ? { kind: 'text', text: s } : parseTypedInput(s));
      }),
    );
    for (let r = 0; r < this.area.rows; r += 1) {
      for (let c = 0; c < this.area.cols; c += 1) {
        const p = parsed[r]![c]!;
        this.update(this.area.row + r, this.area.col + c, (cell) => ({ ...cell, value: typeof p === 'function' ? p(cell.format) : p }));
      }
    }
    return this;
  }
  setValue(value: unknown): FakeRange {
    return this.setValues(this.each(() => value));
  }

  getNumberFormats(): string[][] {
    this.doc('getNumberFormats');
    return this.each((r, c) => this.sheet.cell(r, c)?.format ?? DEFAULT_NUMBER_FORMAT);
  }
  getNumberFormat(): string {
    return this.getNumberFormats()[0]![0]!;
  }
  setNumberFormats(formats: unknown): FakeRange {
    this.doc('setNumberFormats');
    checkShape(formats, this.area.rows, this.area.cols);
    for (let r = 0; r < this.area.rows; r += 1) {
      for (let c = 0; c < this.area.cols; c += 1) {
        const f = formats[r]![c];
        if (typeof f !== 'string')
          throw new Error("The parameters (Object[][]) don't match the method signature for SpreadsheetApp.Range.setNumberFormats.");
        this.update(this.area.row + r, this.area.col + c, (cell) => ({ ...cell, format: f === '' ? DEFAULT_NUMBER_FORMAT : f }));
      }
    }
    return this;
  }
  setNumberFormat(format: string): FakeRange {
    return this.setNumberFormats(this.each(() => format));
  }

  getFontWeights(): string[][] {
    this.doc('getFontWeights');
    return this.each((r, c) => (this.sheet.cell(r, c)?.bold ? 'bold' : 'normal'));
  }
  setFontWeights(weights: unknown): FakeRange {
    this.doc('setFontWeights');
    checkShape(weights, this.area.rows, this.area.cols);
    for (let r = 0; r < this.area.rows; r += 1) {
      for (let c = 0; c < this.area.cols; c += 1) {
        const w = weights[r]![c];
        if (w !== null && w !== 'bold' && w !== 'normal') throw new Error(`Invalid argument: fontWeight`);
        this.update(this.area.row + r, this.area.col + c, (cell) => ({ ...cell, bold: w === 'bold' }));
      }
    }
    return this;
  }
  setFontWeight(weight: string | null): FakeRange {
    return this.setFontWeights(this.each(() => weight));
  }

  /** `clear()` or `clear({contentsOnly, formatOnly})`: contents and formats by default. */
  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): FakeRange {
    this.doc('clear');
    const contents = !options?.formatOnly || options.contentsOnly === true;
    const format = !options?.contentsOnly || options.formatOnly === true;
    this.each((r, c) =>
      this.update(r, c, (cell) => ({
        value: contents ? EMPTY : cell.value,
        format: format ? DEFAULT_NUMBER_FORMAT : cell.format,
        bold: format ? false : cell.bold,
      })),
    );
    return this;
  }
  clearContent(): FakeRange {
    return this.clear({ contentsOnly: true });
  }
  clearFormat(): FakeRange {
    return this.clear({ formatOnly: true });
  }
  activate(): FakeRange {
    this.doc('activate');
    this.sheet.book.setActiveRange(this);
    return this;
  }
}

/** `Ui`: menus (recorded with the function names their items call), the sidebar, and nothing that needs a document. */
export class FakeUi {
  readonly menus: Array<{ caption: string; addon: boolean; items: Array<{ caption: string; functionName: string } | 'separator'> }> = [];
  sidebar: { title: string; content: string } | null = null;

  constructor(private readonly execution: Execution) {}

  private ui(method: string): void {
    this.execution.call(`SpreadsheetApp.Ui.${method}`, 'ui', SCOPES.containerUi);
  }

  private menu(caption: string, addon: boolean) {
    const items: Array<{ caption: string; functionName: string } | 'separator'> = [];
    const menu = {
      addItem: (itemCaption: string, functionName: string) => {
        if (typeof functionName !== 'string' || !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(functionName)) {
          throw new Error(`Invalid argument: functionName`);
        }
        items.push({ caption: itemCaption, functionName });
        return menu;
      },
      addSeparator: () => {
        items.push('separator');
        return menu;
      },
      addToUi: () => {
        this.ui('Menu.addToUi');
        this.menus.push({ caption, addon, items });
      },
    };
    return menu;
  }

  createMenu(caption: string) {
    this.ui('createMenu');
    return this.menu(caption, false);
  }
  createAddonMenu() {
    this.ui('createAddonMenu');
    return this.menu('(add-on)', true);
  }
  showSidebar(userInterface: { getTitle(): string; getContent(): string }): void {
    this.ui('showSidebar');
    this.sidebar = { title: userInterface.getTitle(), content: userInterface.getContent() };
  }
}

/** The `SpreadsheetApp` global over one bound spreadsheet. */
export function fakeSpreadsheetApp(options: FakeSheetsOptions) {
  const book = new FakeSpreadsheet(
    options.execution,
    options.spreadsheetId ?? '1FakeSpreadsheetId_abcdefghijklmnopqrstuv',
    options.name ?? 'Untitled spreadsheet',
    options.newDate,
  );
  const app = {
    getActiveSpreadsheet(): FakeSpreadsheet {
      options.execution.call('SpreadsheetApp.getActiveSpreadsheet', 'document', SCOPES.currentOnly);
      return book;
    },
    getActive(): FakeSpreadsheet {
      return app.getActiveSpreadsheet();
    },
    getUi(): FakeUi {
      options.execution.call('SpreadsheetApp.getUi', 'ui', SCOPES.containerUi);
      return book.ui;
    },
    flush(): void {
      options.execution.call('SpreadsheetApp.flush', 'document', SCOPES.currentOnly);
    },
  };
  return { app, book };
}
