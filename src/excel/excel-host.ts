/**
 * ExcelHost: the SpreadsheetHost over the Excel JavaScript API, one Excel.run per host call with few syncs, loading only
 * what it reads; a call refused while the user edits a cell fails with 'hostBusy' (the core waits and calls again).
 * It runs past 300 lines because it is one class: every port method shares its Excel.run wrapper, stores and named ranges.
 */
import { z } from 'zod';
import { AddinError } from '../core/errors/addin-error';
import { HOST_EXCEL } from '../core/wire/wire-names';
import type { SpreadsheetHostValue } from '../core/wire/schemas';
import {
  type BlocksWrite,
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
} from '../core/host';
import { EXCEL_READ_BUDGET, readValuesAndFormats, type ReadBudget } from './block-reads';
import { boldByBands } from './bold-reads';
import { NOTES_NEED_EXCEL_API, setNotesIn } from './cell-notes';
import { writeBlocksInRun } from './blocks-write';
import { excelError, isResponseTooLarge, officeErrorCode } from './excel-errors';
import { EXCEL_LIMITS } from './excel-limits';
import { allTrackedAreas, trackArea, trackAreaAt, untrackArea } from './named-areas';
import { SettingsDocumentStore, type SettingsBag } from './settings-document-store';
import { activeCell, selectAreas, selectRange } from './sheet-ops';
import { boundingRange } from '../core/placements/grid-rect';
import { writePipelined } from './pipelined-write';
import { EXCEL_REQUEST_CAP_BYTES } from './sized-writes';
import { usedSnapshot } from './used-snapshot';
import { workbookIdentity } from './workbook-identity';
import { MERGED_UNDO } from './requirements';

export interface ExcelHostOptions {
  /** Office.context.document.settings (the document store lives there). */
  settings: SettingsBag;
  credentials: CredentialStore;
  /** Mints the workbook id the first time the workbook is used (crypto.randomUUID in the page). */
  mintWorkbookId: () => string;
  /** Office.context.requirements.isSetSupported: per-cell bold needs ExcelApi 1.9. */
  isSetSupported: (name: string, minVersion?: string) => boolean;
  limits?: Partial<HostLimits>;
  /** Office.context.document.url: the file the workbook is in (a copy's differs, so it gets a workbook id of its own). */
  fileUrl?: () => string | null;
}

const valuesSchema = z.array(z.array(z.union([z.string(), z.number(), z.boolean()])));
const formatsSchema = z.array(z.array(z.string()));
const boldCellsSchema = z.array(z.array(z.object({ format: z.object({ font: z.object({ bold: z.boolean() }) }) })));
const nameSchema = z.string();
const index = z.number().int().nonnegative();
const usedAreaSchema = z.object({ row: index, col: index, rows: index, cols: index });

/** An Office error turned into the port's typed error: cell edit → 'hostBusy', a missing sheet → 'notFound', a request too large → 'limit'. */
function hostError(e: unknown, doing: string): AddinError {
  const code = officeErrorCode(e);
  if (code === 'ItemNotFound')
    return new AddinError('notFound', `Excel could not ${doing}: the sheet was not found (it may have been deleted).`, { code, cause: e });
  if (code === 'RequestPayloadSizeLimitExceeded' || code === 'ResponsePayloadSizeLimitExceeded')
    return new AddinError('limit', `Excel could not ${doing}: the request is larger than Excel accepts.`, { code, cause: e });
  return excelError(e, doing);
}

/** Mixed-bold ranges of at most this many cells together have every cell's bold read in one sync; larger ones by bands. */
const MIXED_BOLD_CELLS = 20_000;

const emptyToNull = (values: Array<Array<string | number | boolean>>): Scalar[][] =>
  values.map((row) => row.map((v) => (v === '' ? null : v)));

export class ExcelHost implements SpreadsheetHost {
  readonly platformHost: SpreadsheetHostValue = HOST_EXCEL;
  readonly limits: HostLimits;
  readonly documentStore: SettingsDocumentStore;
  readonly credentials: CredentialStore;
  /** Every read inside a snapshot stays under Excel's response cap and read cap, whatever one snapshot call may take. */
  private readonly readBudget: ReadBudget;
  /** Excel on the web's request cap, which every write request stays under by its real bytes. */
  private readonly requestCap = EXCEL_REQUEST_CAP_BYTES;
  /** Placements whose names the latest layout found (null before one): tracking then needs no look first. */
  private trackedIds: Set<string> | null = null;

