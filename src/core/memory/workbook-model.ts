/** A portable in-memory workbook: sheets of sparse cells, notes, widths, tracked areas, settings and change events.
 * This file is its API, the storage work in this folder's modules; past 300 lines as one class sharing events and bounds. */
import { AddinError } from '../errors/addin-error';
import { EXCEL_GRID, type GridBounds, type RangeRect } from '../cells/a1';
import type { GridRange, Scalar, SheetRef } from '../host';
import { GENERAL_FORMAT } from '../host';
import { checkCellValue } from './cell-input';
import { CellStore } from './cell-store';
import { boldIn, formatsIn, occupiedIn, snapshotIn, valuesIn } from './range-reads';
import { writeRangeIn, type SetRangeOptions } from './range-writes';
import { checkSheetName } from './sheet-names';
import { MAX_COLUMN_WIDTH, type SheetStore } from './sheet-store';
import { deleteColumnsIn, deleteRowsIn, insertColumnsIn, insertRowsIn } from './sheet-structure';
import { NAME_AREA_PREFIX, TrackedAreas } from './tracked-areas';
import { CellNotes } from './cell-notes';
import type { CellData, ModelChange, ModelListener, WorkbookModelOptions } from './model-types';
import { workbookFromJson, workbookJsonText, workbookToJson, type WorkbookJson, type WorkbookParts } from './workbook-json';

export { MAX_COLUMN_WIDTH };
export type { WorkbookJson } from './workbook-json';
export type { SetRangeOptions } from './range-writes';

/** The format of a cell that has none (what Excel reports); stored as `null`. */
export { GENERAL_FORMAT };

export type { CellData, ModelChange, ModelListener, WorkbookModelOptions } from './model-types';

function hostError(message: string): AddinError {
  return new AddinError('host', message);
}

export class WorkbookModel {
  readonly bounds: GridBounds;
  name: string;
  private sheetList: SheetStore[] = [];
  private nextSheetSeq = 1;
  private readonly areas = new TrackedAreas();
  private readonly settings = new Map<string, string>();
  private readonly listeners = new Set<ModelListener>();
  readonly notes = new CellNotes((sheetId, row, col) => this.emit({ type: 'cells', sheetId, range: { row, col, rows: 1, cols: 1 } }));

  constructor(options: WorkbookModelOptions = {}) {
    this.bounds = { ...EXCEL_GRID, ...options.bounds };
    this.name = options.name ?? 'Book1';
    this.addSheet(options.firstSheetName ?? 'Sheet1');
  }

