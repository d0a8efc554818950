/** The Sheets fake's `Range`: values, formulas, formats and weights read and written, with the real errors. */
import { SCOPES } from '../execution';
import { a1Of, type Area } from './a1';
import { DEFAULT_NUMBER_FORMAT, EMPTY, MAX_CELL_CHARS, checkShape, isDate, type Cell, type Value } from './cell';
import type { FakeSheet } from './sheet';
import { PLAIN_TEXT, parseTypedInput, type StoredValue } from './typed-input';

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

  /** The note of the range's top-left cell; empty text when it has none. */
  getNote(): string {
    this.doc('getNote');
    return this.sheet.cell(this.area.row, this.area.col)?.note ?? '';
  }
  /** Sets every cell's note (`null` or empty text removes it). */
  setNote(note: string | null): FakeRange {
    this.doc('setNote');
    if (note !== null && typeof note !== 'string')
      throw new Error("The parameters (Object) don't match the method signature for SpreadsheetApp.Range.setNote.");
    this.each((r, c) =>
      this.update(r, c, (cell) => {
        const { note: _old, ...rest } = cell;
        return note ? { ...rest, note } : rest;
      }),
    );
    return this;
  }
  clearNote(): FakeRange {
    return this.setNote(null);
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
        // Contents and formats are cleared; notes are not (`clearNote` removes them).
        ...(cell.note !== undefined ? { note: cell.note } : {}),
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
