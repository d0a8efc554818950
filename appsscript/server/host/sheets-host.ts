/**
 * SheetsHost: the core's SpreadsheetHost over SpreadsheetApp, with synchronous calls behind the port's promises.
 * One setValues, one setNumberFormats and at most one setFontWeights per block, named ranges for tracked areas,
 * document properties for the registry and user properties for credentials, writes under the document lock. It runs
 * past 300 lines because it is one class: every port method shares its lock, stores and tracked-area lookups.
 */
import { writeBlockShape } from '../../../src/core/write-block-shape';
import { AddinError } from '../../../src/core/errors/addin-error';
import { HOST_SHEETS, PRODUCT_PREFIX } from '../../../src/core/wire/wire-names';
import type { SpreadsheetHostValue } from '../../../src/core/wire/schemas';
import {
  GENERAL_FORMAT,
  READ_BYTES_PER_CELL,
  type CellNote,
  type CellSnapshot,
  type CredentialStore,
  type GridRange,
  type HostLimits,
  type Scalar,
  type SheetRef,
  type SpreadsheetHost,
  type WorkbookLayout,
  type WriteBlock,
} from '../../../src/core/host';
import { textSafeFormats } from '../../../src/core/cells/text-safe-formats';
import { formatRangeRef } from '../../../src/core/cells/a1';
import { setSheetNotes } from './sheets-notes';
import { clipBlock, covers, extentOf, gridOf } from './block-grid';
import type { LockServiceLike, PropertyBag } from '../apps-script/apps-script-services';
import { withDocumentLock } from './document-lock';
import { SheetsDocumentStore } from './sheets-document-store';
import type { BatchPropertyBag, SheetsCellValue, SheetsRange, SheetsSheet, SheetsSpreadsheet } from './sheets-services';
import { UserCredentialStore } from './user-credential-store';

/**
 * Google Sheets' limits: 10,000,000 cells per spreadsheet, 18,278 columns (ZZZ), 50,000 characters per cell. The
 * request caps are the add-in's own (Apps Script documents none per call): a block stays a few MB so one setValues
 * finishes in seconds.
 */
export const SHEETS_LIMITS: HostLimits = {
  maxRows: 10_000_000,
  maxCols: 18_278,
  maxCellsPerWrite: 50_000,
  maxBytesPerWrite: 2_000_000,
  maxCellsPerRead: 1_000_000,
  maxBytesPerRead: 40_000_000,
  maxCellChars: 50_000,
  maxCellsPerWorkbook: 10_000_000,
};

/** Document property marking a tracked placement (its named range alone cannot say "orphaned": a broken one is gone). */
export const TRACKED_KEY_PREFIX = `${PRODUCT_PREFIX}.tracked.`;
/** Prefix of the named ranges the add-in creates. */
export const NAMED_RANGE_PREFIX = `${PRODUCT_PREFIX}_area_`;

/** The named range of a placement: letters, digits and "_" kept, anything else as _xHH_ (named range names allow no more). */
export function namedRangeName(placementId: string): string {
  return NAMED_RANGE_PREFIX + placementId.replace(/[^A-Za-z0-9]/g, (c) => `_x${c.charCodeAt(0).toString(16)}_`);
}

/** Sheets' date serials count days from 1899-12-30, as Excel's do. */
const SERIAL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function isDate(v: unknown): v is Date {
  return Object.prototype.toString.call(v) === '[object Date]';
}

/** A cell read back: Sheets answers "" for an empty cell and a Date for a date-formatted one (taken here as UTC, the serial's own clock). */
function scalarOf(v: SheetsCellValue): Scalar {
  if (v === '') return null;
  if (isDate(v)) return (v.getTime() - SERIAL_EPOCH_MS) / DAY_MS;
  return v;
}

function formatOf(f: string): string {
  return f === '' ? GENERAL_FORMAT : f;
}

function hostError(what: string, e: unknown): AddinError {
  if (e instanceof AddinError) return e;
  const message = e instanceof Error ? e.message : String(e);
  if (/increase the number of cells|above the limit of/i.test(message))
    return new AddinError(
      'limit',
      `Google Sheets refused ${what}: the spreadsheet would hold more than 10,000,000 cells. Nothing was changed.`,
      {
        detail: message,
      },
    );
  return new AddinError('host', `Google Sheets refused ${what}: ${message}`, { detail: message });
}

