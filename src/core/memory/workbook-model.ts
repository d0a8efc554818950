/** A portable in-memory workbook: ordered sheets of sparse cells with formats and bold, column widths, tracked areas, settings, change events. */
import { AddinError } from '../wire/errors';
import { isNumberText } from '../cells/number-text';
import { EXCEL_GRID, type GridBounds, type RangeRect } from '../cells/a1';
import type { BoldRun, FormatRun, GridRange, Scalar, SheetRef } from '../host';
import { GENERAL_FORMAT, TEXT_FORMAT } from '../host';
import { holdsFormat, isEmptyRow, MAX_COLUMN_WIDTH, ownFormats, type RowStore, type SheetStore } from './sheet-store';

export { MAX_COLUMN_WIDTH };
import { RowIndex } from './row-index';
import { TrackedAreas } from './tracked-areas';
import { columnsJsonOf, rowJsonOf, workbookFromJson, workbookToJson, type WorkbookJson } from './workbook-json';

export type { WorkbookJson } from './workbook-json';

/** The format of a cell that has none (what Excel reports); stored as `null`. */
export { GENERAL_FORMAT };


/** One cell as the model holds it. */
export interface CellData {
  /** The stored value; for a formula, its text (the model does not compute formulas). */
  value: Scalar;
  /** Number format; `null` is General. */
  format: string | null;
  bold: boolean;
  /** True when a string starting with `=` (or `+`/`-`, not a number) was written into a non-text cell: inertness was lost. */
  formula: boolean;
}

export type ModelChange =
  | { type: 'cells'; sheetId: string; range: RangeRect }
  | { type: 'structure'; sheetId: string }
  | { type: 'columns'; sheetId: string }
  | { type: 'sheets' }
  | { type: 'areas' }
  | { type: 'settings'; key: string };

export type ModelListener = (change: ModelChange) => void;

/** Options of one bulk write. */
export interface SetRangeOptions {
  /** Per-cell number format applied before the value; `null` (or a missing entry) leaves the format alone. */
  formats?: (string | null)[][];
  /** How many leading rows become bold. */
  boldRows?: number;
  /** Bold of every cell, set exactly (true or false) after `boldRows`; `null` or a missing entry leaves the cell's bold alone. */
  bold?: (boolean | null)[][];
  /** Number formats as rectangles relative to the range (a write block's runs), applied before the values like `formats`. */
  formatRuns?: readonly FormatRun[];
  /** Bold as rectangles relative to the range, set exactly like `bold` (before `boldRows`, which a write block never has). */
  boldRuns?: readonly BoldRun[];
}

const FORBIDDEN_SHEET_CHARS = /[[\]:*?/\\]/;

/** True when text starting with this code unit could read as a number or a formula (number text's or put()'s first characters). */
function mayParse(first: number): boolean {
  return (first >= 0x30 && first <= 0x39) || first === 0x2b || first === 0x2d || first === 0x2e || first === 0x3d;
}

/**
 * A row-formats shift (a column insert or delete) that keeps shared formats shared: each shared array is shifted once
 * and its rows take the shifted copy; formats of a row's own are shifted in place.
 */
function sharedFormatsShift(shift: (f: (string | null | undefined)[]) => void): (r: RowStore) => void {
  const shifted = new Map<readonly (string | null | undefined)[], readonly (string | null | undefined)[]>();
  return (r) => {
    const f = r.f;
    if (f === undefined) return;
    if (!Object.isFrozen(f)) return shift(ownFormats(r));
    let next = shifted.get(f);
    if (next === undefined) {
      const copy = f.slice();
      shift(copy);
      next = Object.freeze(copy);
      shifted.set(f, next);
    }
    r.f = next;
  };
}

function hostError(message: string): AddinError {
  return new AddinError('host', message);
}

export interface WorkbookModelOptions {
  name?: string;
  bounds?: Partial<GridBounds>;
  /** Name of the first sheet when the model starts empty. */
  firstSheetName?: string;
}

export class WorkbookModel {
  readonly bounds: GridBounds;
  name: string;
  private sheetList: SheetStore[] = [];
  private nextSheetSeq = 1;
  private readonly areas = new TrackedAreas();
  private readonly settings = new Map<string, string>();
  private readonly listeners = new Set<ModelListener>();

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