  // ---------- events ----------
  /** Listen to every change; returns the unsubscribe function. */
  subscribe(listener: ModelListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(change: ModelChange): void {
    for (const l of [...this.listeners]) l(change);
  }

  // ---------- sheets ----------
  sheets(): SheetRef[] {
    return this.sheetList.map((s) => ({ id: s.id, name: s.name }));
  }

  sheet(sheetId: string): SheetRef | null {
    const s = this.sheetList.find((x) => x.id === sheetId);
    return s ? { id: s.id, name: s.name } : null;
  }

  sheetByName(name: string): SheetRef | null {
    const lower = name.toLowerCase();
    const s = this.sheetList.find((x) => x.name.toLowerCase() === lower);
    return s ? { id: s.id, name: s.name } : null;
  }

  private store(sheetId: string): SheetStore {
    const s = this.sheetList.find((x) => x.id === sheetId);
    if (!s) throw new AddinError('notFound', `The sheet was not found (it may have been deleted).`, { data: { sheetId } });
    return s;
  }

  /** Add a sheet (at the end unless `index` is given); a name is made up when none is given. */
  addSheet(name?: string, index?: number): SheetRef {
    let chosen = name;
    if (chosen === undefined) {
      let n = this.sheetList.length + 1;
      while (this.sheetByName(`Sheet${n}`)) n += 1;
      chosen = `Sheet${n}`;
    }
    checkSheetName(chosen, this.sheetList, null);
    const sheet: SheetStore = { id: `s${this.nextSheetSeq}`, name: chosen, cells: new CellStore(), widths: new Map() };
    this.nextSheetSeq += 1;
    const at = index === undefined ? this.sheetList.length : Math.max(0, Math.min(index, this.sheetList.length));
    this.sheetList.splice(at, 0, sheet);
    this.emit({ type: 'sheets' });
    return { id: sheet.id, name: sheet.name };
  }

  renameSheet(sheetId: string, name: string): void {
    const s = this.store(sheetId);
    checkSheetName(name, this.sheetList, sheetId);
    s.name = name;
    this.emit({ type: 'sheets' });
  }

  moveSheet(sheetId: string, index: number): void {
    const s = this.store(sheetId);
    this.sheetList = this.sheetList.filter((x) => x !== s);
    this.sheetList.splice(Math.max(0, Math.min(index, this.sheetList.length)), 0, s);
    this.emit({ type: 'sheets' });
  }

  /** Delete a sheet; its tracked areas become orphaned (null). The last sheet cannot be deleted. */
  deleteSheet(sheetId: string): void {
    const s = this.store(sheetId);
    if (this.sheetList.length === 1) throw hostError('A workbook must contain at least one sheet.');
    this.sheetList = this.sheetList.filter((x) => x !== s);
    const orphaned = this.areas.deleteSheet(sheetId);
    this.emit({ type: 'sheets' });
    if (orphaned) this.emit({ type: 'areas' });
  }

  private checkCell(row: number, col: number): void {
    if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || col < 0 || row >= this.bounds.maxRows || col >= this.bounds.maxCols)
      throw new AddinError('limit', `Cell (row ${row + 1}, column ${col + 1}) is outside the sheet's grid.`, { data: { row, col } });
  }

  private checkRect(r: RangeRect): void {
    if (r.rows <= 0 || r.cols <= 0) return;
    this.checkCell(r.row, r.col);
    this.checkCell(r.row + r.rows - 1, r.col + r.cols - 1);
  }

  getCell(sheetId: string, row: number, col: number): CellData | null {
    const cells = this.store(sheetId).cells;
    const value = cells.value(row, col) ?? null;
    const format = cells.format(row, col) ?? null;
    const bold = cells.bold(row, col);
    if (value === null && format === null && !bold) return null;
    return { value, format, bold, formula: cells.formula(row, col) };
  }

  getValue(sheetId: string, row: number, col: number): Scalar {
    return this.store(sheetId).cells.value(row, col) ?? null;
  }

  getValues(sheetId: string, range: RangeRect): Scalar[][] {
    return valuesIn(this.store(sheetId), range);
  }

  /** Number formats of a range; `null` is General. */
  getFormats(sheetId: string, range: RangeRect): (string | null)[][] {
    return formatsIn(this.store(sheetId), range);
  }

  /** Values, formats (`general` where a cell has none) and bold of a range in one pass; see snapshotIn. */
  snapshotRange(
    sheetId: string,
    range: RangeRect,
    general: string,
  ): { range: RangeRect & { sheetId: string }; values: Scalar[][]; formats: string[][]; bold: boolean[][] } {
    return snapshotIn(this.store(sheetId), range, general);
  }

  /** Bold of every cell of a range. */
  getBold(sheetId: string, range: RangeRect): boolean[][] {
    return boldIn(this.store(sheetId), range);
  }

  /** Cells holding a value inside `range`, row-major, at most `max`. */
  occupied(sheetId: string, range: RangeRect, max: number): Array<{ row: number; col: number }> {
    return occupiedIn(this.store(sheetId), range, max);
  }

  /** Number of cells holding a value on a sheet (or the whole workbook). */
  countValues(sheetId?: string): number {
    let n = 0;
    for (const s of this.sheetList) {
      if (sheetId !== undefined && s.id !== sheetId) continue;
      n += s.cells.countValues();
    }
    return n;
  }

  /** The smallest rectangle holding every value of a sheet, or null when the sheet holds none. */
  usedRange(sheetId: string): RangeRect | null {
    return this.store(sheetId).cells.usedRange();
  }