export interface SheetsHostServices {
  spreadsheet: SheetsSpreadsheet;
  documentProperties: BatchPropertyBag;
  userProperties: PropertyBag;
  lock: LockServiceLike;
}

class SheetsCredentialStore implements CredentialStore {
  constructor(private readonly store: UserCredentialStore) {}
  async get(key: string): Promise<string | null> {
    return this.store.get(key);
  }
  async set(key: string, value: string): Promise<void> {
    this.store.set(key, value);
  }
  async remove(key: string): Promise<void> {
    this.store.remove(key);
  }
}

export class SheetsHost implements SpreadsheetHost {
  readonly platformHost: SpreadsheetHostValue = HOST_SHEETS;
  readonly limits: HostLimits = SHEETS_LIMITS;
  readonly documentStore: SheetsDocumentStore;
  readonly credentials: CredentialStore;
  private readonly book: SheetsSpreadsheet;

  constructor(private readonly services: SheetsHostServices) {
    this.book = services.spreadsheet;
    this.documentStore = new SheetsDocumentStore(services.documentProperties);
    this.credentials = new SheetsCredentialStore(new UserCredentialStore(services.userProperties));
  }

  // ---------- reading ----------

  /** The tracked areas and the user's names asked for come from one `getNamedRanges` call (none when nothing is asked). */
  async layout(placementIds?: readonly string[], names?: readonly string[]): Promise<WorkbookLayout> {
    const sheets = this.book.getSheets();
    const refs: SheetRef[] = sheets.map((s) => ({ id: String(s.getSheetId()), name: s.getName() }));
    const tracked = Object.keys(this.services.documentProperties.getProperties())
      .filter((k) => k.startsWith(TRACKED_KEY_PREFIX))
      .map((k) => k.slice(TRACKED_KEY_PREFIX.length));
    const wanted = placementIds === undefined ? tracked : placementIds.filter((id) => tracked.includes(id));
    const areas: Record<string, GridRange | null> = {};
    const userNames: Record<string, GridRange | null> = {};
    if (wanted.length > 0 || (names?.length ?? 0) > 0) {
      const named = new Map(this.book.getNamedRanges().map((n) => [n.getName(), n] as const));
      for (const id of wanted) areas[id] = this.gridOrNull(named.get(namedRangeName(id))?.getRange());
      const lower = (name: string) => [...named].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
      for (const name of names ?? []) userNames[name] = this.gridOrNull(lower(name)?.getRange());
    }
    return { workbook: { id: this.book.getId(), name: this.book.getName() }, sheets: refs, areas, ...(names ? { names: userNames } : {}) };
  }

  async activeCell(): Promise<{ sheet: SheetRef; row: number; col: number }> {
    const cell = this.book.getCurrentCell();
    const sheet = cell ? cell.getSheet() : this.book.getActiveSheet();
    return {
      sheet: { id: String(sheet.getSheetId()), name: sheet.getName() },
      row: cell ? cell.getRow() - 1 : 0,
      col: cell ? cell.getColumn() - 1 : 0,
    };
  }

  async select(range: GridRange): Promise<void> {
    this.rangeOf(range).activate();
  }

  /**
   * One RangeList of the ranges' A1 notations on their sheet, activated. Sheets puts the current cell in the list's last
   * range, so the list is given last to first: the first range holds it, as in the other hosts.
   */
  async selectRanges(ranges: readonly GridRange[]): Promise<void> {
    const first = ranges[0];
    if (!first) return;
    if (ranges.some((r) => r.sheetId !== first.sheetId))
      throw new AddinError('validation', 'The cells to select are on more than one sheet.');
    const sheet = this.sheetOf(first.sheetId);
    sheet.getRangeList([...ranges].reverse().map((r) => formatRangeRef(null, r))).activate();
  }