  constructor(private readonly options: ExcelHostOptions) {
    this.limits = { ...EXCEL_LIMITS, ...options.limits };
    this.documentStore = new SettingsDocumentStore(options.settings);
    this.credentials = options.credentials;
    this.readBudget = { ...EXCEL_READ_BUDGET, maxCells: Math.min(EXCEL_READ_BUDGET.maxCells, this.limits.maxCellsPerRead) };
  }

  /** One Excel.run; any failure becomes a typed error saying what the add-in was doing. */
  private async run<T>(doing: string, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
    try {
      return await Excel.run(batch);
    } catch (e) {
      throw hostError(e, doing);
    }
  }

  /**
   * One Excel.run that changes the workbook: where ExcelApi 1.20 is there, with `mergeUndoGroup` so its syncs (the parts
   * of a large write, the formats before the values, the tracking) are one Ctrl+Z step rather than one each.
   */
  private async change<T>(doing: string, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
    if (!this.options.isSetSupported(MERGED_UNDO.name, MERGED_UNDO.version)) return this.run(doing, batch);
    try {
      return await Excel.run({ mergeUndoGroup: true }, batch);
    } catch (e) {
      throw hostError(e, doing);
    }
  }

  private get perCellBold(): boolean {
    return this.options.isSetSupported('ExcelApi', '1.9');
  }

  /**
   * Workbook name, sheets, the named items' references (the placements' and the user's names asked for) in one sync; the
   * workbook id comes from the document settings.
   */
  async layout(placementIds?: readonly string[], names?: readonly string[]): Promise<WorkbookLayout> {
    const { name, sheets, areas, userNames } = await this.run('read the workbook’s sheets and reports', async (context) => {
      const workbook = context.workbook.load('name');
      const found = await allTrackedAreas(context);
      return {
        name: nameSchema.parse(workbook.name),
        sheets: found.sheets,
        areas: found.areas,
        userNames: found.userNames,
      };
    });
    this.trackedIds = new Set(areas.keys());
    const wanted = placementIds ?? [...areas.keys()];
    const out: Record<string, GridRange | null> = {};
    for (const id of wanted) {
      const area = areas.get(id);
      if (area !== undefined) out[id] = area;
    }
    const workbook = await workbookIdentity(this.documentStore, this.options.mintWorkbookId, name, this.options.fileUrl?.() ?? null);
    if (names === undefined) return { workbook, sheets, areas: out };
    return { workbook, sheets, areas: out, names: Object.fromEntries(names.map((n) => [n, userNames.get(n.toLowerCase()) ?? null])) };
  }

  activeCell(): Promise<{ sheet: SheetRef; row: number; col: number }> {
    return this.run('read the active cell', (context) => activeCell(context));
  }

  select(range: GridRange): Promise<void> {
    return this.run('select the report’s cells', (context) => selectRange(context, range));
  }

  /** Several areas in one selection with ExcelApi 1.9 (`getRanges`), else their bounding rectangle. */
  async selectRanges(ranges: readonly GridRange[]): Promise<void> {
    if (ranges.length === 0) return;
    if (ranges.length === 1 || !this.perCellBold) {
      const box = boundingRange(ranges);
      if (box) await this.select(box);
      return;
    }
    await this.run('select the cells', (context) => selectAreas(context, ranges));
  }

