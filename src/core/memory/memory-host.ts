/**
 * MemoryHost: a SpreadsheetHost over a WorkbookModel, for tests and the preview.
 * It has strict read/write limits, separate document and credential stores, and fault injection for tests.
 * It runs past 300 lines because it is one class: every port method shares its limits, faults and change events.
 */
import { writeBlockShape } from '../write-block-shape';
import { EXCEL_GRID } from '../cells/a1';
import { AddinError } from '../errors/addin-error';
import { hostBusyError } from '../host-busy-error';
import { HOST_EXCEL, PRODUCT_PREFIX } from '../wire/wire-names';
import type { SpreadsheetHostValue } from '../wire/schemas';
import type { CellNote, CellSnapshot, GridRange, HostLimits, SheetRef, SpreadsheetHost, WorkbookLayout, WriteBlock } from '../host';
import { READ_BYTES_PER_CELL } from '../host';
import { utf8ByteLength } from '../ndjson/utf8-length';
import { jsonWriteBytes } from '../cells/json-bytes';
import { MemoryCredentialStore, ModelDocumentStore } from './memory-stores';
import type { StoreCaps } from '../capped-store';
import { GENERAL_FORMAT, WorkbookModel } from './workbook-model';
import { resolveNames } from './workbook-names';
import { fileWorkbookId } from '../file-identity';
import { boundingRange } from '../placements/grid-rect';

/** Document key of the minted workbook id. */
export const MEMORY_WORKBOOK_ID_SETTING = `${PRODUCT_PREFIX}.workbookId`;
/** Document key of the identity of the file the workbook id was minted in. */
export const MEMORY_FILE_IDENTITY_SETTING = `${PRODUCT_PREFIX}.workbookFile`;

/** Default limits: Excel's grid and cell size, Excel on the web's 5 MB request and response caps and 5,000,000-cell read cap, and a cell cap per write. */
export const MEMORY_HOST_LIMITS: HostLimits = {
  ...EXCEL_GRID,
  maxCellsPerWrite: 100_000,
  maxBytesPerWrite: 5_000_000,
  maxCellsPerRead: 5_000_000,
  maxBytesPerRead: 5_000_000,
};

export interface MemoryHostOptions {
  platformHost?: SpreadsheetHostValue;
  limits?: Partial<HostLimits>;
  /** Sets the model's name. */
  workbookName?: string;
  activeCell?: { sheetId: string; row: number; col: number };
  /** Mints the workbook id the first time it is asked for (default: a fixed id, fine for tests). */
  mintWorkbookId?: () => string;
  /** Caps of the document store (default DOCUMENT_STORE_CAPS: an entry or store past them is refused). */
  documentLimits?: StoreCaps;
  /**
   * The identity of the file the workbook is in (a test's stand-in for Excel's document URL or a Sheets file id): a
   * workbook whose stored file identity is another file's is a copy and gets a new workbook id. Absent: never a copy.
   */
  fileIdentity?: () => string | null;
  /** Why the host cannot keep cell notes (a test's stand-in for Excel without ExcelApi 1.18); absent: it can. */
  notesUnsupported?: string;
  /** Write a new flat result band by band while it streams (SpreadsheetHost.streamsWrites; default true: no round trips). */
  streamsWrites?: boolean;
}

/**
 * Estimated request size of a write: the JSON of its values, format runs and bold runs, in UTF-8 bytes. The definition
 * (it serializes the block); writeBlock counts the same number with jsonWriteBytes, without serializing the values.
 */
export function estimateWriteBytes(block: Pick<WriteBlock, 'values' | 'formats' | 'bold'>): number {
  return (
    utf8ByteLength(JSON.stringify(block.values)) +
    (block.formats ? utf8ByteLength(JSON.stringify(block.formats)) : 0) +
    (block.bold ? utf8ByteLength(JSON.stringify(block.bold)) : 0)
  );
}

export type MutationOp = 'write' | 'clear' | 'insertRows' | 'deleteRows';

