/**
 * The SpreadsheetHost port: the small set of workbook operations the core needs from Excel, Sheets or the preview,
 * shaped so that a job costs a host a few round trips whatever the number of placements (every method is one request).
 */
import type { SpreadsheetHostValue } from './wire/schemas';
import type { CancelSignal } from './runtime/cancel-signal';

/** A value as written to or read from a cell; `null` is an empty cell (the Excel adapter writes it as `""`: in a 2-D `values` array Excel leaves a `null` cell unchanged). */
export type Scalar = string | number | boolean | null;

/**
 * Number format that marks a cell as literal text. Cells carrying it hold text that must stay inert
 * (never taken as a formula or number): Excel applies it as the `@` number format before the value,
 * Sheets applies it as the `@` format (or writes with `valueInputOption: RAW`); the value reads back as the original text.
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

/** A rectangle inside a write block, relative to the block's top-left cell. */
export interface CellRun {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

/** One number format for every cell of a rectangle (one `numberFormat` assignment in Excel, one `setNumberFormat` in Sheets). */
export interface FormatRun extends CellRun {
  format: string;
}

/** Bold set on (true) or off (false) for every cell of a rectangle. */
export interface BoldRun extends CellRun {
  bold: boolean;
}

/**
 * A rectangle of cells to write in one request. Formats are applied before the values (so TEXT_FORMAT cells take
 * text literally), then bold. A cell outside every format run keeps its number format, and outside every bold run its
 * bold: "leave it alone" needs no read. Runs never overlap each other within one list.
 */
export interface WriteBlock {
  sheetId: string;
  row: number;
  col: number;
  values: Scalar[][];
  formats?: FormatRun[];
  bold?: BoldRun[];
}

/** What a range held, to restore it exactly after a failed write. */
export interface CellSnapshot {
  range: GridRange;
  values: Scalar[][];
  /** Every cell's number format (GENERAL_FORMAT when it has none). */
  formats: string[][];
  bold: boolean[][];
}

export interface HostLimits {
  maxRows: number;
  maxCols: number;
  /** Upper bound of cells in one write request. */
  maxCellsPerWrite: number;
  /** Upper bound of the payload bytes of one write request (Excel on the web: 5 MB). */
  maxBytesPerWrite: number;
  /** Upper bound of cells one read may return (Excel on the web: 5,000,000). */
  maxCellsPerRead: number;
  /** Upper bound of the bytes of one read's response (Excel on the web: 5 MB); the core estimates READ_BYTES_PER_CELL per cell. */
  maxBytesPerRead: number;
  maxCellChars: number;
  /** Cells in a whole workbook (Sheets: 10,000,000), if the host has such a cap. */
  maxCellsPerWorkbook?: number;
}

/**
 * Bytes a snapshot's response is assumed to take per cell (value, number format and bold) when the core cuts reads under
 * `maxBytesPerRead`. An adapter whose host still refuses a response as too large halves the read itself.
 */
export const READ_BYTES_PER_CELL = 40;

export interface WorkbookIdentity {
  /** Minted once and kept in the document (no host offers a stable workbook id). */
  id: string;
  name: string;
}

/** What one `layout()` call returns: everything a job needs to know about where things are. */
export interface WorkbookLayout {
  workbook: WorkbookIdentity;
  /** In tab order. */
  sheets: SheetRef[];
  /**
   * Tracked areas by placement id: where each is now, `null` when its cells or sheet were deleted (orphaned). A placement
   * that was never tracked (or was untracked) is absent.
   */
  areas: Record<string, GridRange | null>;
  /**
   * The workbook-scoped names asked for (`layout`'s `names`), keyed as asked: where each points now, `null` when the
   * name does not exist or refers to no cells (`#REF!`, a constant). Absent when none were asked for.
   */
  names?: Record<string, GridRange | null>;
}

/** Per-user secret storage, never inside the document. */
export interface CredentialStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/**
 * Non-secret storage that travels with the document (placement registry, remembered context, workbook id). Values must
 * fit the smallest host: Apps Script caps a document property at 9 KB and the whole store at 500 KB.
 */
export interface DocumentStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  /** Every entry whose key starts with `prefix`, in one read. */
  entries(prefix: string): Promise<Record<string, string>>;
  /** Sets (a string) or removes (`null`) several keys in one write. */
  update(changes: Record<string, string | null>): Promise<void>;
}

/** A cell's note to set (`text`) or remove (`null`): the anchor note of a placement (never a secret). */
export interface CellNote {
  sheetId: string;
  row: number;
  col: number;
  text: string | null;
}