  /**
   * Values, number formats and each range's one bold property, queued together and read in one sync; a range of mixed
   * bold is then read per cell (ExcelApi 1.9 `getCellProperties`) in one more sync. Ranges too large for one response
   * are read only where their sheet is used (its used range, loaded in the same sync). When Excel refuses a response
   * for its size, the ranges are read again in row blocks under the read budget (halved as needed).
   */
  snapshot(ranges: readonly GridRange[]): Promise<CellSnapshot[]> {
    return this.run('read the cells before changing them', async (context) => {
      let room = this.readBudget.maxBytes;
      const whole = ranges.map((range) => {
        const bytes = range.rows * range.cols * this.readBudget.bytesPerCell;
        if (bytes > room) return false;
        room -= bytes;
        return true;
      });
      const used = new Map<string, Excel.Range>();
      const queued = ranges.map((range, i) => {
        const sheet = context.workbook.worksheets.getItem(range.sheetId);
        const r = sheet.getRangeByIndexes(range.row, range.col, range.rows, range.cols);
        if (whole[i]) r.load(['values', 'numberFormat']);
        else if (!used.has(range.sheetId))
          used.set(range.sheetId, sheet.getUsedRangeOrNullObject(false).load(['rowIndex', 'columnIndex', 'rowCount', 'columnCount']));
        return { range, r, font: r.format.font.load('bold') };
      });
      try {
        await context.sync();
      } catch (e) {
        if (!isResponseTooLarge(e)) throw e;
        return this.snapshotInBlocks(context, ranges);
      }
      const out: CellSnapshot[] = [];
      for (const [i, { range, r, font }] of queued.entries()) {
        if (!whole[i]) {
          const u = used.get(range.sheetId);
          const area =
            u === undefined || u.isNullObject
              ? null
              : usedAreaSchema.parse({ row: u.rowIndex, col: u.columnIndex, rows: u.rowCount, cols: u.columnCount });
          out.push(await usedSnapshot(context, { range, used: area, bold: font.bold, perCellBold: this.perCellBold }, this.readBudget));
          continue;
        }
        out.push({
          range: { ...range },
          values: emptyToNull(valuesSchema.parse(r.values)),
          formats: formatsSchema.parse(r.numberFormat),
          bold: uniformBold(range, font.bold),
        });
      }
      await this.readMixedBold(
        context,
        out.filter((_, i) => whole[i]),
        queued.filter((_, i) => whole[i]).map((q) => q.font.bold),
      );
      return out;
    });
  }

  /** Per-cell bold of the snapshots whose range's bold read `null` (mixed): one sync for all when small, else by bands. */
  private async readMixedBold(context: Excel.RequestContext, out: CellSnapshot[], uniform: ReadonlyArray<boolean | null>): Promise<void> {
    if (!this.perCellBold) return;
    const mixed = out.filter((_, i) => uniform[i] === null);
    if (mixed.length === 0) return;
    if (mixed.reduce((n, { range }) => n + range.rows * range.cols, 0) > MIXED_BOLD_CELLS) {
      for (const snap of mixed) snap.bold = await boldByBands(context, snap.range, this.readBudget);
      return;
    }
    const props = mixed.map(({ range }) =>
      context.workbook.worksheets
        .getItem(range.sheetId)
        .getRangeByIndexes(range.row, range.col, range.rows, range.cols)
        .getCellProperties({ format: { font: { bold: true } } }),
    );
    try {
      await context.sync();
    } catch (e) {
      if (!isResponseTooLarge(e)) throw e;
      for (const snap of mixed) snap.bold = await boldByBands(context, snap.range, this.readBudget);
      return;
    }
    mixed.forEach((snap, k) => {
      snap.bold = boldCellsSchema.parse(props[k]?.value).map((row) => row.map((c) => c.format.font.bold));
    });
  }

  private async snapshotInBlocks(context: Excel.RequestContext, ranges: readonly GridRange[]): Promise<CellSnapshot[]> {
    // Every range's one bold property first, together; values and formats in blocks; per-cell bold where it is mixed.
    const fonts = ranges.map((r) =>
      context.workbook.worksheets.getItem(r.sheetId).getRangeByIndexes(r.row, r.col, r.rows, r.cols).format.font.load('bold'),
    );
    await context.sync();
    const out: CellSnapshot[] = [];
    for (const [i, range] of ranges.entries()) {
      const { values, formats } = await readValuesAndFormats(context, range, this.readBudget);
      out.push({ range: { ...range }, values, formats, bold: uniformBold(range, fonts[i]?.bold) });
    }
    const uniform = fonts.map((f) => f.bold);
    if (this.perCellBold) {
      for (const [i, snap] of out.entries()) if (uniform[i] === null) snap.bold = await boldByBands(context, snap.range, this.readBudget);
    }
    return out;
  }