  // ---------- cells: writing ----------
  /** Write one cell; `format` (when given) is applied before the value, `null`/General resets it. */
  setValue(sheetId: string, row: number, col: number, value: Scalar, options: { format?: string | null; bold?: boolean } = {}): void {
    this.checkCell(row, col);
    const s = this.store(sheetId);
    if (options.format !== undefined) s.cells.setFormat(row, col, options.format);
    if (options.bold !== undefined) s.cells.setBold(row, col, options.bold);
    checkCellValue(value, this.bounds.maxCellChars);
    s.cells.input(row, col, value);
    this.emit({ type: 'cells', sheetId, range: { row, col, rows: 1, cols: 1 } });
  }

  setFormat(sheetId: string, range: RangeRect, format: string | null): void {
    this.checkRect(range);
    const s = this.store(sheetId);
    for (let i = 0; i < range.rows; i += 1) for (let j = 0; j < range.cols; j += 1) s.cells.setFormat(range.row + i, range.col + j, format);
    this.emit({ type: 'cells', sheetId, range });
  }

  setBold(sheetId: string, range: RangeRect, bold: boolean): void {
    this.checkRect(range);
    const s = this.store(sheetId);
    for (let i = 0; i < range.rows; i += 1) for (let j = 0; j < range.cols; j += 1) s.cells.setBold(range.row + i, range.col + j, bold);
    this.emit({ type: 'cells', sheetId, range });
  }

  /** Write a rectangle of values (`null` empties a cell); formats go first so TEXT_FORMAT cells stay inert. All-or-nothing on bounds. */
  setRange(sheetId: string, row: number, col: number, values: Scalar[][], options: SetRangeOptions = {}): void {
    const rows = values.length;
    const cols = values.reduce((m, line) => Math.max(m, line.length), 0);
    if (rows === 0 || cols === 0) return;
    this.checkRect({ row, col, rows, cols });
    // All or nothing: every value is checked before any is stored.
    for (const line of values) for (const v of line) checkCellValue(v, this.bounds.maxCellChars);
    writeRangeIn(this.store(sheetId), { row, col, rows, cols }, values, options);
    this.emit({ type: 'cells', sheetId, range: { row, col, rows, cols } });
  }

  /** Clear values (and formula marks) of a range; formats and bold stay. */
  clearRange(sheetId: string, range: RangeRect): void {
    this.store(sheetId).cells.clearValues(range);
    this.emit({ type: 'cells', sheetId, range });
  }

  // ---------- structure ----------
  /** Insert `count` empty rows before `row`; cells and tracked areas below move down (areas spanning `row` grow). */
  insertRows(sheetId: string, row: number, count: number): void {
    insertRowsIn(this.store(sheetId), row, count, this.bounds.maxRows);
    if (this.areas.insertRows(sheetId, row, count)) this.emit({ type: 'areas' });
    this.notes.shift(sheetId, 'row', row, count);
    this.emit({ type: 'structure', sheetId });
  }

  /** Delete rows [row, row+count); cells below move up; areas shrink, wholly deleted areas become null. */
  deleteRows(sheetId: string, row: number, count: number): void {
    deleteRowsIn(this.store(sheetId), row, count, this.bounds.maxRows);
    if (this.areas.deleteRows(sheetId, row, count)) this.emit({ type: 'areas' });
    this.notes.shift(sheetId, 'row', row, -count);
    this.emit({ type: 'structure', sheetId });
  }

  insertColumns(sheetId: string, col: number, count: number): void {
    insertColumnsIn(this.store(sheetId), col, count, this.bounds.maxCols);
    if (this.areas.insertColumns(sheetId, col, count)) this.emit({ type: 'areas' });
    this.notes.shift(sheetId, 'col', col, count);
    this.emit({ type: 'structure', sheetId });
  }

  deleteColumns(sheetId: string, col: number, count: number): void {
    deleteColumnsIn(this.store(sheetId), col, count, this.bounds.maxCols);
    if (this.areas.deleteColumns(sheetId, col, count)) this.emit({ type: 'areas' });
    this.notes.shift(sheetId, 'col', col, -count);
    this.emit({ type: 'structure', sheetId });
  }

