/** The Sheets fake's `Sheet`: cells, size, rows and columns inserted or deleted (cells and names move), resizes. */
import { SCOPES } from '../execution';
import { parseA1, type Area } from './a1';
import { DEFAULT_NUMBER_FORMAT, type Cell } from './cell';
import { FakeRange } from './range';
import type { FakeSpreadsheet } from './spreadsheet';

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
    if (cell.value.kind === 'empty' && cell.format === DEFAULT_NUMBER_FORMAT && !cell.bold && cell.note === undefined)
      this.cells.delete(`${row},${col}`);
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

  /** Apps Script's RangeList: `activate` selects every range, the last one holding the current cell. */
  getRangeList(a1Notations: string[]): { getRanges(): FakeRange[]; activate(): unknown } {
    this.doc('getRangeList');
    const ranges = a1Notations.map((a1) => new FakeRange(this, parseA1(a1)));
    return {
      getRanges: () => ranges,
      activate: () => {
        const last = ranges[ranges.length - 1];
        if (last) this.book.setActiveRange(last);
        this.book.activeRangeList = ranges;
      },
    };
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