  /**
   * The block in parts cut by their real request bytes under Excel's cap, each part's formats sent with the previous
   * part's values (the first part's `@` formats in a sync of their own), in one Excel.run.
   */
  async writeBlock(block: WriteBlock): Promise<void> {
    if (block.values.length === 0 || (block.values[0]?.length ?? 0) === 0) return;
    await this.change('write the report’s cells', async (context) => {
      await writePipelined(context, block, this.requestCap);
    });
  }

  /**
   * The blocks joined where they continue each other and cut into parts by their real bytes, each part's formats sent
   * with the previous part's values, the tracking and the widths with the last values, in one Excel.run.
   */
  async writeBlocks(write: BlocksWrite): Promise<void> {
    const known = this.trackedIds;
    const track = write.track;
    await this.change('write the report’s cells', (context) =>
      writeBlocksInRun(
        context,
        write,
        { capBytes: this.requestCap, maxCells: this.limits.maxCellsPerWrite },
        track && known !== null ? known.has(track.placementId) : null,
      ),
    );
    if (track) this.trackedIds?.add(track.placementId);
  }

  /** Clears the contents of every range (formats and bold stay) in one sync. */
  clear(ranges: readonly GridRange[]): Promise<void> {
    return this.change('clear the report’s old cells', async (context) => {
      for (const r of ranges)
        context.workbook.worksheets.getItem(r.sheetId).getRangeByIndexes(r.row, r.col, r.rows, r.cols).clear('Contents');
      await context.sync();
    });
  }

  autofitColumns(range: GridRange): Promise<void> {
    return this.change('fit the column widths', async (context) => {
      context.workbook.worksheets
        .getItem(range.sheetId)
        .getRangeByIndexes(range.row, range.col, range.rows, range.cols)
        .format.autofitColumns();
      await context.sync();
    });
  }

  /** One sync when the latest layout tells whether the name exists; when that is wrong or unknown, a look first. */
  async trackArea(placementId: string, range: GridRange): Promise<void> {
    const known = this.trackedIds;
    await this.change('remember where the report is', async (context) => {
      if (known === null || !(await trackAreaAt(context, placementId, range, known.has(placementId))))
        await trackArea(context, placementId, range);
    });
    this.trackedIds?.add(placementId);
  }

  get notesUnsupported(): string | null {
    return this.options.isSetSupported('ExcelApi', '1.18') ? null : NOTES_NEED_EXCEL_API;
  }

  async setNotes(notes: readonly CellNote[]): Promise<void> {
    const unsupported = this.notesUnsupported;
    if (unsupported !== null) throw new AddinError('host', unsupported);
    await this.run('update the report’s cell note', (context) => setNotesIn(context, notes));
  }

  async untrack(placementId: string): Promise<void> {
    await this.change('forget where the report was', (context) => untrackArea(context, placementId));
    this.trackedIds?.delete(placementId);
  }

  /** Whole sheet rows inserted in one sync; named items (the tracked areas) below move down with their cells. */
  insertRows(sheetId: string, beforeRow: number, count: number): Promise<void> {
    return this.change('insert rows below the report', async (context) => {
      context.workbook.worksheets.getItem(sheetId).getRangeByIndexes(beforeRow, 0, count, 1).getEntireRow().insert('Down');
      await context.sync();
    });
  }

  /** Whole sheet rows deleted in one sync; the rows below and their named items move up. */
  deleteRows(sheetId: string, fromRow: number, count: number): Promise<void> {
    return this.change('delete the rows the report no longer uses', async (context) => {
      context.workbook.worksheets.getItem(sheetId).getRangeByIndexes(fromRow, 0, count, 1).getEntireRow().delete('Up');
      await context.sync();
    });
  }
}

/** Per-cell bold from a range's one bold property (before ExcelApi 1.9): `null` (mixed) reads as not bold. */
function uniformBold(range: GridRange, bold: boolean | null | undefined): boolean[][] {
  return Array.from({ length: range.rows }, () => new Array<boolean>(range.cols).fill(bold === true));
}