  // ---------- column widths ----------
  /** The width set for a column, in pixels, or null when it has the default width. */
  columnWidth(sheetId: string, col: number): number | null {
    return this.store(sheetId).widths.get(col) ?? null;
  }

  /** Every column width set on a sheet, by column. */
  columnWidths(sheetId: string): ReadonlyMap<number, number> {
    return new Map(this.store(sheetId).widths);
  }

  /** Sets (or, with null, resets to the default) the widths of columns in one change; widths are whole pixels, 1 to MAX_COLUMN_WIDTH. */
  setColumnWidths(sheetId: string, widths: ReadonlyArray<{ col: number; width: number | null }>): void {
    const s = this.store(sheetId);
    for (const { col, width } of widths) {
      this.checkCell(0, col);
      if (width !== null && (!Number.isInteger(width) || width < 1 || width > MAX_COLUMN_WIDTH))
        throw hostError(`A column width must be a whole number of pixels from 1 to ${MAX_COLUMN_WIDTH} (got ${String(width)}).`);
    }
    let changed = false;
    for (const { col, width } of widths) {
      if ((s.widths.get(col) ?? null) === width) continue;
      if (width === null) s.widths.delete(col);
      else s.widths.set(col, width);
      changed = true;
    }
    if (changed) this.emit({ type: 'columns', sheetId });
  }

  // ---------- tracked areas ----------
  /** Track (or re-track) an area under `id`. */
  trackArea(id: string, range: GridRange): void {
    this.store(range.sheetId);
    this.checkRect(range);
    if (range.rows <= 0 || range.cols <= 0) throw hostError('A tracked area must hold at least one cell.');
    this.areas.set(id, range);
    this.emit({ type: 'areas' });
  }

  /** Where the area is now: `null` once deleted (orphaned), `undefined` when the id was never tracked. */
  area(id: string): GridRange | null | undefined {
    return this.areas.get(id);
  }

  untrackArea(id: string): void {
    if (this.areas.delete(id)) this.emit({ type: 'areas' });
  }

  areaIds(): string[] {
    return this.areas.ids().filter((id) => !id.startsWith(NAME_AREA_PREFIX));
  }

  // ---------- settings (travel with the document) ----------
  getSetting(key: string): string | null {
    return this.settings.get(key) ?? null;
  }

  setSetting(key: string, value: string | null): void {
    if (value === null) this.settings.delete(key);
    else this.settings.set(key, value);
    this.emit({ type: 'settings', key });
  }

  settingKeys(): string[] {
    return [...this.settings.keys()];
  }

  // ---------- persistence ----------
  private parts(): WorkbookParts {
    return {
      name: this.name,
      nextSheetSeq: this.nextSheetSeq,
      sheets: this.sheetList,
      areas: Object.fromEntries(this.areas.entries()),
      settings: Object.fromEntries(this.settings),
      notes: this.notes.all(this.sheetList.map((s) => s.id)),
    };
  }

  toJSON(): WorkbookJson {
    return workbookToJson(this.parts());
  }

  /**
   * `JSON.stringify(this.toJSON())` in pieces of at most `rowsPerPiece` rows, to save a slice at a time; each piece reads
   * the model as it is then, so a caller that pauses between pieces starts again after a change.
   */
  toJSONText(rowsPerPiece = 2000): Generator<string, void, undefined> {
    return workbookJsonText(this.parts(), rowsPerPiece);
  }

  /** Rebuild a model from `toJSON()` output; throws AddinError kind 'contract' on a malformed value. */
  static fromJSON(json: unknown, options: Omit<WorkbookModelOptions, 'name' | 'firstSheetName'> = {}): WorkbookModel {
    const data = workbookFromJson(json);
    const m = new WorkbookModel({ ...options, name: data.name });
    m.sheetList = data.sheets;
    m.nextSheetSeq = data.nextSheetSeq;
    for (const [id, a] of Object.entries(data.areas)) m.areas.set(id, a);
    for (const [k, v] of Object.entries(data.settings)) m.settings.set(k, v);
    for (const n of data.notes) m.notes.set(n.sheetId, n.row, n.col, n.text);
    return m;
  }
}