  async snapshot(ranges: readonly GridRange[]): Promise<CellSnapshot[]> {
    const cells = ranges.reduce((n, r) => n + r.rows * r.cols, 0);
    if (cells > this.limits.maxCellsPerRead || cells * READ_BYTES_PER_CELL > this.limits.maxBytesPerRead)
      throw new AddinError('limit', `A read of ${cells} cells exceeds what one Google Sheets request may return.`, { data: { cells } });
    return ranges.map((range) => {
      const sheet = this.sheetOf(range.sheetId);
      const maxRows = sheet.getMaxRows();
      const maxCols = sheet.getMaxColumns();
      // Cells past the sheet's current edge do not exist yet: they read as empty, General, not bold.
      const rows = Math.max(0, Math.min(range.rows, maxRows - range.row));
      const cols = Math.max(0, Math.min(range.cols, maxCols - range.col));
      const r = rows > 0 && cols > 0 ? sheet.getRange(range.row + 1, range.col + 1, rows, cols) : null;
      const values = r ? r.getValues() : [];
      const formats = r ? r.getNumberFormats() : [];
      const weights = r ? r.getFontWeights() : [];
      const at = <T, U>(grid: T[][], i: number, j: number, map: (v: T) => U, empty: U): U => {
        const v = grid[i]?.[j];
        return v === undefined ? empty : map(v);
      };
      const each = <U>(f: (i: number, j: number) => U): U[][] =>
        Array.from({ length: range.rows }, (_, i) => Array.from({ length: range.cols }, (_, j) => f(i, j)));
      return {
        range: { ...range },
        values: each((i, j) => at(values, i, j, scalarOf, null)),
        formats: each((i, j) => at(formats, i, j, formatOf, GENERAL_FORMAT)),
        bold: each((i, j) => at(weights, i, j, (w) => w === 'bold', false)),
      };
    });
  }

  // ---------- writing ----------

  async writeBlock(block: WriteBlock): Promise<void> {
    const { rows, cols } = writeBlockShape(block);
    if (rows === 0 || cols === 0) return;
    if (rows * cols > this.limits.maxCellsPerWrite)
      throw new AddinError('limit', `A write of ${rows * cols} cells exceeds the ${this.limits.maxCellsPerWrite} cells of one request.`);
    for (const line of block.values)
      for (const v of line)
        if (typeof v === 'string' && v.length > this.limits.maxCellChars)
          throw new AddinError(
            'limit',
            `A value has ${v.length} characters; a Google Sheets cell holds at most ${this.limits.maxCellChars}.`,
          );
    const grid: GridRange = { sheetId: block.sheetId, row: block.row, col: block.col, rows, cols };
    this.checkGrid(grid);
    withDocumentLock(this.services.lock, () => {
      const sheet = this.sheetOf(block.sheetId);
      try {
        // Past the sheet's edge only what holds something needs new rows or columns: restoring a snapshot of cells
        // that never existed (a rollback) adds none.
        const needed = extentOf(block);
        const rowsHere = Math.min(rows, Math.max(needed.rows, sheet.getMaxRows() - block.row));
        const colsHere = Math.min(cols, Math.max(needed.cols, sheet.getMaxColumns() - block.col));
        if (rowsHere <= 0 || colsHere <= 0) return;
        if (rowsHere < rows || colsHere < cols) {
          this.writeCells(sheet, clipBlock(block, rowsHere, colsHere), rowsHere, colsHere);
          return;
        }
        this.writeCells(sheet, block, rows, cols);
      } catch (e) {
        throw hostError('the write', e);
      }
    });
  }

  private writeCells(sheet: SheetsSheet, block: WriteBlock, rows: number, cols: number): void {
    this.grow(sheet, block.row + rows, block.col + cols);
    const range = sheet.getRange(block.row + 1, block.col + 1, rows, cols);
    const safe = textSafeFormats(block);
    // Cells the block leaves alone keep their format: read once, only when there is such a cell.
    const current = safe.some((line) => line.includes(null)) ? range.getNumberFormats() : null;
    const formats = safe.map((line, i) => line.map((f, j) => f ?? current?.[i]?.[j] ?? GENERAL_FORMAT));
    range.setNumberFormats(formats);
    range.setValues(block.values.map((line) => line.map((v) => (v === null ? '' : v))));
    const boldRuns = (block.bold ?? []).map((r) => ({ ...r, value: r.bold ? 'bold' : 'normal' }));
    if (boldRuns.length > 0) {
      const weights = covers(boldRuns, rows, cols) ? null : range.getFontWeights();
      range.setFontWeights(gridOf(rows, cols, boldRuns, (i, j) => weights?.[i]?.[j] ?? 'normal'));
    }
  }

  async clear(ranges: readonly GridRange[]): Promise<void> {
    for (const r of ranges) this.checkGrid(r);
    withDocumentLock(this.services.lock, () => {
      for (const r of ranges) {
        const sheet = this.sheetOf(r.sheetId);
        const rows = Math.min(r.rows, sheet.getMaxRows() - r.row);
        const cols = Math.min(r.cols, sheet.getMaxColumns() - r.col);
        if (rows > 0 && cols > 0) sheet.getRange(r.row + 1, r.col + 1, rows, cols).clear({ contentsOnly: true });
      }
    });
  }