export class MemoryHost implements SpreadsheetHost {
  readonly platformHost: SpreadsheetHostValue;
  readonly limits: HostLimits;
  readonly streamsWrites: boolean;
  readonly model: WorkbookModel;
  readonly documentStore: ModelDocumentStore;
  readonly credentials = new MemoryCredentialStore();
  readonly notesUnsupported: string | null;
  /** Every successful write and clear, in order. */
  readonly log: Array<{ op: MutationOp; range: GridRange }> = [];
  /** Every range passed to autofitColumns(), in order. */
  readonly autofitted: GridRange[] = [];
  /** Last range passed to select(). */
  selection: GridRange | null = null;
  /** The ranges of the last select or selectRanges. */
  selectedRanges: GridRange[] = [];
  /** Called (and awaited) before every write or clear is applied; a test can hold it open or throw from it. */
  beforeMutation: ((op: MutationOp, range: GridRange) => void | Promise<void>) | null = null;

  private active: { sheetId: string; row: number; col: number } | null;
  private readonly mintWorkbookId: () => string;
  private readonly fileIdentity: () => string | null;
  private failCountdown: Array<{ skip: number; error: Error | undefined }> = [];
  private busyCalls = 0;
  private applying = false;

  constructor(model: WorkbookModel = new WorkbookModel(), options: MemoryHostOptions = {}) {
    this.model = model;
    this.platformHost = options.platformHost ?? HOST_EXCEL;
    this.streamsWrites = options.streamsWrites ?? true;
    this.limits = {
      ...MEMORY_HOST_LIMITS,
      maxRows: Math.min(MEMORY_HOST_LIMITS.maxRows, model.bounds.maxRows),
      maxCols: Math.min(MEMORY_HOST_LIMITS.maxCols, model.bounds.maxCols),
      maxCellChars: Math.min(MEMORY_HOST_LIMITS.maxCellChars, model.bounds.maxCellChars),
      ...options.limits,
    };
    if (options.workbookName !== undefined) model.name = options.workbookName;
    this.active = options.activeCell ?? null;
    this.mintWorkbookId = options.mintWorkbookId ?? (() => 'memory-workbook');
    this.fileIdentity = options.fileIdentity ?? (() => null);
    this.documentStore = new ModelDocumentStore(model, options.documentLimits);
    this.notesUnsupported = options.notesUnsupported ?? null;
  }

  /** True while the host applies its own write, clear or row change: the model's change events then are the add-in's. */
  get applyingOwnChange(): boolean {
    return this.applying;
  }

  // ---------- fault injection ----------
  /** The next `n` writes/clears fail with `error` (default: a host error). */
  failNextWrites(n: number, error?: Error): void {
    for (let i = 0; i < n; i += 1) this.failCountdown.push({ skip: 0, error });
  }

  /** After `k` more successful writes/clears, the next one fails once. */
  failWriteAfter(k: number, error?: Error): void {
    this.failCountdown.push({ skip: k, error });
  }

  /** The next `n` host calls of any kind (not the stores) fail with 'hostBusy', as Excel does while the user edits a cell. */
  busyFor(n: number): void {
    this.busyCalls = n;
  }

  /** Drop pending injected failures. */
  resetFaults(): void {
    this.failCountdown = [];
    this.busyCalls = 0;
  }

  private checkBusy(): void {
    if (this.busyCalls > 0) {
      this.busyCalls -= 1;
      throw hostBusyError();
    }
  }

  private async mutation(op: MutationOp, range: GridRange, apply: () => void): Promise<void> {
    if (this.beforeMutation) await this.beforeMutation(op, range);
    else await Promise.resolve();
    this.checkBusy();
    const next = this.failCountdown[0];
    if (next) {
      if (next.skip === 0) {
        this.failCountdown.shift();
        throw next.error ?? new AddinError('host', 'The spreadsheet did not accept the change (injected failure).');
      }
      next.skip -= 1;
    }
    this.applying = true;
    try {
      apply();
    } finally {
      this.applying = false;
    }
    this.log.push({ op, range });
  }

