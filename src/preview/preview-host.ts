/**
 * PreviewHost: the browser preview's SpreadsheetHost.
 * A MemoryHost over a WorkbookModel saved write-behind in a WorkbookStore (IndexedDB), with the grid's selection and a
 * per-user credential store.
 */
import type { CellsEdited } from '../core/service/cells-edited';
import { AddinError } from '../core/errors/addin-error';
import { HOST_EXCEL } from '../core/wire/wire-names';
import type { SpreadsheetHostValue } from '../core/wire/schemas';
import type {
  CellNote,
  CellSnapshot,
  CredentialStore,
  DocumentStore,
  GridRange,
  HostLimits,
  SheetRef,
  SpreadsheetHost,
  WorkbookLayout,
  WriteBlock,
} from '../core/host';
import { MEMORY_HOST_LIMITS, MemoryHost } from '../core/memory/memory-host';
import { WorkbookModel } from '../core/memory/workbook-model';
import { boundingRange } from '../core/placements/grid-rect';
import type { KeyValueStorage } from '../browser/key-value-storage';
import { loadSavedWorkbook, type OpenedWorkbook } from './load-saved-workbook';
import { LocalCredentialStore } from '../browser/local-credential-store';
import { saveFailedNotice, type PreviewNotice, type PreviewNoticeId } from './preview-notice';
import { serializeWorkbook, serializeWorkbookInPieces } from './saved-workbook';
import { selectionRange, SelectionStore } from './selection-store';
import { WorkbookSaver } from './workbook-saver';
import type { WorkbookStore } from './workbook-store';

export { DAMAGED_WORKBOOK_KEY, WORKBOOK_STORAGE_KEY } from './workbook-store';
/** Name of the workbook the preview shows. */
export const PREVIEW_WORKBOOK_NAME = 'Preview workbook';

/**
 * Excel's limits: 1,048,576 x 16,384 cells, 32,767 characters per cell, 5 MB per request; at most 25,000 cells per write,
 * so that one block (the page's task between two yields) stays well under 200 ms in the page.
 */
export const PREVIEW_LIMITS: HostLimits = { ...MEMORY_HOST_LIMITS, maxCellsPerWrite: 25_000 };

export interface PreviewHostOptions {
  /** Where the workbook is saved (IndexedDB in the page; see openBrowserWorkbookStore). */
  store: WorkbookStore;
  /** Holds the credentials, under their own per-user keys (window.localStorage in the page); never the workbook's store. */
  credentialStorage: KeyValueStorage;
  /** Mints the workbook id the first time the add-in asks for it. */
  mintWorkbookId: () => string;
  /**
   * The identity of the saved workbook the page opened (its storage key): a workbook whose stored identity is another's is
   * a copy and gets a workbook id of its own. Absent: never a copy.
   */
  fileIdentity?: () => string | null;
  /** Quiet time before a change is saved (default 300 ms). */
  saveDelayMs?: number;
  /** Wait before retrying a refused save (default 30 s, doubling up to `maxRetryDelayMs`, default 5 min). */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

export class PreviewHost implements SpreadsheetHost {
  readonly platformHost: SpreadsheetHostValue = HOST_EXCEL;
  readonly limits: HostLimits = PREVIEW_LIMITS;
  /** The in-page workbook writes without round trips: a new flat result is written while it streams. */
  readonly streamsWrites = true;
  readonly model: WorkbookModel;
  /** The MemoryHost doing the SpreadsheetHost work over the model. */
  readonly memory: MemoryHost;
  readonly selection: SelectionStore;
  readonly documentStore: DocumentStore;
  readonly credentials: CredentialStore;

  private readonly saver: WorkbookSaver;
  private noticeList: PreviewNotice[];
  private readonly noticeListeners = new Set<() => void>();
  private readonly unsubscribers: Array<() => void> = [];
  private version = 0;

