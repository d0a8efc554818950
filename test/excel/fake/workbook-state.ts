/**
 * The fake workbook's state: sheets, cells, workbook-scoped named items, and Excel's reference adjustment.
 * A cell holds a value, formula, number format and bold.
 */
import type { NoteMap } from './notes';
import { MAX_COLS, MAX_ROWS, quoteSheet, rectAddress, type Rect } from './a1';
import { fail } from './errors';
import type { CellValue } from './typed-input';

export interface Cell {
  value: CellValue;
  formula?: string;
  format: string;
  bold: boolean;
}

export interface SheetState {
  id: string;
  name: string;
  cells: Map<number, Cell>;
}

export interface NameState {
  name: string;
  sheetId: string;
  rect: Rect;
  /** True once every cell of the reference (or its sheet) was deleted: the name reads `#REF!`. */
  broken: boolean;
  visible: boolean;
  comment: string;
}

export type Axis = 'rows' | 'cols';

export const key = (row: number, col: number): number => row * MAX_COLS + col;
export const rowOf = (k: number): number => Math.floor(k / MAX_COLS);
export const colOf = (k: number): number => k % MAX_COLS;

export const GENERAL = 'General';

export class WorkbookState {
  readonly sheets: SheetState[] = [];
  readonly names = new Map<string, NameState>();
  /** Cell notes (ExcelApi 1.18) by `sheetId!row,col`. */
  readonly notes: NoteMap = new Map();
  activeSheetId = '';
  selection: { sheetId: string; rect: Rect } = { sheetId: '', rect: { row: 0, col: 0, rows: 1, cols: 1 } };
  /** The areas of the last multi-area selection (`getRanges(...).select()`); one area's select leaves just it. */
  selectedAreas: Rect[] = [];
  private nextSheet = 1;

  constructor(sheetNames: string[]) {
    for (const name of sheetNames) this.addSheet(name);
    this.activeSheetId = this.sheets[0]?.id ?? '';
    this.selection = { sheetId: this.activeSheetId, rect: { row: 0, col: 0, rows: 1, cols: 1 } };
  }

  addSheet(name?: string): SheetState {
    let n = name;
    if (n === undefined) {
      let i = this.sheets.length + 1;
      while (this.findSheet(`Sheet${i}`)) i += 1;
      n = `Sheet${i}`;
    }
    if (!/^[^\\/?*[\]:]{1,31}$/.test(n) || n.startsWith("'") || n.endsWith("'")) fail('InvalidArgument', `Invalid worksheet name "${n}".`);
    if (this.findSheet(n)) fail('ItemAlreadyExists', `A worksheet named "${n}" already exists.`);
    const id = `{00000000-000${this.nextSheet}-0000-0000-000000000000}`;
    this.nextSheet += 1;
    const sheet: SheetState = { id, name: n, cells: new Map() };
    this.sheets.push(sheet);
    return sheet;
  }

  findSheet(nameOrId: string): SheetState | undefined {
    const lower = nameOrId.toLowerCase();
    return this.sheets.find((s) => s.id === nameOrId || s.name.toLowerCase() === lower);
  }

  sheet(nameOrId: string): SheetState {
    return this.findSheet(nameOrId) ?? fail('ItemNotFound', `The requested resource doesn't exist: worksheet "${nameOrId}".`);
  }

  renameSheet(sheet: SheetState, name: string): void {
    const other = this.findSheet(name);
    if (other && other !== sheet) fail('ItemAlreadyExists', `A worksheet named "${name}" already exists.`);
    if (!/^[^\\/?*[\]:]{1,31}$/.test(name)) fail('InvalidArgument', `Invalid worksheet name "${name}".`);
    sheet.name = name;
  }

  deleteSheet(sheet: SheetState): void {
    if (this.sheets.length === 1) fail('InvalidOperation', 'A workbook must contain at least one visible worksheet.');
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    for (const n of this.names.values()) if (n.sheetId === sheet.id) n.broken = true;
    if (this.activeSheetId === sheet.id) this.activeSheetId = this.sheets[0]!.id;
    if (this.selection.sheetId === sheet.id) this.selection = { sheetId: this.activeSheetId, rect: { row: 0, col: 0, rows: 1, cols: 1 } };
  }

