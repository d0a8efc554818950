/** MemoryHost: a SpreadsheetHost over a WorkbookModel, with strict write limits, separate document and credential stores, and fault injection for tests. */
import { AddinError } from '../wire/errors';
import { HOST_EXCEL, PRODUCT_PREFIX } from '../wire/wire-names';
import type { SpreadsheetHostValue } from '../wire/schemas';
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
} from '../host';
import { GENERAL_FORMAT, WorkbookModel } from './workbook-model';

/** Document key of the minted workbook id. */
export const WORKBOOK_ID_KEY = `${PRODUCT_PREFIX}.workbookId`;

/** Default limits: Excel's grid and cell size, Excel on the web's 5 MB request cap, and a cell cap per write. */
export const MEMORY_HOST_LIMITS: HostLimits = {
  maxRows: 1_048_576,
  maxCols: 16_384,
  maxCellsPerWrite: 100_000,
  maxBytesPerWrite: 5_000_000,
  maxCellChars: 32_767,
};

export interface MemoryHostOptions {
  platformHost?: SpreadsheetHostValue;
  limits?: Partial<HostLimits>;
  /** Sets the model's name. */
  workbookName?: string;
  activeCell?: { sheetId: string; row: number; col: number };
  /** Mints the workbook id the first time it is asked for (default: a fixed id, fine for tests). */
  mintWorkbookId?: () => string;
}

/** The settings of the workbook model, as the host's document store (it travels with the workbook JSON). */
class ModelDocumentStore implements DocumentStore {
  constructor(private readonly model: WorkbookModel) {}
  async get(key: string): Promise<string | null> {
    return this.model.getSetting(key);
  }
  async set(key: string, value: string): Promise<void> {
    this.model.setSetting(key, value);
  }
  keys(): string[] {
    return this.model.settingKeys();
  }
}

/** Per-user secrets, kept apart from the document. */
export class MemoryCredentialStore implements CredentialStore {
  private readonly map = new Map<string, string>();
  async get(key: string): Promise<string | null> {
    return this.map.get(key) ?? null;
  }
  async set(key: string, value: string): Promise<void> {
    this.map.set(key, value);
  }
  async remove(key: string): Promise<void> {
    this.map.delete(key);
  }
  values(): string[] {
    return [...this.map.values()];
  }
}

/** UTF-8 byte length of a string. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i += 1;
    } else n += 3;
  }
  return n;
}

/** Estimated request size of a write: the JSON of its values and formats, in UTF-8 bytes. */
export function estimateWriteBytes(block: Pick<WriteBlock, 'values' | 'formats'>): number {
  return utf8Length(JSON.stringify(block.values)) + (block.formats ? utf8Length(JSON.stringify(block.formats)) : 0);
}

export type MutationOp = 'write' | 'clear';

export class MemoryHost implements SpreadsheetHost {
  readonly platformHost: SpreadsheetHostValue;
  readonly limits: HostLimits;
  readonly model: WorkbookModel;
  readonly document: ModelDocumentStore;
  readonly credentials = new MemoryCredentialStore();
  /** Every successful write and clear, in order. */
  readonly log: Array<{ op: MutationOp; range: GridRange }> = [];
  /** Last range passed to select(). */
  selection: GridRange | null = null;
  /** Called (and awaited) before every write or clear is applied; a test can hold it open or throw from it. */
  beforeMutation: ((op: MutationOp, range: GridRange) => void | Promise<void>) | null = null;

  private active: { sheetId: string; row: number; col: number } | null;
  private readonly mintWorkbookId: () => string;
  private failCountdown: Array<{ skip: number; error: Error | undefined }> = [];

  constructor(model: WorkbookModel = new WorkbookModel(), options: MemoryHostOptions = {}) {
    this.model = model;
    this.platformHost = options.platformHost ?? HOST_EXCEL;
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
    this.document = new ModelDocumentStore(model);
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

  /** Drop pending injected failures. */
  resetFaults(): void {
    this.failCountdown = [];
  }

  private async mutation(op: MutationOp, range: GridRange, apply: () => void): Promise<void> {
    if (this.beforeMutation) await this.beforeMutation(op, range);
    else await Promise.resolve();
    const next = this.failCountdown[0];
    if (next) {
      if (next.skip === 0) {
        this.failCountdown.shift();
        throw next.error ?? new AddinError('host', 'The spreadsheet did not accept the change (injected failure).');
      }
      next.skip -= 1;
    }
    apply();
    this.log.push({ op, range });
  }

  // ---------- SpreadsheetHost ----------
  async workbook(): Promise<WorkbookIdentity> {
    let id = this.model.getSetting(WORKBOOK_ID_KEY);
    if (id === null) {
      id = this.mintWorkbookId();
      this.model.setSetting(WORKBOOK_ID_KEY, id);
    }
    return { id, name: this.model.name };
  }

  async sheets(): Promise<SheetRef[]> {
    return this.model.sheets();
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
    this.active = { sheetId: range.sheetId, row: range.row, col: range.col };
  }

  async occupiedCells(range: GridRange, max: number): Promise<Array<{ row: number; col: number }>> {
    this.requireSheet(range.sheetId);
    return this.model.occupied(range.sheetId, range, max);
  }

  async snapshot(range: GridRange): Promise<CellSnapshot> {
    this.requireSheet(range.sheetId);
    const values = this.model.getValues(range.sheetId, range);
    const formats = this.model.getFormats(range.sheetId, range).map((line) => line.map((f) => f ?? GENERAL_FORMAT));
    const bold = this.model.getBold(range.sheetId, range);
    return { range: { ...range }, values, formats, bold };
  }

  async writeBlock(block: WriteBlock): Promise<void> {
    this.requireSheet(block.sheetId);
    const rows = block.values.length;
    const cols = block.values[0]?.length ?? 0;
    if (block.values.some((line) => line.length !== cols)) throw new AddinError('host', 'A write block must be rectangular.');
    if (block.formats && (block.formats.length !== rows || block.formats.some((line) => line.length !== cols)))
      throw new AddinError('host', 'The formats of a write block must match its values.');
    if (block.bold && (block.bold.length !== rows || block.bold.some((line) => line.length !== cols)))
      throw new AddinError('host', 'The bold of a write block must match its values.');
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
    const bytes = estimateWriteBytes(block);
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
        ...(block.formats ? { formats: block.formats } : {}),
        ...(block.bold ? { bold: block.bold } : {}),
        boldRows: block.headerRows ?? 0,
      }),
    );
  }

  async clear(range: GridRange): Promise<void> {
    this.requireSheet(range.sheetId);
    this.checkGrid(range);
    await this.mutation('clear', { ...range }, () => this.model.clearRange(range.sheetId, range));
  }

  async trackArea(placementId: string, range: GridRange): Promise<void> {
    this.requireSheet(range.sheetId);
    this.checkGrid(range);
    this.model.trackArea(placementId, range);
  }

  async trackedArea(placementId: string): Promise<GridRange | null> {
    return this.model.area(placementId) ?? null;
  }

  async untrack(placementId: string): Promise<void> {
    this.model.untrackArea(placementId);
  }

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