  /** Reads the saved workbook from `options.store` (a damaged value is set aside with a notice), then opens the host over it. */
  static async open(options: PreviewHostOptions): Promise<PreviewHost> {
    return new PreviewHost(options, await loadSavedWorkbook(options.store));
  }

  /** `opened`: what loadSavedWorkbook read (default: a new workbook, which is not saved until something changes). */
  constructor(options: PreviewHostOptions, opened: OpenedWorkbook = { loaded: null, notices: [] }) {
    this.model = opened.loaded?.model ?? new WorkbookModel({ name: PREVIEW_WORKBOOK_NAME });
    this.model.name = PREVIEW_WORKBOOK_NAME;
    this.noticeList = [...opened.notices];
    this.memory = new MemoryHost(this.model, {
      platformHost: HOST_EXCEL,
      limits: PREVIEW_LIMITS,
      mintWorkbookId: options.mintWorkbookId,
      ...(options.fileIdentity ? { fileIdentity: options.fileIdentity } : {}),
    });
    this.documentStore = this.memory.documentStore;
    this.credentials = new LocalCredentialStore(options.credentialStorage);
    this.selection = new SelectionStore(this.model, opened.loaded?.selection ?? null);
    const store = options.store;
    this.saver = new WorkbookSaver({
      write: (text) => store.write(text),
      ...(store.writeParts ? { writeParts: (parts: readonly string[]) => store.writeParts?.(parts) } : {}),
      serialize: () => serializeWorkbook(this.model.toJSON(), this.selection.selection),
      // The write-behind save yields to the page between slices (a 300,000-row workbook took seconds at once).
      serializeInSlices: () => serializeWorkbookInPieces(this.model, () => this.selection.selection),
      measure: () => this.model.countValues(),
      delayMs: options.saveDelayMs ?? 300,
      retryDelayMs: options.retryDelayMs ?? 30_000,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 300_000,
      onSaved: () => this.dismissNotice('saveFailed'),
      onFailed: (chars, cause) => this.setNotice(saveFailedNotice(chars, cause, store.medium)),
    });
    this.unsubscribers.push(
      this.model.subscribe(() => {
        this.version += 1;
        this.saver.changed('content');
      }),
      this.selection.subscribe(() => this.saver.changed('selection')),
    );
  }

  /**
   * Calls `listener` when sheets are added, renamed or deleted, or tracked areas move or are deleted: what the pane's list
   * of placements shows (range labels, orphaned status) may have changed. Cell edits do not call it. Returns the unsubscribe.
   */
  onLayoutChange(listener: () => void): () => void {
    return this.model.subscribe((change) => {
      if (change.type === 'sheets' || change.type === 'areas') listener();
    });
  }

  /**
   * Calls `listener` with the cells of every value edit not made through this host (the user typing in the grid or a page
   * script): the add-in's own writes are not reported. Returns the unsubscribe.
   */
  onCellEdits(listener: (edit: CellsEdited) => void): () => void {
    return this.model.subscribe((change) => {
      if (change.type !== 'cells' || this.memory.applyingOwnChange) return;
      const { sheetId, range } = change;
      listener({ sheetId, range: { sheetId, row: range.row, col: range.col, rows: range.rows, cols: range.cols } });
    });
  }

  /** Counts the model's changes since the page opened (the grid re-renders when it moves). */
  get modelVersion(): number {
    return this.version;
  }

  // ---------- persistence ----------
  /**
   * Saves now if anything changed. False when the browser refused at once (the localStorage fallback; a notice says so);
   * with IndexedDB the write finishes later: `whenSaved()` tells how it went.
   */
  flush(): boolean {
    return this.saver.flush();
  }

  /** Resolves once the saves started so far have been written: false when the last one was refused. */
  whenSaved(): Promise<boolean> {
    return this.saver.idle();
  }

  /** Stop listening and saving (a pending save is started first). */
  dispose(): void {
    for (const u of this.unsubscribers.splice(0)) u();
    this.saver.dispose();
  }