  // ---------- SpreadsheetHost ----------
  async layout(placementIds?: readonly string[], names?: readonly string[]): Promise<WorkbookLayout> {
    this.checkBusy();
    const file = this.fileIdentity();
    let id = this.model.getSetting(MEMORY_WORKBOOK_ID_SETTING);
    if (id === null || (file !== null && this.model.getSetting(MEMORY_FILE_IDENTITY_SETTING) !== file)) {
      const keys = { id: MEMORY_WORKBOOK_ID_SETTING, file: MEMORY_FILE_IDENTITY_SETTING };
      id = (await fileWorkbookId(this.settings, keys, file, this.mintWorkbookId)).id;
    }
    const areas: Record<string, GridRange | null> = {};
    for (const placementId of placementIds ?? this.model.areaIds()) {
      const area = this.model.area(placementId);
      if (area !== undefined) areas[placementId] = area;
    }
    const layout: WorkbookLayout = { workbook: { id, name: this.model.name }, sheets: this.model.sheets(), areas };
    return names === undefined ? layout : { ...layout, names: resolveNames(this.model, names) };
  }

  /** Move the active cell (the preview's click, a test's setup). */
  setActiveCell(sheetId: string, row: number, col: number): void {
    this.active = { sheetId, row, col };
  }

  async activeCell(): Promise<{ sheet: SheetRef; row: number; col: number }> {
    const a = this.active;
    const sheet = a ? this.model.sheet(a.sheetId) : null;
    if (a && sheet) return { sheet, row: a.row, col: a.col };
    const first = this.model.sheets()[0];
    if (!first) throw new AddinError('host', 'The workbook has no sheet.');
    return { sheet: first, row: 0, col: 0 };
  }

  async select(range: GridRange): Promise<void> {
    this.requireSheet(range.sheetId);
    this.selection = { ...range };
    this.selectedRanges = [{ ...range }];
    this.active = { sheetId: range.sheetId, row: range.row, col: range.col };
  }

  /** Records the ranges (`selectedRanges`), their bounding rectangle as `selection`, and the first one's top-left as active. */
  async selectRanges(ranges: readonly GridRange[]): Promise<void> {
    const first = ranges[0];
    if (!first) return;
    for (const r of ranges) {
      this.requireSheet(r.sheetId);
      this.checkGrid(r);
      if (r.sheetId !== first.sheetId) throw new AddinError('validation', 'The cells to select are on more than one sheet.');
    }
    this.selectedRanges = ranges.map((r) => ({ ...r }));
    this.selection = boundingRange(ranges);
    this.active = { sheetId: first.sheetId, row: first.row, col: first.col };
  }

  /** Refuses a read past maxCellsPerRead or, at READ_BYTES_PER_CELL, past maxBytesPerRead, as Excel on the web does. */
  async snapshot(ranges: readonly GridRange[]): Promise<CellSnapshot[]> {
    this.checkBusy();
    let cells = 0;
    for (const range of ranges) {
      this.requireSheet(range.sheetId);
      this.checkGrid(range);
      cells += range.rows * range.cols;
    }
    if (cells > this.limits.maxCellsPerRead || cells * READ_BYTES_PER_CELL > this.limits.maxBytesPerRead)
      throw new AddinError('limit', `A read of ${cells} cells exceeds the host's response limit.`, {
        code: 'ResponsePayloadSizeLimitExceeded',
        data: { cells },
      });
    return ranges.map((range) => this.model.snapshotRange(range.sheetId, range, GENERAL_FORMAT));
  }