  private checkName(name: string, exceptId: string | null): void {
    if (name.trim() === '') throw hostError('A sheet name cannot be empty.');
    if (name.length > 31) throw hostError(`The sheet name "${name}" is longer than 31 characters.`);
    if (FORBIDDEN_SHEET_CHARS.test(name) || name.startsWith("'") || name.endsWith("'"))
      throw hostError(`The sheet name "${name}" contains a character a sheet name cannot hold.`);
    const lower = name.toLowerCase();
    if (this.sheetList.some((s) => s.id !== exceptId && s.name.toLowerCase() === lower))
      throw hostError(`A sheet named "${name}" already exists.`);
  }

  /** Add a sheet (at the end unless `index` is given); a name is made up when none is given. */
  addSheet(name?: string, index?: number): SheetRef {
    let chosen = name;
    if (chosen === undefined) {
      let n = this.sheetList.length + 1;
      while (this.sheetByName(`Sheet${n}`)) n += 1;
      chosen = `Sheet${n}`;
    }
    this.checkName(chosen, null);
    const sheet: SheetStore = { id: `s${this.nextSheetSeq}`, name: chosen, rows: new RowIndex<RowStore>(), widths: new Map() };
    this.nextSheetSeq += 1;
    const at = index === undefined ? this.sheetList.length : Math.max(0, Math.min(index, this.sheetList.length));
    this.sheetList.splice(at, 0, sheet);
    this.emit({ type: 'sheets' });
    return { id: sheet.id, name: sheet.name };
  }

  renameSheet(sheetId: string, name: string): void {
    const s = this.store(sheetId);
    this.checkName(name, sheetId);
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

  // ---------- cells: reading ----------
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
    const r = this.store(sheetId).rows.get(row);
    if (!r) return null;
    const value = r.v[col] ?? null;
    const format = r.f?.[col] ?? null;
    const bold = r.b?.[col] ?? false;
    if (value === null && format === null && !bold) return null;
    return { value, format, bold, formula: r.x?.[col] ?? false };
  }

  getValue(sheetId: string, row: number, col: number): Scalar {
    return this.store(sheetId).rows.get(row)?.v[col] ?? null;
  }

  getValues(sheetId: string, range: RangeRect): Scalar[][] {
    const s = this.store(sheetId);
    const out: Scalar[][] = [];
    for (let i = 0; i < range.rows; i += 1) {
      const r = s.rows.get(range.row + i);
      const line: Scalar[] = new Array<Scalar>(range.cols);
      for (let j = 0; j < range.cols; j += 1) line[j] = r?.v[range.col + j] ?? null;
      out.push(line);
    }
    return out;
  }

  /** Number formats of a range; `null` is General. */
  getFormats(sheetId: string, range: RangeRect): (string | null)[][] {
    const s = this.store(sheetId);
    const out: (string | null)[][] = [];
    for (let i = 0; i < range.rows; i += 1) {
      const r = s.rows.get(range.row + i);
      const line: (string | null)[] = new Array<string | null>(range.cols);
      for (let j = 0; j < range.cols; j += 1) line[j] = r?.f?.[range.col + j] ?? null;
      out.push(line);
    }
    return out;
  }

