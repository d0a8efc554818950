/** The fake Excel application behind every RequestContext: options, the workbook state, counters, cell-edit mode and events. */
import { WorkbookState, key, type SheetState } from './workbook-state';
import type { QueuedAction } from './request-context';
import { FakeOfficeError } from './errors';
import type { Rect } from './a1';

export interface ExcelFakeOptions {
  sheets: string[];
  /** Highest ExcelApi minor version the fake offers (features above it are absent, as in an older Excel). */
  excelApi: number;
  maxRequestBytes: number;
  maxResponseBytes: number;
  maxReadCells: number;
  /**
   * When a `@` number format protects values written after it. No Microsoft document says that a format queued earlier
   * in the same batch applies before the values are parsed, so by default only a format synced in an earlier request does.
   */
  textFormatProtects: 'earlierSync' | 'earlierInBatch';
  currentYear: number;
}

export const DEFAULT_OPTIONS: ExcelFakeOptions = {
  sheets: ['Sheet1'],
  excelApi: 17,
  maxRequestBytes: 5 * 1024 * 1024,
  maxResponseBytes: 5 * 1024 * 1024,
  maxReadCells: 5_000_000,
  textFormatProtects: 'earlierSync',
  currentYear: 2026,
};

export interface FakeStats {
  syncs: number;
  /** Bytes of every request, in order. */
  requestBytes: number[];
  maxRequestBytes: number;
  /** Bytes of every response, in order (a refused one included). */
  responseBytes: number[];
  /** Operation names of every request, in order. */
  requests: string[][];
  calculationSuspensions: number;
  /** `workbook.getActiveCell()` calls (how often the add-in asked for the selected cell). */
  activeCellReads: number;
}

export type EventName =
  | 'worksheets.onAdded'
  | 'worksheets.onDeleted'
  | 'worksheets.onChanged'
  | 'worksheets.onNameChanged'
  | 'worksheet.onChanged'
  | 'workbook.onSelectionChanged';

/** The scope of events raised by the workbook or its worksheet collection (not by one sheet). */
export const WORKBOOK_SCOPE = 'workbook';

type Handler = (args: unknown) => unknown;

export class ExcelFakeEngine {
  readonly options: ExcelFakeOptions;
  readonly state: WorkbookState;
  /** The file's name as `workbook.name` reads it. */
  workbookName = 'Book1.xlsx';
  /** `Excel.run` calls so far. */
  runs = 0;
  /** The options of every new `Excel.run` (one that reuses a context is not recorded), in order. */
  readonly runOptions: Array<{ mergeUndoGroup: boolean }> = [];
  /**
   * Ctrl+Z steps the add-in's runs left: each sync that changed the workbook is one, and a run with `mergeUndoGroup`
   * (ExcelApi 1.20) makes all its changing syncs one, as RunOptions.mergeUndoGroup documents.
   */
  undoSteps = 0;
  /** True while a person's action runs (the install's `user`): its change events carry `triggerSource` 'Unknown'. */
  actingAsUser = false;
  readonly stats: FakeStats = {
    syncs: 0,
    requestBytes: [],
    responseBytes: [],
    maxRequestBytes: 0,
    requests: [],
    calculationSuspensions: 0,
    activeCellReads: 0,
  };
  private cellEdit = false;
  private editWaiters: Array<() => void> = [];
  private responseBytes = 0;
  /** Number formats of cells as they were when the current sync began (for `textFormatProtects: 'earlierSync'`). */
  private formatsBeforeSync = new Map<string, Map<number, string>>();
  private handlers = new Map<string, Set<Handler>>();
  /**
   * The workbook an event's args carry (SelectionChangedEventArgs.workbook): one of a request context of its own, made
   * by the Excel namespace over this engine.
   */
  eventWorkbook: () => unknown = () => null;
  private pendingEvents: Promise<unknown>[] = [];

