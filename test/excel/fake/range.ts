/** Excel.Range of the fake: values (typed-input parsing), numberFormat, formulas, font bold, clear, insert/delete with shift, select.
 * One file past 300 lines: Excel.Range is one object of the API, and its properties share the load/sync rules.
 */
import { MAX_COLS, MAX_ROWS, checked, quoteSheet, rectAddress, type Rect } from './a1';
import { FakeClientObject, FakeClientResult } from './client-object';
import { fail } from './errors';
import type { FakeRequestContext } from './request-context';
import { storeInput, type CellValue } from './typed-input';
import { GENERAL, type Cell, type SheetState } from './workbook-state';
import { FakeWorksheet, emitSheetChange } from './worksheet';

export interface RangeTarget {
  sheet: SheetState;
  rect: Rect;
}

const MAX_CELL_CHARS = 32767;

type Matrix<V> = V[][];

export class FakeRange extends FakeClientObject<RangeTarget> {
  protected readonly scalarProperties = [
    'address',
    'rowIndex',
    'columnIndex',
    'rowCount',
    'columnCount',
    'cellCount',
    'values',
    'numberFormat',
    'formulas',
    'text',
  ] as const;
  readonly format: FakeRangeFormat;

  constructor(
    context: FakeRequestContext,
    private readonly resolveTarget: () => RangeTarget | null,
  ) {
    super(context, resolveTarget);
    this.format = new FakeRangeFormat(context, () => this.liveTarget());
  }

  /** The target, checked to be on a sheet that still exists. */
  liveTarget(): RangeTarget {
    const t = this.targetOrNull();
    if (t === null) fail('InvalidReference', 'This reference is not valid (null object).');
    if (!this.context.engine.state.sheets.includes(t.sheet)) fail('ItemNotFound', 'The worksheet of this range was deleted.');
    return t;
  }

  protected override child(name: string): FakeClientObject<unknown> | undefined {
    if (name === 'format') return this.format as FakeClientObject<unknown>;
    if (name === 'worksheet') return this.worksheet as FakeClientObject<unknown>;
    return undefined;
  }

  get worksheet(): FakeWorksheet {
    return new FakeWorksheet(this.context, () => this.liveTarget().sheet);
  }

  protected read(name: string, target: RangeTarget): unknown {
    const { sheet, rect } = target;
    const state = this.context.engine.state;
    const matrix = <V>(f: (c: Cell | undefined) => V): Matrix<V> => {
      const cells = rect.rows * rect.cols;
      if (cells > this.context.engine.options.maxReadCells)
        fail('RangeExceedsLimit', `The range has ${cells} cells, more than a read may return.`);
      const out: Matrix<V> = [];
      for (let i = 0; i < rect.rows; i++) {
        const row: V[] = [];
        for (let j = 0; j < rect.cols; j++) row.push(f(state.cell(sheet, rect.row + i, rect.col + j)));
        out.push(row);
      }
      return out;
    };
    switch (name) {
      case 'address':
        return `${quoteSheet(sheet.name)}!${rectAddress(rect)}`;
      case 'rowIndex':
        return rect.row;
      case 'columnIndex':
        return rect.col;
      case 'rowCount':
        return rect.rows;
      case 'columnCount':
        return rect.cols;
      case 'cellCount':
        return rect.rows * rect.cols;
      case 'values':
        return matrix((c) => c?.value ?? '');
      case 'numberFormat':
        return matrix((c) => c?.format ?? GENERAL);
      case 'formulas':
        return matrix((c) => c?.formula ?? c?.value ?? '');
      case 'text':
        return matrix((c) => (c === undefined ? '' : String(c.value)));
      default:
        return fail('InvalidArgument', `Unknown property ${name}`);
    }
  }

  get address(): string {
    return this.loaded('address');
  }
  get rowIndex(): number {
    return this.loaded('rowIndex');
  }
  get columnIndex(): number {
    return this.loaded('columnIndex');
  }
  get rowCount(): number {
    return this.loaded('rowCount');
  }
  get columnCount(): number {
    return this.loaded('columnCount');
  }
  get cellCount(): number {
    return this.loaded('cellCount');
  }
  get text(): string[][] {
    return this.loaded('text');
  }
  get formulas(): unknown[][] {
    return this.loaded('formulas');
  }