/** Several blocks for SpreadsheetHost.writeBlocks, and what it does in the request of their last values. */
export interface BlocksWrite {
  blocks: readonly WriteBlock[];
  /** Checked before every request but the first: once cancelled, the call stops with a 'cancelled' error. */
  signal?: CancelSignal;
  /**
   * Told before each request and once at the end how far the call got, counted from its first block: `written` blocks
   * have all their cells written (a retried call starts after them), and no cell past the first `touched` blocks
   * changes before the next report.
   */
  progress?: (p: { written: number; touched: number }) => void;
  /**
   * Clear the contents of these ranges (SpreadsheetHost.clear) after the last values, before the tracking; together they
   * hold at most `limits.maxCellsPerWrite` cells.
   */
  clear?: readonly GridRange[];
  /** Track this area (SpreadsheetHost.trackArea) after the last values. */
  track?: { placementId: string; range: GridRange };
  /** Fit the widths of this range's columns (SpreadsheetHost.autofitColumns) after the last values. */
  autofit?: GridRange;
}

export interface SpreadsheetHost {
  /** The contract's host value for `source` and `host` (SPREADSHEET_1 for Excel and the preview, SPREADSHEET_2 for Sheets). */
  readonly platformHost: SpreadsheetHostValue;
  readonly limits: HostLimits;
  /**
   * Optional: a new flat result is written band by band while its stream still arrives (a host whose writes cost no
   * round trip, as an in-page workbook's). Absent: the result is written once whole, in as few requests as it allows.
   */
  readonly streamsWrites?: boolean;
  /**
   * Workbook identity, sheets, the tracked areas of `placementIds` (every tracked area when omitted) and where the
   * workbook-scoped `names` point (matched without regard to case, as Excel and Sheets match names), in one request.
   */
  layout(placementIds?: readonly string[], names?: readonly string[]): Promise<WorkbookLayout>;
  /** The active cell (top-left of the selection). */
  activeCell(): Promise<{ sheet: SheetRef; row: number; col: number }>;
  /** Select a range and bring it into view ("Go to"). */
  select(range: GridRange): Promise<void>;
  /**
   * Select several ranges of one sheet at once and bring the first into view (Locate hand edits, Show changes). A host
   * that selects one rectangle only selects the ranges' bounding rectangle.
   */
  selectRanges(ranges: readonly GridRange[]): Promise<void>;
  /**
   * Values, number formats and bold of several ranges in one request (the core keeps their cells within
   * `maxCellsPerRead` and `maxBytesPerRead`), in the order given.
   */
  snapshot(ranges: readonly GridRange[]): Promise<CellSnapshot[]>;
  writeBlock(block: WriteBlock): Promise<void>;
  /**
   * Optional: several blocks in order in as few requests as their bytes allow (a host whose every request is a round
   * trip), the tracking and the width fitting in the request of the last values; see BlocksWrite.
   */
  writeBlocks?(write: BlocksWrite): Promise<void>;
  /** Clear the contents of several ranges in one request (formats and bold are left alone). */
  clear(ranges: readonly GridRange[]): Promise<void>;
  /** Fit the widths of the range's columns to their contents (after an insert places a new report). */
  autofitColumns(range: GridRange): Promise<void>;
  /** Track a placement's area so that it follows inserted/deleted rows and columns (named range or developer metadata). */
  trackArea(placementId: string, range: GridRange): Promise<void>;
  untrack(placementId: string): Promise<void>;
  /**
   * Insert `count` empty whole sheet rows before 0-based row `beforeRow`: everything from that row down moves down, tracked
   * areas with it (an area spanning `beforeRow` grows). Refused (nothing changed) when non-empty cells would leave the sheet.
   */
  insertRows(sheetId: string, beforeRow: number, count: number): Promise<void>;
  /** Delete `count` whole sheet rows from 0-based row `fromRow`: the rows below move up, tracked areas with them. */
  deleteRows(sheetId: string, fromRow: number, count: number): Promise<void>;
  /**
   * Set or remove the notes of several cells in one request (Excel's `workbook.notes`, Sheets' `Range.setNote`). Throws
   * kind 'host' where `notesUnsupported` says the host cannot.
   */
  setNotes(notes: readonly CellNote[]): Promise<void>;
  /** Why this host cannot keep cell notes (Excel without ExcelApi 1.18), or null when it can. */
  readonly notesUnsupported: string | null;
  readonly documentStore: DocumentStore;
  readonly credentials: CredentialStore;
}