  constructor(options: Partial<ExcelFakeOptions> = {}) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.state = new WorkbookState(this.options.sheets);
  }

  supports(minor: number): boolean {
    return this.options.excelApi >= minor;
  }

  // ---- cell-edit mode ----
  get cellEditMode(): boolean {
    return this.cellEdit;
  }

  setCellEditMode(on: boolean): void {
    this.cellEdit = on;
    if (!on) for (const w of this.editWaiters.splice(0)) w();
  }

  async waitUntilEditable(delay: boolean): Promise<void> {
    if (!this.cellEdit) return;
    if (!delay) {
      throw new FakeOfficeError(
        'InvalidOperationInCellEditMode',
        'Excel is in cell-editing mode. Please exit the edit mode by pressing ENTER or TAB or selecting another cell, and then try again.',
      );
    }
    await new Promise<void>((resolve) => this.editWaiters.push(resolve));
  }

  // ---- counters ----
  recordRequest(bytes: number, actions: QueuedAction[]): void {
    this.stats.syncs += 1;
    this.stats.requestBytes.push(bytes);
    this.stats.requests.push(actions.map((a) => a.op));
    this.stats.maxRequestBytes = Math.max(this.stats.maxRequestBytes, bytes);
  }

  addResponseBytes(n: number): void {
    this.responseBytes += n;
  }

  takeResponseBytes(): number {
    const n = this.responseBytes;
    this.responseBytes = 0;
    this.stats.responseBytes.push(n);
    return n;
  }

  beginSync(): void {
    this.formatsBeforeSync.clear();
  }

  endSync(): void {
    this.formatsBeforeSync.clear();
  }

  /** Records a cell's format before the first change in this sync. */
  noteFormatChange(sheet: SheetState, row: number, col: number, before: string): void {
    if (this.options.textFormatProtects !== 'earlierSync') return;
    let m = this.formatsBeforeSync.get(sheet.id);
    if (!m) this.formatsBeforeSync.set(sheet.id, (m = new Map()));
    const k = key(row, col);
    if (!m.has(k)) m.set(k, before);
  }

  /** The format that decides how a value written now is parsed. */
  parsingFormat(sheet: SheetState, row: number, col: number, current: string): string {
    const before = this.formatsBeforeSync.get(sheet.id)?.get(key(row, col));
    return before ?? current;
  }

  // ---- selection ----
  /**
   * Selects `rect` (the first of `areas`) on a sheet and activates it. A different selection raises
   * Workbook.onSelectionChanged (ExcelApi 1.2) with `{ workbook }`, whoever made it: Microsoft's pages do not say
   * whether the add-in's own select() raises it, and the fake says it does (a handler only reads the selection again).
   */
  select(sheetId: string, rect: Rect, areas: Rect[]): void {
    const before = this.state.selection;
    const same = before.sheetId === sheetId && JSON.stringify(before.rect) === JSON.stringify(rect);
    this.state.activeSheetId = sheetId;
    this.state.selection = { sheetId, rect };
    this.state.selectedAreas = areas;
    if (!same) this.emit('workbook.onSelectionChanged', WORKBOOK_SCOPE, { workbook: this.eventWorkbook() });
  }

  // ---- events ----
  addHandler(event: EventName, scope: string, handler: Handler): void {
    const k = `${event}|${scope}`;
    let set = this.handlers.get(k);
    if (!set) this.handlers.set(k, (set = new Set()));
    set.add(handler);
  }

  removeHandler(event: EventName, scope: string, handler: Handler): void {
    this.handlers.get(`${event}|${scope}`)?.delete(handler);
  }

  /** Queues an event for its handlers (they run after the current request returns, as Excel's do). */
  emit(event: EventName, scope: string, args: Record<string, unknown>): void {
    const set = this.handlers.get(`${event}|${scope}`);
    if (!set || set.size === 0) return;
    const list = [...set];
    this.pendingEvents.push(
      Promise.resolve().then(async () => {
        for (const h of list) await h(args);
      }),
    );
  }

  /** Waits until every queued event handler has run. */
  async flushEvents(): Promise<void> {
    while (this.pendingEvents.length > 0) await Promise.all(this.pendingEvents.splice(0));
  }
}