  async autofitColumns(range: GridRange): Promise<void> {
    this.checkGrid(range);
    this.sheetOf(range.sheetId).autoResizeColumns(range.col + 1, range.cols);
  }

  async trackArea(placementId: string, range: GridRange): Promise<void> {
    this.checkGrid(range);
    withDocumentLock(this.services.lock, () => {
      const sheet = this.sheetOf(range.sheetId);
      this.grow(sheet, range.row + range.rows, range.col + range.cols);
      this.book.setNamedRange(namedRangeName(placementId), sheet.getRange(range.row + 1, range.col + 1, range.rows, range.cols));
      this.services.documentProperties.setProperty(TRACKED_KEY_PREFIX + placementId, range.sheetId);
    });
  }

  readonly notesUnsupported = null;
  async setNotes(notes: readonly CellNote[]): Promise<void> {
    setSheetNotes((id) => this.sheetOf(id), notes);
  }

  async untrack(placementId: string): Promise<void> {
    withDocumentLock(this.services.lock, () => {
      const name = namedRangeName(placementId);
      if (this.book.getNamedRanges().some((n) => n.getName() === name)) this.book.removeNamedRange(name);
      this.services.documentProperties.deleteProperty(TRACKED_KEY_PREFIX + placementId);
    });
  }

  /**
   * Whole rows inserted (named ranges below move down with their cells); past the sheet's last row nothing lies below,
   * so the sheet only grows to hold them.
   */
  async insertRows(sheetId: string, beforeRow: number, count: number): Promise<void> {
    withDocumentLock(this.services.lock, () => {
      const sheet = this.sheetOf(sheetId);
      const maxRows = sheet.getMaxRows();
      if (beforeRow < maxRows) sheet.insertRowsBefore(beforeRow + 1, count);
      else this.grow(sheet, beforeRow + count, 1);
    });
  }

  /** Whole rows deleted (rows past the sheet's last row do not exist and need no deleting). */
  async deleteRows(sheetId: string, fromRow: number, count: number): Promise<void> {
    withDocumentLock(this.services.lock, () => {
      const sheet = this.sheetOf(sheetId);
      const rows = Math.min(count, sheet.getMaxRows() - fromRow);
      if (rows > 0) sheet.deleteRows(fromRow + 1, rows);
    });
  }

  // ---------- internals ----------

  private sheetOf(sheetId: string): SheetsSheet {
    const sheet = this.book.getSheets().find((s) => String(s.getSheetId()) === sheetId);
    if (!sheet) throw new AddinError('notFound', 'The sheet was not found (it may have been deleted).', { data: { sheetId } });
    return sheet;
  }

  private rangeOf(r: GridRange): SheetsRange {
    return this.sheetOf(r.sheetId).getRange(r.row + 1, r.col + 1, r.rows, r.cols);
  }

  private gridOrNull(range: SheetsRange | undefined): GridRange | null {
    return range ? this.gridOf(range) : null;
  }

  private gridOf(range: SheetsRange): GridRange {
    return {
      sheetId: String(range.getSheet().getSheetId()),
      row: range.getRow() - 1,
      col: range.getColumn() - 1,
      rows: range.getNumRows(),
      cols: range.getNumColumns(),
    };
  }

  /** Adds rows and columns at the sheet's end so that `rows` x `cols` exist (a new Sheets tab has 1,000 x 26). */
  private grow(sheet: SheetsSheet, rows: number, cols: number): void {
    const maxRows = sheet.getMaxRows();
    if (rows > maxRows) sheet.insertRowsAfter(maxRows, rows - maxRows);
    const maxCols = sheet.getMaxColumns();
    if (cols > maxCols) sheet.insertColumnsAfter(maxCols, cols - maxCols);
  }

  private checkGrid(r: GridRange): void {
    if (r.row < 0 || r.col < 0 || r.row + r.rows > this.limits.maxRows || r.col + r.cols > this.limits.maxCols)
      throw new AddinError(
        'limit',
        `The range goes past Google Sheets' last row (${this.limits.maxRows}) or column (${this.limits.maxCols}).`,
        {
          data: { range: r },
        },
      );
  }
}