  get values(): CellValue[][] {
    return this.loaded('values');
  }
  set values(input: unknown) {
    this.context.enqueue('setValues', input, () => this.writeValues(input));
  }

  get numberFormat(): string[][] {
    return this.loaded('numberFormat');
  }
  set numberFormat(input: unknown) {
    this.context.enqueue('setNumberFormat', input, () => this.writeFormats(input));
  }

  private writeValues(input: unknown): void {
    const { sheet, rect } = this.liveTarget();
    const engine = this.context.engine;
    const state = engine.state;
    const cellAt = shaped(input, rect, (v): v is CellValue | null => {
      if (v === null || typeof v === 'boolean') return true;
      if (typeof v === 'number') return Number.isFinite(v);
      return typeof v === 'string' && v.length <= MAX_CELL_CHARS;
    });
    for (let i = 0; i < rect.rows; i++)
      for (let j = 0; j < rect.cols; j++) {
        const v = cellAt(i, j);
        if (v === null) continue;
        const row = rect.row + i;
        const col = rect.col + j;
        const before = state.cell(sheet, row, col);
        const format = before?.format ?? GENERAL;
        const stored = storeInput(v, engine.parsingFormat(sheet, row, col, format), engine.options.currentYear);
        const next: Cell = {
          value: stored.value,
          format: format === GENERAL && stored.impliedFormat ? stored.impliedFormat : format,
          bold: before?.bold ?? false,
        };
        if (stored.formula !== undefined) next.formula = stored.formula;
        state.put(sheet, row, col, next);
      }
    emitSheetChange(this.context, sheet, 'RangeEdited', rect);
  }

  private writeFormats(input: unknown): void {
    const { sheet, rect } = this.liveTarget();
    const engine = this.context.engine;
    const isFormat = (v: unknown): v is string | null => v === null || typeof v === 'string';
    const formatAt = oneForAll(input, isFormat) ?? shaped(input, rect, isFormat);
    for (let i = 0; i < rect.rows; i++)
      for (let j = 0; j < rect.cols; j++) {
        const f = formatAt(i, j);
        if (f === null) continue;
        const row = rect.row + i;
        const col = rect.col + j;
        const before = engine.state.cell(sheet, row, col);
        engine.noteFormatChange(sheet, row, col, before?.format ?? GENERAL);
        engine.state.put(sheet, row, col, { value: '', bold: false, ...before, format: f === '' ? GENERAL : f });
      }
  }

  clear(applyTo: 'All' | 'Formats' | 'Contents' = 'All'): void {
    this.context.enqueue('clear', applyTo, () => {
      const { sheet, rect } = this.liveTarget();
      const state = this.context.engine.state;
      for (const [row, col, c] of [...state.cellsIn(sheet, rect)]) {
        if (applyTo === 'All') sheet.cells.delete(row * MAX_COLS + col);
        else if (applyTo === 'Contents') state.put(sheet, row, col, { value: '', format: c.format, bold: c.bold });
        else if (applyTo === 'Formats') state.put(sheet, row, col, { ...c, format: GENERAL, bold: false });
        else fail('InvalidArgument', `Unknown clear type ${String(applyTo)}.`);
      }
      emitSheetChange(this.context, sheet, 'RangeEdited', rect);
    });
  }

  insert(shift: 'Down' | 'Right'): FakeRange {
    let result: RangeTarget | undefined;
    this.context.enqueue('insert', shift, () => {
      const { sheet, rect } = this.liveTarget();
      const state = this.context.engine.state;
      if (shift === 'Down') state.shift(sheet, 'rows', rect.row, rect.rows, { start: rect.col, length: rect.cols });
      else if (shift === 'Right') state.shift(sheet, 'cols', rect.col, rect.cols, { start: rect.row, length: rect.rows });
      else fail('InvalidArgument', `Unknown shift ${String(shift)}.`);
      const entire = shift === 'Down' ? rect.cols === MAX_COLS : rect.rows === MAX_ROWS;
      emitSheetChange(this.context, sheet, entire ? (shift === 'Down' ? 'RowInserted' : 'ColumnInserted') : 'CellInserted', rect);
      result = { sheet, rect };
    });
    return new FakeRange(this.context, () => result ?? fail('InvalidReference', 'The inserted range is not available before sync.'));
  }