  /**
   * Values, formats (`general` where a cell has none) and bold of a range in one pass (the same answer as getValues,
   * getFormats and getBold). Rows the sheet does not hold share three frozen rows, so a snapshot of an empty area
   * costs next to nothing; a snapshot is read, never written to.
   */
  snapshotRange(
    sheetId: string,
    range: RangeRect,
    general: string,
  ): { range: RangeRect & { sheetId: string }; values: Scalar[][]; formats: string[][]; bold: boolean[][] } {
    const s = this.store(sheetId);
    const values: Scalar[][] = new Array<Scalar[]>(range.rows);
    const formats: string[][] = new Array<string[]>(range.rows);
    const bold: boolean[][] = new Array<boolean[]>(range.rows);
    const { col, cols } = range;
    const emptyV = Object.freeze(new Array<Scalar>(cols).fill(null)) as Scalar[];
    const emptyF = Object.freeze(new Array<string>(cols).fill(general)) as string[];
    const emptyB = Object.freeze(new Array<boolean>(cols).fill(false)) as boolean[];
    for (let i = 0; i < range.rows; i += 1) {
      const r = s.rows.get(range.row + i);
      if (r === undefined) {
        values[i] = emptyV;
        formats[i] = emptyF;
        bold[i] = emptyB;
        continue;
      }
      const v = new Array<Scalar>(cols).fill(null);
      const f = new Array<string>(cols).fill(general);
      const b = new Array<boolean>(cols).fill(false);
      for (let j = 0; j < cols; j += 1) {
        const value = r.v[col + j];
        if (value !== undefined && value !== null) v[j] = value;
        const format = r.f?.[col + j];
        if (format !== undefined && format !== null) f[j] = format;
        if (r.b?.[col + j]) b[j] = true;
      }
      values[i] = v;
      formats[i] = f;
      bold[i] = b;
    }
    return { range: { sheetId, row: range.row, col: range.col, rows: range.rows, cols: range.cols }, values, formats, bold };
  }

  /** Bold of every cell of a range. */
  getBold(sheetId: string, range: RangeRect): boolean[][] {
    const s = this.store(sheetId);
    const out: boolean[][] = [];
    for (let i = 0; i < range.rows; i += 1) {
      const r = s.rows.get(range.row + i);
      const line: boolean[] = new Array<boolean>(range.cols);
      for (let j = 0; j < range.cols; j += 1) line[j] = r?.b?.[range.col + j] ?? false;
      out.push(line);
    }
    return out;
  }

  /** Row indexes of rows holding anything, ascending, inside [from, to). */
  private rowKeys(s: SheetStore, from: number, to: number): number[] {
    if (to - from <= s.rows.size) {
      const keys: number[] = [];
      for (let r = from; r < to; r += 1) if (s.rows.has(r)) keys.push(r);
      return keys;
    }
    return [...s.rows.keys()].filter((r) => r >= from && r < to);
  }

  /** Cells holding a value inside `range`, row-major, at most `max`. */
  occupied(sheetId: string, range: RangeRect, max: number): Array<{ row: number; col: number }> {
    const s = this.store(sheetId);
    const out: Array<{ row: number; col: number }> = [];
    if (max <= 0) return out;
    for (const r of this.rowKeys(s, range.row, range.row + range.rows)) {
      const store = s.rows.get(r);
      if (!store) continue;
      const end = Math.min(range.col + range.cols, store.v.length);
      for (let c = range.col; c < end; c += 1) {
        const v = store.v[c];
        if (v !== undefined && v !== null) {
          out.push({ row: r, col: c });
          if (out.length >= max) return out;
        }
      }
    }
    return out;
  }

  /** Number of cells holding a value on a sheet (or the whole workbook). */
  countValues(sheetId?: string): number {
    let n = 0;
    for (const s of this.sheetList) {
      if (sheetId !== undefined && s.id !== sheetId) continue;
      for (const r of s.rows.values()) for (const v of r.v) if (v !== undefined && v !== null) n += 1;
    }
    return n;
  }

  /** The smallest rectangle holding every value of a sheet, or null when the sheet holds none. */
  usedRange(sheetId: string): RangeRect | null {
    const s = this.store(sheetId);
    let minR = Infinity;
    let maxR = -1;
    let minC = Infinity;
    let maxC = -1;
    // Each row is scanned from both ends only (the grid asks this on every change: a full scan of a large sheet froze the page).
    for (const [r, store] of s.rows) {
      const v = store.v;
      let first = 0;
      while (first < v.length && (v[first] === undefined || v[first] === null)) first += 1;
      if (first === v.length) continue;
      let last = v.length - 1;
      while (v[last] === undefined || v[last] === null) last -= 1;
      if (r < minR) minR = r;
      if (r > maxR) maxR = r;
      if (first < minC) minC = first;
      if (last > maxC) maxC = last;
    }
    if (maxR < 0) return null;
    return { row: minR, col: minC, rows: maxR - minR + 1, cols: maxC - minC + 1 };
  }