  cell(sheet: SheetState, row: number, col: number): Cell | undefined {
    return sheet.cells.get(key(row, col));
  }

  /** Writes one cell, dropping cells that are back to empty with default formatting. */
  put(sheet: SheetState, row: number, col: number, cell: Cell): void {
    const k = key(row, col);
    if (cell.value === '' && cell.formula === undefined && cell.format === GENERAL && !cell.bold) sheet.cells.delete(k);
    else sheet.cells.set(k, cell);
  }

  /** Cells inside a rectangle, visited without scanning empty cells when the rectangle is larger than the sheet's content. */
  *cellsIn(sheet: SheetState, r: Rect): Generator<[number, number, Cell]> {
    if (r.rows * r.cols <= sheet.cells.size) {
      for (let i = 0; i < r.rows; i++)
        for (let j = 0; j < r.cols; j++) {
          const c = sheet.cells.get(key(r.row + i, r.col + j));
          if (c) yield [r.row + i, r.col + j, c];
        }
      return;
    }
    for (const [k, c] of sheet.cells) {
      const row = rowOf(k);
      const col = colOf(k);
      if (row >= r.row && row < r.row + r.rows && col >= r.col && col < r.col + r.cols) yield [row, col, c];
    }
  }

  /** `Sheet1!$A$1:$B$2` (or `#REF!`) as a named item's value reads. */
  nameValue(n: NameState): string {
    if (n.broken) return '#REF!';
    const sheet = this.sheets.find((s) => s.id === n.sheetId);
    if (!sheet) return '#REF!';
    return `${quoteSheet(sheet.name)}!${rectAddress(n.rect, true)}`;
  }

  /**
   * Inserts (`count` > 0) or deletes (`count` < 0) rows or columns at `at`, shifting the cells inside `span` (the other axis)
   * and adjusting named items the way Excel adjusts references.
   */
  shift(sheet: SheetState, axis: Axis, at: number, count: number, span: { start: number; length: number }): void {
    const rowsAxis = axis === 'rows';
    const moved = new Map<number, Cell>();
    for (const [k, c] of sheet.cells) {
      const main = rowsAxis ? rowOf(k) : colOf(k);
      const other = rowsAxis ? colOf(k) : rowOf(k);
      const inSpan = other >= span.start && other < span.start + span.length;
      let target = main;
      if (inSpan && main >= at) {
        if (count < 0 && main < at - count) continue;
        target = main + count;
      }
      const limit = rowsAxis ? MAX_ROWS : MAX_COLS;
      if (target >= limit) continue;
      moved.set(rowsAxis ? key(target, other) : key(other, target), c);
    }
    sheet.cells.clear();
    for (const [k, c] of moved) sheet.cells.set(k, c);

    for (const n of this.names.values()) {
      if (n.broken || n.sheetId !== sheet.id) continue;
      const start = rowsAxis ? n.rect.row : n.rect.col;
      const length = rowsAxis ? n.rect.rows : n.rect.cols;
      const otherStart = rowsAxis ? n.rect.col : n.rect.row;
      const otherLength = rowsAxis ? n.rect.cols : n.rect.rows;
      // Excel moves a reference only when the shifted cells cover all of its other axis.
      if (otherStart < span.start || otherStart + otherLength > span.start + span.length) continue;
      let nextStart = start;
      let nextLength = length;
      if (count > 0) {
        if (at <= start) nextStart = start + count;
        else if (at < start + length) nextLength = length + count;
      } else {
        const delStart = at;
        const delEnd = at - count;
        const overlap = Math.max(0, Math.min(start + length, delEnd) - Math.max(start, delStart));
        if (overlap === length) {
          n.broken = true;
          continue;
        }
        nextLength = length - overlap;
        if (start >= delEnd) nextStart = start + count;
        else if (start >= delStart) nextStart = delStart;
      }
      if (rowsAxis) n.rect = { ...n.rect, row: nextStart, rows: nextLength };
      else n.rect = { ...n.rect, col: nextStart, cols: nextLength };
    }
  }
}
