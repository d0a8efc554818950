/** PreviewHost: the browser preview's SpreadsheetHost: a MemoryHost over a WorkbookModel saved in browser storage, with the grid's selection and a per-user credential store. */
import { AddinError } from '../core/api/errors';
import { HOST_EXCEL } from '../core/api/wire-names';
import type { SpreadsheetHostValue } from '../core/api/schemas';
import type {
  CellSnapshot,
  CredentialStore,
  DocumentStore,
  GridRange,
  HostLimits,
  SheetRef,
  SpreadsheetHost,
  WorkbookIdentity,
  WriteBlock,
} from '../core/host';
import { MEMORY_HOST_LIMITS, MemoryHost } from '../core/memory/memory-host';
import { WorkbookModel } from '../core/memory/workbook-model';
import type { KeyValueStorage } from './key-value-storage';
import { LocalCredentialStore } from './local-credential-store';
import { damagedNotice, saveFailedNotice, type PreviewNotice, type PreviewNoticeId } from './preview-notice';
import { parseSavedWorkbook, serializeWorkbook } from './saved-workbook';
import { selectionRange, SelectionStore } from './selection-store';

/** Storage key of the saved workbook (the "document"). */
export const WORKBOOK_STORAGE_KEY = 'svc.preview.workbook';
/** Where an unreadable saved workbook is moved aside. */
export const DAMAGED_WORKBOOK_KEY = 'svc.preview.workbook.damaged';
/** Name of the workbook the preview shows. */
export const PREVIEW_WORKBOOK_NAME = 'Preview workbook';

/** Excel's limits: 1,048,576 x 16,384 cells, 32,767 characters per cell, 5 MB per request. */
export const PREVIEW_LIMITS: HostLimits = { ...MEMORY_HOST_LIMITS };

export interface PreviewHostOptions {
  /** Holds the saved workbook (window.localStorage in the page). */
  storage: KeyValueStorage;
  /** Holds the credentials (default: `storage`, under separate keys). */
  credentialStorage?: KeyValueStorage;
  /** Mints the workbook id the first time the add-in asks for it. */
  mintWorkbookId: () => string;
  /** Quiet time before a change is saved (default 300 ms). */
  saveDelayMs?: number;
  storageKey?: string;
  damagedKey?: string;
}

export class PreviewHost implements SpreadsheetHost {
  readonly platformHost: SpreadsheetHostValue = HOST_EXCEL;
  readonly limits: HostLimits = PREVIEW_LIMITS;
  readonly model: WorkbookModel;
  /** The MemoryHost doing the SpreadsheetHost work over the model. */
  readonly memory: MemoryHost;
  readonly selection: SelectionStore;
  readonly document: DocumentStore;
  readonly credentials: CredentialStore;

  private readonly storage: KeyValueStorage;
  private readonly storageKey: string;
  private readonly saveDelayMs: number;
  private noticeList: PreviewNotice[] = [];
  private readonly noticeListeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Something not yet saved: 'content' is saved after a quiet time, 'selection' only with the next save or flush(). */
  private dirty: 'none' | 'selection' | 'content' = 'none';
  private readonly unsubscribers: Array<() => void> = [];
  private version = 0;

  constructor(options: PreviewHostOptions) {
    this.storage = options.storage;
    this.storageKey = options.storageKey ?? WORKBOOK_STORAGE_KEY;
    this.saveDelayMs = options.saveDelayMs ?? 300;
    const loaded = this.load(options.damagedKey ?? DAMAGED_WORKBOOK_KEY);
    this.model = loaded.model;
    this.model.name = PREVIEW_WORKBOOK_NAME;
    this.memory = new MemoryHost(this.model, { platformHost: HOST_EXCEL, limits: PREVIEW_LIMITS, mintWorkbookId: options.mintWorkbookId });
    this.document = this.memory.document;
    this.credentials = new LocalCredentialStore(options.credentialStorage ?? options.storage);
    this.selection = new SelectionStore(this.model, loaded.selection);
    this.unsubscribers.push(
      this.model.subscribe(() => {
        this.version += 1;
        this.changed('content');
      }),
      this.selection.subscribe(() => this.changed('selection')),
    );
  }

  private load(damagedKey: string): ReturnType<typeof parseSavedWorkbook> {
    const raw = this.storage.getItem(this.storageKey);
    const fresh = () => ({ model: new WorkbookModel({ name: PREVIEW_WORKBOOK_NAME }), selection: null });
    if (raw === null) return fresh();
    try {
      return parseSavedWorkbook(raw);
    } catch (e) {
      const reason = e instanceof AddinError && e.detail ? e.detail : 'it is not a workbook this preview saved';
      let backup: string | null = damagedKey;
      try {
        this.storage.setItem(damagedKey, raw);
      } catch {
        backup = null;
      }
      this.noticeList = [damagedNotice(reason, backup)];
      return fresh();
    }
  }

  /** Counts the model's changes since the page opened (the grid re-renders when it moves). */
  get modelVersion(): number {
    return this.version;
  }

  // ---------- persistence ----------
  private changed(what: 'content' | 'selection'): void {
    if (what === 'selection') {
      if (this.dirty === 'none') this.dirty = 'selection';
      return;
    }
    this.dirty = 'content';
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.saveDelayMs);
  }

  /** Save now if anything changed; returns false when the browser refused (a notice says so). */
  flush(): boolean {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.dirty === 'none') return true;
    const text = serializeWorkbook(this.model.toJSON(), this.selection.selection);
    try {
      this.storage.setItem(this.storageKey, text);
    } catch (e) {
      this.setNotice(saveFailedNotice(text.length, e));
      return false;
    }
    this.dirty = 'none';
    this.dismissNotice('saveFailed');
    return true;
  }

  /** Stop listening and saving (a pending save is written first). */
  dispose(): void {
    this.flush();
    for (const u of this.unsubscribers.splice(0)) u();
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
  workbook(): Promise<WorkbookIdentity> {
    return this.memory.workbook();
  }

  sheets(): Promise<SheetRef[]> {
    return this.memory.sheets();
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
    if (!this.model.sheet(range.sheetId)) throw new AddinError('notFound', 'The sheet was not found (it may have been deleted).', { data: { sheetId: range.sheetId } });
    if (range.row < 0 || range.col < 0 || range.row + range.rows > this.limits.maxRows || range.col + range.cols > this.limits.maxCols)
      throw new AddinError('limit', `The range goes past the sheet's last row (${this.limits.maxRows}) or column (${this.limits.maxCols}).`, { data: { range } });
    this.selection.selectRange(range, { reveal: true });
  }

  occupiedCells(range: GridRange, max: number): Promise<Array<{ row: number; col: number }>> {
    return this.memory.occupiedCells(range, max);
  }

  snapshot(range: GridRange): Promise<CellSnapshot> {
    return this.memory.snapshot(range);
  }

  writeBlock(block: WriteBlock): Promise<void> {
    return this.memory.writeBlock(block);
  }

  clear(range: GridRange): Promise<void> {
    return this.memory.clear(range);
  }

  trackArea(placementId: string, range: GridRange): Promise<void> {
    return this.memory.trackArea(placementId, range);
  }

  trackedArea(placementId: string): Promise<GridRange | null> {
    return this.memory.trackedArea(placementId);
  }

  untrack(placementId: string): Promise<void> {
    return this.memory.untrack(placementId);
  }
}