  // ---------- cells: writing ----------
  /** The row's store, created when missing (`width` sizes a new row's values: a block's rows then hold no spare slots), with its formats slot from the start (adding it later, or deleting it, slows every row down). */
  private rowFor(s: SheetStore, row: number, width = 0): RowStore {
    let r = s.rows.get(row);
    if (!r) {
      r = { v: width > 0 ? new Array<Scalar | undefined>(width) : [], f: undefined };
      s.rows.set(row, r);
    }
    return r;
  }

  private dropIfEmpty(s: SheetStore, row: number, r: RowStore): void {
    if (isEmptyRow(r)) s.rows.delete(row);
  }

  /** Store one value with host semantics (format already applied). */
  private put(r: RowStore, col: number, value: Scalar): void {
    let v: Scalar = value;
    let formula = false;
    if (typeof v === 'number' && !Number.isFinite(v)) throw hostError(`A cell cannot hold the number ${String(v)}.`);
    if (typeof v === 'string') {
      if (v.length > this.bounds.maxCellChars)
        throw new AddinError('limit', `A value has ${v.length} characters; a cell holds at most ${this.bounds.maxCellChars}.`);
      if (v === '') v = null;
      else if (mayParse(v.charCodeAt(0)) && (r.f?.[col] ?? null) !== TEXT_FORMAT) {
        // Like a real host, a string in a non-text cell is parsed: numbers become numbers, `=`/`+`/`-` start a formula.
        if (isNumberText(v) && Number.isFinite(Number(v))) v = Number(v);
        else if (v.length > 1 && (v.startsWith('=') || v.startsWith('+') || v.startsWith('-'))) formula = true;
      }
    }
    if (v === null) {
      if (col < r.v.length) delete r.v[col];
    } else r.v[col] = v;
    if (formula) (r.x ??= [])[col] = true;
    else if (r.x && col < r.x.length) delete r.x[col];
  }

  private setFormatIn(r: RowStore, col: number, format: string): void {
    const f = format === GENERAL_FORMAT ? null : format;
    const current = r.f?.[col] ?? null;
    if (current === f) return;
    if (f === null) delete ownFormats(r)[col];
    else ownFormats(r)[col] = f;
  }

  /**
   * Applies a write's format runs to rows [row, row + rows), sweeping the run edges top to bottom: the rows between two
   * edges get the same runs (at most one a column: runs do not overlap), so rows whose formats were shared (or absent)
   * end up sharing one frozen array per outcome, across the whole block; a row with formats of its own is changed in place.
   */
  private applyFormatRuns(s: SheetStore, row: number, col: number, rows: number, cols: number, runs: readonly FormatRun[]): void {
    const clamp = (i: number): number => Math.max(0, Math.min(rows, i));
    // Runs in their order in the list (a later run wins where two overlap, as cell by cell), by index.
    const events: Array<{ at: number; index: number; start: boolean }> = [];
    runs.forEach((run, index) => {
      if (run.col >= cols || run.cols <= 0 || clamp(run.row) >= clamp(run.row + run.rows)) return;
      events.push({ at: clamp(run.row), index, start: true }, { at: clamp(run.row + run.rows), index, start: false });
    });
    events.sort((a, b) => a.at - b.at);
    const width = col + cols;
    /** The shared formats a row's formats (shared or absent) become, by the runs over it. */
    const outcomes = new Map<
      string,
      Map<readonly (string | null | undefined)[] | undefined, readonly (string | null | undefined)[] | undefined>
    >();
    let active: number[] = [];
    for (let e = 0; e < events.length;) {
      const from = events[e]?.at ?? rows;
      for (let event = events[e]; event !== undefined && event.at === from; event = events[++e]) {
        active = event.start ? [...active, event.index].sort((a, b) => a - b) : active.filter((i) => i !== event.index);
      }
      const to = events[e]?.at ?? rows;
      if (active.length === 0 || to <= from) continue;
      const here = active.map((i) => runs[i] as FormatRun);
      // Keyed by what the runs set (not which runs they are), so equal rows of different segments share too.
      const key = JSON.stringify(here.map((r) => [r.col, r.cols, r.format]));
      let outcome = outcomes.get(key);
      if (outcome === undefined) {
        outcome = new Map();
        outcomes.set(key, outcome);
      }
      for (let i = from; i < to; i += 1) {
        const existing = s.rows.get(row + i);
        const current = existing?.f;
        if (existing !== undefined && current !== undefined && !Object.isFrozen(current)) {
          for (const run of here)
            for (let j = run.col; j < run.col + run.cols && j < cols; j += 1) this.setFormatIn(existing, col + j, run.format);
          continue;
        }
        let next = outcome.get(current);
        if (next === undefined && !outcome.has(current)) {
          const f = current === undefined ? new Array<string | null | undefined>(width) : current.slice();
          for (const run of here)
            for (let j = run.col; j < run.col + run.cols && j < cols; j += 1) {
              if (run.format === GENERAL_FORMAT) delete f[col + j];
              else f[col + j] = run.format;
            }
          next = holdsFormat(f) ? Object.freeze(f) : undefined;
          outcome.set(current, next);
        }
        if (next === current) continue;
        const r = existing ?? this.rowFor(s, row + i, width);
        r.f = next;
      }
    }
  }