  // ---------- notices ----------
  notices(): readonly PreviewNotice[] {
    return this.noticeList;
  }

  subscribeNotices(listener: () => void): () => void {
    this.noticeListeners.add(listener);
    return () => {
      this.noticeListeners.delete(listener);
    };
  }

  dismissNotice(id: PreviewNoticeId): void {
    if (!this.noticeList.some((n) => n.id === id)) return;
    this.noticeList = this.noticeList.filter((n) => n.id !== id);
    for (const l of [...this.noticeListeners]) l();
  }

  private setNotice(notice: PreviewNotice): void {
    this.noticeList = [...this.noticeList.filter((n) => n.id !== notice.id), notice];
    for (const l of [...this.noticeListeners]) l();
  }

  // ---------- SpreadsheetHost ----------
  layout(placementIds?: readonly string[], names?: readonly string[]): Promise<WorkbookLayout> {
    return this.memory.layout(placementIds, names);
  }

  /** The top-left cell of the grid's selection. */
  async activeCell(): Promise<{ sheet: SheetRef; row: number; col: number }> {
    const range = selectionRange(this.selection.selection);
    const sheet = this.model.sheet(range.sheetId);
    if (!sheet) throw new AddinError('host', 'The selected sheet no longer exists.');
    return { sheet, row: range.row, col: range.col };
  }

  /** Shows the range's sheet, selects the range and scrolls the grid to it. */
  async select(range: GridRange): Promise<void> {
    if (!this.model.sheet(range.sheetId))
      throw new AddinError('notFound', 'The sheet was not found (it may have been deleted).', { data: { sheetId: range.sheetId } });
    if (range.row < 0 || range.col < 0 || range.row + range.rows > this.limits.maxRows || range.col + range.cols > this.limits.maxCols)
      throw new AddinError(
        'limit',
        `The range goes past the sheet's last row (${this.limits.maxRows}) or column (${this.limits.maxCols}).`,
        { data: { range } },
      );
    this.selection.selectRange(range, { reveal: true });
  }

  /**
   * The grid holds one selected rectangle: several ranges select their bounding rectangle (the pane's message names the
   * cells themselves).
   */
  async selectRanges(ranges: readonly GridRange[]): Promise<void> {
    const box = boundingRange(ranges);
    if (box) await this.select(box);
  }

  snapshot(ranges: readonly GridRange[]): Promise<CellSnapshot[]> {
    return this.memory.snapshot(ranges);
  }

  writeBlock(block: WriteBlock): Promise<void> {
    return this.memory.writeBlock(block);
  }

  clear(ranges: readonly GridRange[]): Promise<void> {
    return this.memory.clear(ranges);
  }

  /**
   * The preview's grid has fixed column widths (no model of widths to fit yet), so this only checks the range, as the
   * real hosts would; the Excel and Sheets hosts fit the widths through their APIs.
   */
  autofitColumns(range: GridRange): Promise<void> {
    return this.memory.autofitColumns(range);
  }

  trackArea(placementId: string, range: GridRange): Promise<void> {
    return this.memory.trackArea(placementId, range);
  }

  untrack(placementId: string): Promise<void> {
    return this.memory.untrack(placementId);
  }

  /** Notes live in the model (the grid marks a cell with one); the model keeps them while the page is open. */
  setNotes(notes: readonly CellNote[]): Promise<void> {
    return this.memory.setNotes(notes);
  }

  get notesUnsupported(): string | null {
    return this.memory.notesUnsupported;
  }

  insertRows(sheetId: string, beforeRow: number, count: number): Promise<void> {
    return this.memory.insertRows(sheetId, beforeRow, count);
  }

  deleteRows(sheetId: string, fromRow: number, count: number): Promise<void> {
    return this.memory.deleteRows(sheetId, fromRow, count);
  }
}