  delete(shift: 'Up' | 'Left'): void {
    this.context.enqueue('delete', shift, () => {
      const { sheet, rect } = this.liveTarget();
      const state = this.context.engine.state;
      if (shift === 'Up') state.shift(sheet, 'rows', rect.row, -rect.rows, { start: rect.col, length: rect.cols });
      else if (shift === 'Left') state.shift(sheet, 'cols', rect.col, -rect.cols, { start: rect.row, length: rect.rows });
      else fail('InvalidArgument', `Unknown shift ${String(shift)}.`);
      const entire = shift === 'Up' ? rect.cols === MAX_COLS : rect.rows === MAX_ROWS;
      emitSheetChange(this.context, sheet, entire ? (shift === 'Up' ? 'RowDeleted' : 'ColumnDeleted') : 'CellDeleted', rect);
    });
  }

  select(): void {
    this.context.enqueue('select', null, () => {
      const { sheet, rect } = this.liveTarget();
      this.context.engine.select(sheet.id, rect, [rect]);
    });
  }

  /** Per-cell properties (ExcelApi 1.9); the fake answers the ones the add-in asks for: `format.font.bold`. */
  getCellProperties(spec: {
    format?: { font?: { bold?: boolean } };
  }): FakeClientResult<Array<Array<{ format?: { font?: { bold?: boolean } } }>>> {
    if (!this.context.engine.supports(9)) fail('ApiNotFound', 'getCellProperties needs ExcelApi 1.9.');
    return new FakeClientResult(this.context, 'getCellProperties', () => {
      const { sheet, rect } = this.liveTarget();
      const cells = rect.rows * rect.cols;
      if (cells > this.context.engine.options.maxReadCells)
        fail('RangeExceedsLimit', `The range has ${cells} cells, more than a read may return.`);
      const out = Array.from({ length: rect.rows }, (_, i) =>
        Array.from({ length: rect.cols }, (_, j) =>
          spec.format?.font?.bold
            ? { format: { font: { bold: this.context.engine.state.cell(sheet, rect.row + i, rect.col + j)?.bold ?? false } } }
            : {},
        ),
      );
      this.context.engine.addResponseBytes(JSON.stringify(out).length);
      return out;
    });
  }

  private derived(f: (r: Rect) => Rect): FakeRange {
    return new FakeRange(this.context, () => {
      const t = this.liveTarget();
      return { sheet: t.sheet, rect: checked(f(t.rect), 'the derived range lies outside the sheet') };
    });
  }

  getCell(row: number, column: number): FakeRange {
    return this.derived((r) => ({ row: r.row + row, col: r.col + column, rows: 1, cols: 1 }));
  }
  getEntireRow(): FakeRange {
    return this.derived((r) => ({ row: r.row, rows: r.rows, col: 0, cols: MAX_COLS }));
  }
  getEntireColumn(): FakeRange {
    return this.derived((r) => ({ row: 0, rows: MAX_ROWS, col: r.col, cols: r.cols }));
  }
  getResizedRange(deltaRows: number, deltaColumns: number): FakeRange {
    return this.derived((r) => ({ ...r, rows: r.rows + deltaRows, cols: r.cols + deltaColumns }));
  }
  getOffsetRange(rowOffset: number, columnOffset: number): FakeRange {
    return this.derived((r) => ({ ...r, row: r.row + rowOffset, col: r.col + columnOffset }));
  }
}