  /** Write one cell; `format` (when given) is applied before the value, `null`/General resets it. */
  setValue(sheetId: string, row: number, col: number, value: Scalar, options: { format?: string | null; bold?: boolean } = {}): void {
    this.checkCell(row, col);
    const s = this.store(sheetId);
    const r = this.rowFor(s, row);
    if (options.format !== undefined) this.setFormatIn(r, col, options.format ?? GENERAL_FORMAT);
    if (options.bold !== undefined) (r.b ??= [])[col] = options.bold || undefined;
    this.put(r, col, value);
    this.dropIfEmpty(s, row, r);
    this.emit({ type: 'cells', sheetId, range: { row, col, rows: 1, cols: 1 } });
  }

  setFormat(sheetId: string, range: RangeRect, format: string | null): void {
    this.checkRect(range);
    const s = this.store(sheetId);
    for (let i = 0; i < range.rows; i += 1) {
      const r = this.rowFor(s, range.row + i);
      for (let j = 0; j < range.cols; j += 1) this.setFormatIn(r, range.col + j, format ?? GENERAL_FORMAT);
      this.dropIfEmpty(s, range.row + i, r);
    }
    this.emit({ type: 'cells', sheetId, range });
  }

  setBold(sheetId: string, range: RangeRect, bold: boolean): void {
    this.checkRect(range);
    const s = this.store(sheetId);
    for (let i = 0; i < range.rows; i += 1) {
      const r = this.rowFor(s, range.row + i);
      for (let j = 0; j < range.cols; j += 1) (r.b ??= [])[range.col + j] = bold || undefined;
      this.dropIfEmpty(s, range.row + i, r);
    }
    this.emit({ type: 'cells', sheetId, range });
  }

  /** Write a rectangle of values (`null` empties a cell); formats go first so TEXT_FORMAT cells stay inert. All-or-nothing on bounds. */
  setRange(sheetId: string, row: number, col: number, values: Scalar[][], options: SetRangeOptions = {}): void {
    const rows = values.length;
    const cols = values.reduce((m, line) => Math.max(m, line.length), 0);
    if (rows === 0 || cols === 0) return;
    this.checkRect({ row, col, rows, cols });
    for (const line of values)
      for (const v of line) {
        if (typeof v === 'string' && v.length > this.bounds.maxCellChars)
          throw new AddinError('limit', `A value has ${v.length} characters; a cell holds at most ${this.bounds.maxCellChars}.`);
        if (typeof v === 'number' && !Number.isFinite(v)) throw hostError(`A cell cannot hold the number ${String(v)}.`);
      }
    const s = this.store(sheetId);
    if (options.formatRuns !== undefined && options.formatRuns.length > 0)
      this.applyFormatRuns(s, row, col, rows, cols, options.formatRuns);
    for (const run of options.boldRuns ?? [])
      for (let i = run.row; i < run.row + run.rows && i < rows; i += 1) {
        const r = this.rowFor(s, row + i);
        for (let j = run.col; j < run.col + run.cols && j < cols; j += 1) (r.b ??= [])[col + j] = run.bold || undefined;
      }
    const boldRows = options.boldRows ?? 0;
    // Values alone (a write block's case: its formats and bold came as runs above): no per-cell format or bold to read.
    const valuesOnly = options.formats === undefined && boldRows === 0 && options.bold === undefined;
    for (let i = 0; i < rows; i += 1) {
      const line = values[i] ?? [];
      const fline = options.formats?.[i];
      const r = this.rowFor(s, row + i, col + cols);
      if (valuesOnly) {
        for (let j = 0; j < line.length; j += 1) this.put(r, col + j, line[j] ?? null);
        this.dropIfEmpty(s, row + i, r);
        continue;
      }
      for (let j = 0; j < line.length; j += 1) {
        const f = fline?.[j];
        if (f !== undefined && f !== null) this.setFormatIn(r, col + j, f);
        if (i < boldRows) (r.b ??= [])[col + j] = true;
        const b = options.bold?.[i]?.[j];
        if (b !== undefined && b !== null) (r.b ??= [])[col + j] = b || undefined;
        this.put(r, col + j, line[j] ?? null);
      }
      this.dropIfEmpty(s, row + i, r);
    }
    this.emit({ type: 'cells', sheetId, range: { row, col, rows, cols } });
  }