  async writeBlock(block: WriteBlock): Promise<void> {
    this.requireSheet(block.sheetId);
    const { rows, cols } = writeBlockShape(block);
    const range: GridRange = { sheetId: block.sheetId, row: block.row, col: block.col, rows, cols };
    if (rows === 0 || cols === 0) return;
    if (rows * cols > this.limits.maxCellsPerWrite)
      throw new AddinError(
        'limit',
        `A write of ${rows * cols} cells exceeds the host's limit of ${this.limits.maxCellsPerWrite} cells per request.`,
        {
          code: 'RequestPayloadSizeLimitExceeded',
          data: { cells: rows * cols },
        },
      );
    // Upper bounds settle most blocks without reading their texts or formatting a fractional number; the exact count
    // decides the rest.
    const max = this.limits.maxBytesPerWrite;
    const quick = jsonWriteBytes(block, 'lengths');
    const bound = quick > max ? jsonWriteBytes(block, true) : quick;
    const bytes = bound > max ? jsonWriteBytes(block) : bound;
    if (bytes > this.limits.maxBytesPerWrite)
      throw new AddinError(
        'limit',
        `A write of about ${bytes} bytes exceeds the host's limit of ${this.limits.maxBytesPerWrite} bytes per request.`,
        {
          code: 'RequestPayloadSizeLimitExceeded',
          data: { bytes },
        },
      );
    this.checkGrid(range);
    for (const line of block.values)
      for (const v of line)
        if (typeof v === 'string' && v.length > this.limits.maxCellChars)
          throw new AddinError('limit', `A value has ${v.length} characters; a cell holds at most ${this.limits.maxCellChars}.`);
    const cap = this.limits.maxCellsPerWorkbook;
    if (cap !== undefined && this.model.countValues() + rows * cols > cap)
      throw new AddinError('limit', `The workbook would hold more than ${cap} cells.`);
    await this.mutation('write', range, () =>
      this.model.setRange(block.sheetId, block.row, block.col, block.values, {
        ...(block.formats?.length ? { formatRuns: block.formats } : {}),
        ...(block.bold?.length ? { boldRuns: block.bold } : {}),
      }),
    );
  }

  async clear(ranges: readonly GridRange[]): Promise<void> {
    for (const range of ranges) {
      this.requireSheet(range.sheetId);
      this.checkGrid(range);
    }
    for (const range of ranges) await this.mutation('clear', { ...range }, () => this.model.clearRange(range.sheetId, range));
  }

  async autofitColumns(range: GridRange): Promise<void> {
    this.checkBusy();
    this.requireSheet(range.sheetId);
    this.checkGrid(range);
    this.autofitted.push({ ...range });
  }

  async trackArea(placementId: string, range: GridRange): Promise<void> {
    this.checkBusy();
    this.requireSheet(range.sheetId);
    this.checkGrid(range);
    this.model.trackArea(placementId, range);
  }

  /** Every cell is checked before any note changes: a bad one leaves every note as it was. */
  async setNotes(notes: readonly CellNote[]): Promise<void> {
    this.checkBusy();
    if (this.notesUnsupported !== null) throw new AddinError('host', this.notesUnsupported);
    for (const n of notes) {
      this.requireSheet(n.sheetId);
      this.checkGrid({ sheetId: n.sheetId, row: n.row, col: n.col, rows: 1, cols: 1 });
    }
    for (const n of notes) this.model.notes.set(n.sheetId, n.row, n.col, n.text);
  }

  async untrack(placementId: string): Promise<void> {
    this.checkBusy();
    this.model.untrackArea(placementId);
  }

  async insertRows(sheetId: string, beforeRow: number, count: number): Promise<void> {
    this.requireSheet(sheetId);
    const range: GridRange = { sheetId, row: beforeRow, col: 0, rows: count, cols: this.limits.maxCols };
    await this.mutation('insertRows', range, () => this.model.insertRows(sheetId, beforeRow, count));
  }

  async deleteRows(sheetId: string, fromRow: number, count: number): Promise<void> {
    this.requireSheet(sheetId);
    const range: GridRange = { sheetId, row: fromRow, col: 0, rows: count, cols: this.limits.maxCols };
    await this.mutation('deleteRows', range, () => this.model.deleteRows(sheetId, fromRow, count));
  }

  /** The model's settings, read and written as the document keeps them (the workbook id is the host's, not a store entry it saves). */
  private readonly settings = {
    get: async (key: string) => this.model.getSetting(key),
    update: async (changes: Record<string, string | null>) => {
      for (const [key, value] of Object.entries(changes)) this.model.setSetting(key, value);
    },
  };

  private requireSheet(sheetId: string): void {
    if (!this.model.sheet(sheetId))
      throw new AddinError('notFound', 'The sheet was not found (it may have been deleted).', { data: { sheetId } });
  }

  private checkGrid(r: GridRange): void {
    if (r.row < 0 || r.col < 0 || r.row + r.rows > this.limits.maxRows || r.col + r.cols > this.limits.maxCols)
      throw new AddinError(
        'limit',
        `The range goes past the sheet's last row (${this.limits.maxRows}) or column (${this.limits.maxCols}).`,
        {
          data: { range: r },
        },
      );
  }
}
