/**
 * `window.previewWorkbook`: a small synchronous API over the preview workbook for browser tests.
 * Sheets by name, cells in A1 notation, rows from 1.
 */
import type { Scalar, SheetRef } from '../core/host';
import { formatRangeRef, parseCellRef, parseRangeRef } from '../core/cells/a1';
import { autofitColumns } from './grid/column-autofit';
import { COL_WIDTH } from './grid/grid-geometry';
import type { PreviewHost } from './preview-host';
import { selectionRange } from './selection-store';

export interface PreviewWorkbookApi {
  /** Sheet names, in tab order. */
  sheets(): string[];
  addSheet(name: string): void;
  renameSheet(sheet: string, name: string): void;
  deleteSheet(sheet: string): void;
  /** Values of a range such as "A1:C3" (`null` = empty). */
  getValues(sheet: string, range: string): Scalar[][];
  /** Writes one cell as a host API would: number-like text becomes a number, text starting with `=` is flagged as a formula (kept as text). */
  setValue(sheet: string, cell: string, value: Scalar): void;
  /** Writes a rectangle of values from its top-left cell in one change (as a host write would). */
  setValues(sheet: string, topLeft: string, values: Scalar[][]): void;
  /** Shows the sheet and selects the cell or range ("B2", "B2:D5"), as a click would. */
  select(sheet: string, cell: string): void;
  /** "Sheet1!B2" (quoted like "'My Sheet'!B2" when needed): the active cell. */
  activeCell(): string;
  insertRows(sheet: string, row: number, count: number): void;
  deleteRows(sheet: string, row: number, count: number): void;
  /** Columns by letter ("B"). */
  insertColumns(sheet: string, column: string, count: number): void;
  deleteColumns(sheet: string, column: string, count: number): void;
  /** Number formats of a range (`null` = General). */
  formats(sheet: string, range: string): (string | null)[][];
  isFormula(sheet: string, cell: string): boolean;
  isBold(sheet: string, cell: string): boolean;
  /** Width of a column ("B") in pixels, as the grid shows it (the default width unless set). */
  columnWidth(sheet: string, column: string): number;
  /** Sets a column's width in pixels (null: back to the default), as dragging its header's border does. */
  setColumnWidth(sheet: string, column: string, width: number | null): void;
  /** Fits columns ("B" or "B:D") to their content, as double-clicking a header's border does; resolves once set. */
  autofitColumns(sheet: string, columns: string): Promise<void>;
  /** Tracked (placed) areas by placement id, as "Sheet1!B2:D20", or null when orphaned. */
  trackedAreas(): Record<string, string | null>;
  /** Saves to browser storage now; false when the browser refused at once (with IndexedDB the write finishes later: see whenSaved). */
  save(): boolean;
  /** Saves what is pending and resolves once it is written (await it before a reload): false when the browser refused. */
  whenSaved(): Promise<boolean>;
  /** Resolves once the write-behind save (after its quiet time, in slices) has written every change, without saving at once: false when refused. */
  whenSettled(): Promise<boolean>;
}

function columnIndex(column: string): number {
  return parseCellRef(`${column}1`).col;
}

export function createPreviewWorkbookApi(host: PreviewHost): PreviewWorkbookApi {
  const model = host.model;
  const sheet = (name: string): SheetRef => {
    const s = model.sheetByName(name);
    if (!s)
      throw new Error(
        `No sheet named "${name}" (sheets: ${model
          .sheets()
          .map((x) => x.name)
          .join(', ')}).`,
      );
    return s;
  };
  const rangeOf = (ref: string) => {
    const r = parseRangeRef(ref, model.bounds);
    return { row: r.row, col: r.col, rows: r.rows, cols: r.cols };
  };
  const cellOf = (ref: string) => parseCellRef(ref, model.bounds);
  const rowFrom1 = (row: number): number => {
    if (!Number.isInteger(row) || row < 1) throw new Error(`Rows are numbered from 1 (got ${String(row)}).`);
    return row - 1;
  };
  const label = (sheetId: string, r: { row: number; col: number; rows: number; cols: number }): string =>
    formatRangeRef(model.sheet(sheetId)?.name ?? null, r);
  return {
    sheets: () => model.sheets().map((s) => s.name),
    addSheet: (name) => {
      model.addSheet(name);
    },
    renameSheet: (s, name) => model.renameSheet(sheet(s).id, name),
    deleteSheet: (s) => model.deleteSheet(sheet(s).id),
    getValues: (s, range) => model.getValues(sheet(s).id, rangeOf(range)),
    setValue: (s, cell, value) => {
      const p = cellOf(cell);
      model.setValue(sheet(s).id, p.row, p.col, value);
    },
    setValues: (s, topLeft, values) => {
      const p = cellOf(topLeft);
      model.setRange(sheet(s).id, p.row, p.col, values);
    },
    select: (s, cell) => {
      const id = sheet(s).id;
      host.selection.selectRange({ sheetId: id, ...rangeOf(cell) }, { reveal: true });
    },
    activeCell: () => {
      const sel = host.selection.selection;
      return label(sel.sheetId, { ...selectionRange(sel), rows: 1, cols: 1 });
    },
    insertRows: (s, row, count) => model.insertRows(sheet(s).id, rowFrom1(row), count),
    deleteRows: (s, row, count) => model.deleteRows(sheet(s).id, rowFrom1(row), count),
    insertColumns: (s, column, count) => model.insertColumns(sheet(s).id, columnIndex(column), count),
    deleteColumns: (s, column, count) => model.deleteColumns(sheet(s).id, columnIndex(column), count),
    formats: (s, range) => model.getFormats(sheet(s).id, rangeOf(range)),
    isFormula: (s, cell) => {
      const p = cellOf(cell);
      return model.getCell(sheet(s).id, p.row, p.col)?.formula ?? false;
    },
    isBold: (s, cell) => {
      const p = cellOf(cell);
      return model.getCell(sheet(s).id, p.row, p.col)?.bold ?? false;
    },
    columnWidth: (s, column) => model.columnWidth(sheet(s).id, columnIndex(column)) ?? COL_WIDTH,
    setColumnWidth: (s, column, width) => model.setColumnWidths(sheet(s).id, [{ col: columnIndex(column), width }]),
    autofitColumns: (s, columns) => {
      const [first = '', last = first] = columns.split(':');
      const from = columnIndex(first);
      return autofitColumns(model, sheet(s).id, from, columnIndex(last) - from + 1);
    },
    trackedAreas: () =>
      Object.fromEntries(
        model.areaIds().map((id) => {
          const a = model.area(id);
          return [id, a ? label(a.sheetId, a) : null];
        }),
      ),
    save: () => host.flush(),
    whenSaved: () => {
      host.flush();
      return host.whenSaved();
    },
    whenSettled: () => host.whenSaved(),
  };
}