  /** Clear values (and formula marks) of a range; formats and bold stay. */
  clearRange(sheetId: string, range: RangeRect): void {
    const s = this.store(sheetId);
    for (const rowIndex of this.rowKeys(s, range.row, range.row + range.rows)) {
      const r = s.rows.get(rowIndex);
      if (!r) continue;
      const end = Math.min(range.col + range.cols, r.v.length);
      for (let c = range.col; c < end; c += 1) {
        delete r.v[c];
        if (r.x && c < r.x.length) delete r.x[c];
      }
      this.dropIfEmpty(s, rowIndex, r);
    }
    this.emit({ type: 'cells', sheetId, range });
  }

  // ---------- structure ----------
  private refuseShiftOff(s: SheetStore, lastKept: number, axis: 'rows' | 'cols'): void {
    if (axis === 'rows') {
      for (const [r, store] of s.rows)
        if (r >= lastKept && !isEmptyRow(store)) throw hostError('Rows cannot be inserted: non-empty cells would be pushed off the sheet.');
    } else {
      for (const store of s.rows.values())
        for (let c = lastKept; c < store.v.length; c += 1)
          if (store.v[c] !== undefined) throw hostError('Columns cannot be inserted: non-empty cells would be pushed off the sheet.');
    }
  }

  /** Insert `count` empty rows before `row`; cells and tracked areas below move down (areas spanning `row` grow). */
  insertRows(sheetId: string, row: number, count: number): void {
    this.checkCount(row, count, this.bounds.maxRows);
    const s = this.store(sheetId);
    this.refuseShiftOff(s, this.bounds.maxRows - count, 'rows');
    const moved = new RowIndex<RowStore>();
    for (const [r, store] of s.rows) moved.set(r >= row ? r + count : r, store);
    s.rows = moved;
    if (this.areas.insertRows(sheetId, row, count)) this.emit({ type: 'areas' });
    this.emit({ type: 'structure', sheetId });
  }

  /** Delete rows [row, row+count); cells below move up; areas shrink, wholly deleted areas become null. */
  deleteRows(sheetId: string, row: number, count: number): void {
    this.checkCount(row, count, this.bounds.maxRows);
    const s = this.store(sheetId);
    const moved = new RowIndex<RowStore>();
    for (const [r, store] of s.rows) {
      if (r < row) moved.set(r, store);
      else if (r >= row + count) moved.set(r - count, store);
    }
    s.rows = moved;
    if (this.areas.deleteRows(sheetId, row, count)) this.emit({ type: 'areas' });
    this.emit({ type: 'structure', sheetId });
  }

  insertColumns(sheetId: string, col: number, count: number): void {
    this.checkCount(col, count, this.bounds.maxCols);
    const s = this.store(sheetId);
    this.refuseShiftOff(s, this.bounds.maxCols - count, 'cols');
    const blanks = new Array<undefined>(count);
    const shifted = sharedFormatsShift((f) => f.splice(col, 0, ...blanks));
    for (const r of s.rows.values()) {
      for (const arr of [r.v, r.b, r.x]) if (arr && arr.length > col) arr.splice(col, 0, ...blanks);
      if (r.f && r.f.length > col) shifted(r);
    }
    s.widths = new Map(
      [...s.widths].filter(([c]) => c + count < this.bounds.maxCols || c < col).map(([c, w]) => [c >= col ? c + count : c, w]),
    );
    if (this.areas.insertColumns(sheetId, col, count)) this.emit({ type: 'areas' });
    this.emit({ type: 'structure', sheetId });
  }