/**
 * A 1 x 1 number-format matrix given to a larger range sets every cell: Microsoft's "Fundamental programming concepts
 * with the Excel JavaScript API" sets `numberFormat = [["$0.00"]]` on the four cells E3:E6. Null for any other input.
 */
function oneForAll<V>(input: unknown, valid: (v: unknown) => v is V): ((i: number, j: number) => V) | null {
  if (!Array.isArray(input) || input.length !== 1) return null;
  const row: unknown = input[0];
  if (!Array.isArray(row) || row.length !== 1) return null;
  const v: unknown = row[0];
  if (!valid(v)) fail('InvalidArgument', `The argument is invalid or missing or has an incorrect format: ${JSON.stringify(v)}.`);
  return () => v;
}

/** Checks a matrix (or one scalar for every cell) against the range's shape: Excel answers InvalidArgument otherwise. */
function shaped<V>(input: unknown, rect: Rect, valid: (v: unknown) => v is V): (i: number, j: number) => V {
  const bad = (why: string): never =>
    fail(
      'InvalidArgument',
      `The argument is invalid or missing or has an incorrect format. The number of rows or columns in the input array doesn't match the size or dimensions of the range (${why}).`,
    );
  if (!Array.isArray(input)) {
    if (!valid(input)) fail('InvalidArgument', `The argument is invalid or missing or has an incorrect format: ${JSON.stringify(input)}.`);
    return () => input;
  }
  if (input.length !== rect.rows) bad(`${input.length} rows for ${rect.rows}`);
  for (const row of input) {
    if (!Array.isArray(row) || row.length !== rect.cols) bad(`a row of ${Array.isArray(row) ? row.length : 'no'} columns for ${rect.cols}`);
    for (const v of row as unknown[])
      if (!valid(v)) fail('InvalidArgument', `The argument is invalid or missing or has an incorrect format: ${JSON.stringify(v)}.`);
  }
  const m = input as V[][];
  return (i, j) => m[i]![j]!;
}

export class FakeRangeFormat extends FakeClientObject<RangeTarget> {
  protected readonly scalarProperties = [] as const;
  readonly font: FakeRangeFont;
  constructor(context: FakeRequestContext, target: () => RangeTarget) {
    super(context, target);
    this.font = new FakeRangeFont(context, target);
  }
  protected read(): unknown {
    return null;
  }
  protected override child(name: string): FakeClientObject<unknown> | undefined {
    return name === 'font' ? (this.font as FakeClientObject<unknown>) : undefined;
  }
  autofitColumns(): void {
    this.context.enqueue('autofitColumns', null, () => undefined);
  }
}

export class FakeRangeFont extends FakeClientObject<RangeTarget> {
  protected readonly scalarProperties = ['bold'] as const;
  constructor(
    context: FakeRequestContext,
    private readonly target: () => RangeTarget,
  ) {
    super(context, target);
  }
  protected read(_name: string, { sheet, rect }: RangeTarget): unknown {
    const state = this.context.engine.state;
    let seen: boolean | undefined;
    for (let i = 0; i < rect.rows; i++)
      for (let j = 0; j < rect.cols; j++) {
        const b = state.cell(sheet, rect.row + i, rect.col + j)?.bold ?? false;
        if (seen === undefined) seen = b;
        else if (seen !== b) return null;
      }
    return seen ?? false;
  }
  get bold(): boolean | null {
    return this.loaded('bold');
  }
  set bold(value: boolean) {
    this.context.enqueue('setBold', value, () => {
      if (typeof value !== 'boolean') fail('InvalidArgument', 'bold must be true or false.');
      const { sheet, rect } = this.target();
      const state = this.context.engine.state;
      if (!value) {
        for (const [row, col, c] of [...state.cellsIn(sheet, rect)]) state.put(sheet, row, col, { ...c, bold: false });
        return;
      }
      for (let i = 0; i < rect.rows; i++)
        for (let j = 0; j < rect.cols; j++) {
          const c = state.cell(sheet, rect.row + i, rect.col + j);
          state.put(sheet, rect.row + i, rect.col + j, { value: '', format: GENERAL, ...c, bold: true });
        }
    });
  }
}
