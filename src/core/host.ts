/** The SpreadsheetHost port: the small set of workbook operations the core needs from Excel, Sheets or the preview. */
import type { SpreadsheetHostValue } from './wire/schemas';

/** A value as written to or read from a cell; `null` is an empty cell (the Excel adapter writes it as `""`: in a 2-D `values` array Excel leaves a `null` cell unchanged). */
export type Scalar = string | number | boolean | null;

/**
 * Number format that marks a cell as literal text. Cells carrying it hold text that must stay inert
 * (never taken as a formula or number): Excel applies it as the `@` number format before the value,
 * Sheets prefixes the value with an apostrophe; the value reads back as the original text.
 */
export const TEXT_FORMAT = '@';

/** The host's default number format (Excel's `General`; an adapter whose host names it otherwise maps it). */
export const GENERAL_FORMAT = 'General';

export interface SheetRef {
  /** Stable id (Excel worksheet id, Sheets sheetId, preview id); survives renames. */
  id: string;
  name: string;
}

/** A rectangle on one sheet, 0-based row/col of its top-left cell. */
export interface GridRange {
  sheetId: string;
  row: number;
  col: number;
  rows: number;
  cols: number;
}

/** A rectangle of cells to write: values plus optional per-cell number formats (`null` leaves the format alone). */
export interface WriteBlock {
  sheetId: string;
  row: number;
  col: number;
  values: Scalar[][];
  formats?: (string | null)[][];
  /** How many leading rows of this block are header rows (made bold). */
  headerRows?: number;
  /** Bold of every cell, set exactly (true or false) after `headerRows`; a rollback restores a snapshot's bold with it. */
  bold?: boolean[][];
}

/** What a range held, to restore it after a failed write. */
export interface CellSnapshot {
  range: GridRange;
  values: Scalar[][];
  formats: (string | null)[][];
  /** Bold of every cell, when the host reads it: a failed write that bolded header cells is put back with it. */
  bold?: boolean[][];
}

export interface HostLimits {
  maxRows: number;
  maxCols: number;
  /** Upper bound of cells in one write request. */
  maxCellsPerWrite: number;
  /** Upper bound of the payload bytes of one write request (Excel on the web: 5 MB). */
  maxBytesPerWrite: number;
  maxCellChars: number;
  /** Cells in a whole workbook (Sheets: 10,000,000), if the host has such a cap. */
  maxCellsPerWorkbook?: number;
}

export interface WorkbookIdentity {
  /** Minted once and kept in the document (no host offers a stable workbook id). */
  id: string;
  name: string;
}

/** Per-user secret storage, never inside the document. */
export interface CredentialStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Non-secret storage that travels with the document (placement registry, remembered context). */
export interface DocumentStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

export interface SpreadsheetHost {
  /** The contract's host value for `source` and `host` (SPREADSHEET_1 for Excel and the preview, SPREADSHEET_2 for Sheets). */
  readonly platformHost: SpreadsheetHostValue;
  readonly limits: HostLimits;
  workbook(): Promise<WorkbookIdentity>;
  sheets(): Promise<SheetRef[]>;
  /** The active cell (top-left of the selection). */
  activeCell(): Promise<{ sheet: SheetRef; row: number; col: number }>;
  /** Select a range and bring it into view ("Go to"). */
  select(range: GridRange): Promise<void>;
  /** Non-empty cells inside `range`, in row-major order, at most `max` of them. */
  occupiedCells(range: GridRange, max: number): Promise<Array<{ row: number; col: number }>>;
  /** Values and number formats of a range (for rollback). */
  snapshot(range: GridRange): Promise<CellSnapshot>;
  writeBlock(block: WriteBlock): Promise<void>;
  /** Clear the contents of a range (formats are left alone). */
  clear(range: GridRange): Promise<void>;
  /** Track a placement's area so that it follows inserted/deleted rows and columns (named range or developer metadata). */
  trackArea(placementId: string, range: GridRange): Promise<void>;
  /** Where the tracked area is now; `null` when it was deleted (orphaned). */
  trackedArea(placementId: string): Promise<GridRange | null>;
  untrack(placementId: string): Promise<void>;
  readonly document: DocumentStore;
  readonly credentials: CredentialStore;
}