  deleteColumns(sheetId: string, col: number, count: number): void {
    this.checkCount(col, count, this.bounds.maxCols);
    const s = this.store(sheetId);
    const shifted = sharedFormatsShift((f) => f.splice(col, count));
    for (const [rowIndex, r] of [...s.rows]) {
      for (const arr of [r.v, r.b, r.x]) if (arr && arr.length > col) arr.splice(col, count);
      if (r.f && r.f.length > col) shifted(r);
      this.dropIfEmpty(s, rowIndex, r);
    }
    s.widths = new Map([...s.widths].filter(([c]) => c < col || c >= col + count).map(([c, w]) => [c >= col ? c - count : c, w]));
    if (this.areas.deleteColumns(sheetId, col, count)) this.emit({ type: 'areas' });
    this.emit({ type: 'structure', sheetId });
  }

  private checkCount(at: number, count: number, max: number): void {
    if (!Number.isInteger(at) || !Number.isInteger(count) || at < 0 || count <= 0 || at >= max || count > max)
      throw new AddinError('limit', `Cannot insert or delete ${count} at position ${at + 1}.`);
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
    return this.areas.ids();
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
  toJSON(): WorkbookJson {
    return workbookToJson({
      name: this.name,
      nextSheetSeq: this.nextSheetSeq,
      sheets: this.sheetList,
      areas: Object.fromEntries(this.areas.entries()),
      settings: Object.fromEntries(this.settings),
    });
  }

  /**
   * The text of `JSON.stringify(this.toJSON())` in pieces of at most `rowsPerPiece` rows, so a caller can serialize a
   * large workbook a slice at a time. The pieces read the model as it is when each is taken: a change between pieces
   * makes the text inconsistent, so a caller that pauses between pieces starts again after a change.
   */
  *toJSONText(rowsPerPiece = 2000): Generator<string, void, undefined> {
    const str = JSON.stringify;
    yield `{"version":1,"name":${str(this.name)},"nextSheetSeq":${str(this.nextSheetSeq)},"sheets":[`;
    for (let i = 0; i < this.sheetList.length; i += 1) {
      const s = this.sheetList[i] as SheetStore;
      yield `${i === 0 ? '' : ','}{"id":${str(s.id)},"name":${str(s.name)},"rows":[`;
      const keys = [...s.rows.keys()];
      let first = true;
      for (let at = 0; at < keys.length; at += rowsPerPiece) {
        const parts: string[] = [];
        const end = Math.min(keys.length, at + rowsPerPiece);
        for (let k = at; k < end; k += 1) {
          const r = keys[k] as number;
          if (s.rows.has(r)) parts.push(str(rowJsonOf(r, s.rows.get(r) as RowStore)));
        }
        if (parts.length > 0) yield `${first ? '' : ','}${parts.join(',')}`;
        first &&= parts.length === 0;
      }
      const columns = columnsJsonOf(s);
      yield `]${columns ? `,"columns":${str(columns)}` : ''}}`;
    }
    yield `],"areas":${str(Object.fromEntries(this.areas.entries()))},"settings":${str(Object.fromEntries(this.settings))}}`;
  }

  /** Rebuild a model from `toJSON()` output; throws AddinError kind 'contract' on a malformed value. */
  static fromJSON(json: unknown, options: Omit<WorkbookModelOptions, 'name' | 'firstSheetName'> = {}): WorkbookModel {
    const data = workbookFromJson(json);
    const m = new WorkbookModel({ ...options, name: data.name });
    m.sheetList = data.sheets;
    m.nextSheetSeq = data.nextSheetSeq;
    for (const [id, a] of Object.entries(data.areas)) m.areas.set(id, a);
    for (const [k, v] of Object.entries(data.settings)) m.settings.set(k, v);
    return m;
  }
}
