/**
 * The write phase of a new flat placement whose rows are written band by band while its stream still arrives (the caller
 * holds the write lock throughout): each band's cells are read for rollback and checked for user cells and other
 * placements before it is written, the header row, the tracking and the widths come once the stream ended, and any
 * failure puts back every cell written so far.
 */
import { AddinError, internalError } from '../errors/addin-error';
import { planWriteBlocks } from '../cells/write-plan';
import type { Matrix } from '../cells/matrix';
import type { CellSnapshot, GridRange, Scalar, WorkbookLayout } from '../host';
import { createFingerprintBuilder, type FingerprintBuilder } from '../changes/fingerprint-builder';
import { DEFAULT_FINGERPRINT_BUDGET } from '../changes/fingerprint';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { JobScope } from '../jobs/job-scope';
import { intersect } from './grid-rect';
import { occupiedCells } from './occupied-cells';
import { throwIfAborted } from './placement-errors';
import { MAX_LISTED_CELLS, planPlacement, type PlacementArea } from './planner';
import type { RowBand, TimestampRuns } from './row-bands';
import { readSnapshots } from './snapshot-reads';
import { restoreSnapshots } from './write-transaction';
import type { WriteContext, Written } from './write-phase';

/** What a streamed write is given besides its bands. */
export interface StreamedWriteArgs {
  scope: JobScope;
  placementId: string;
  name: string;
  target: { sheetId: string; row: number; col: number };
  overwrite: boolean;
  signal: CancelSignal | undefined;
}

/** What the stream's end hands the write: the header row, the rows and the columns' final timestamp formats. */
export interface StreamEnd {
  header: { values: Scalar[]; formats: (string | null)[] };
  /** Data rows of the result. */
  dataRows: number;
  timestampFormats: readonly (string | null)[];
  /** The report's save, once the result is known to fit and before the header row is written. */
  commit: { save(): Promise<void>; restore(): Promise<void> };
}

/** A result being written band by band: begin, a band at a time, then finish (or roll back on any failure). */
export class StreamedWrite {
  private layout: WorkbookLayout | null = null;
  private sheetName = '';
  private others: PlacementArea[] = [];
  /** The snapshots of the bands checked, in order: each is read before its band is written, and put back on failure. */
  private readonly before: CellSnapshot[] = [];
  private readonly prints: FingerprintBuilder;
  private readonly overwritten: Array<{ row: number; col: number }> = [];
  private readonly timestamps: TimestampRuns[] = [];
  /** The first band that could not be written (user cells, another placement, past the grid): the plan names why at the end. */
  private refused: AddinError | null = null;

  constructor(
    private readonly ctx: WriteContext,
    private readonly args: StreamedWriteArgs,
    /** The result's columns (from its header). */
    private readonly cols: number,
  ) {
    this.prints = createFingerprintBuilder(cols, DEFAULT_FINGERPRINT_BUDGET);
  }

  /** Reads the layout afresh under the write lock, with the other placements' areas the result must keep clear of. */
  async begin(): Promise<void> {
    const { host, pacing } = this.ctx;
    throwIfAborted(this.args.signal);
    const layout = await pacing.call(() => host.layout());
    this.args.scope.setLayout(layout);
    const sheet = layout.sheets.find((s) => s.id === this.args.target.sheetId);
    if (!sheet) throw new AddinError('notFound', 'The target sheet no longer exists.');
    this.layout = layout;
    this.sheetName = sheet.name;
    this.others = await this.ctx.otherAreas(this.args.scope, layout, this.args.placementId);
    const { target } = this.args;
    if (this.cols < 1 || target.col + this.cols > host.limits.maxCols) this.refused = this.planError(1, []);
  }

  /** Checks and writes one band (the first also takes the header row's cells), then lets go of its rows. */
  async band(band: RowBand): Promise<void> {
    const { host, pacing } = this.ctx;
    throwIfAborted(this.args.signal);
    if (this.refused) return;
    const { target } = this.args;
    const top = band.first === 0 ? 0 : band.first + 1;
    const range: GridRange = {
      sheetId: target.sheetId,
      row: target.row + top,
      col: target.col,
      rows: band.first + 1 + band.rows.values.length - top,
      cols: this.cols,
    };
    if (!(await this.admit(range, band.first + 1 + band.rows.values.length))) return;
    const matrix: Matrix = { rows: band.rows.values.length, cols: this.cols, ...band.rows, headerRows: 0 };
    const at = { sheetId: target.sheetId, row: target.row + band.first + 1, col: target.col };
    for (const block of planWriteBlocks(matrix, at, host.limits)) await pacing.paced(() => host.writeBlock(block));
    band.rows.values.forEach((row, i) => this.prints.addRow(band.first + 1 + i, row));
    this.timestamps.push(...band.timestamps.map((t) => ({ ...t, runs: t.runs.map((r) => r + band.first + 1) })));
  }

  /**
   * The stream ended: the plan's refusal when a band was refused, else the report's save, the header row, the timestamp
   * formats a later row changed, the tracking and the widths.
   */
  async finish(end: StreamEnd): Promise<Written> {
    const { host, pacing } = this.ctx;
    const { target, placementId } = this.args;
    const rows = end.dataRows + 1;
    const area: GridRange = { sheetId: target.sheetId, row: target.row, col: target.col, rows, cols: this.cols };
    // A result of no rows has no band: its header row is checked here.
    if (this.before.length === 0 && !this.refused) await this.admit({ ...area, rows: 1 }, 1);
    if (this.refused) throw await this.refusal(area, this.refused);
    throwIfAborted(this.args.signal);
    await end.commit.save();
    try {
      const header: Matrix = { rows: 1, cols: this.cols, values: [end.header.values], formats: [end.header.formats], headerRows: 1 };
      for (const block of planWriteBlocks(header, target, host.limits)) await pacing.paced(() => host.writeBlock(block));
      this.prints.addRow(0, end.header.values);
      await this.settleTimestamps(end.timestampFormats);
      await pacing.call(() => host.trackArea(placementId, area));
    } catch (e) {
      await end.commit.restore().catch(() => undefined);
      throw e;
    }
    // Best effort: the cells are written; a host that cannot fit the widths leaves them as they were.
    await pacing.call(() => host.autofitColumns(area)).catch(() => undefined);
    const layout = this.layout as WorkbookLayout;
    const fingerprint = this.prints.finish(rows);
    return {
      plan: { write: area, clear: [], overwritten: this.overwritten },
      sheetName: this.sheetName,
      layout: { ...layout, areas: { ...layout.areas, [placementId]: area } },
      fingerprint,
      changes: null,
      previousArea: null,
      before: this.before,
    };
  }

  /** Puts back every cell written so far (nothing when no band was written); rethrows a failure to do so as such. */
  async rollback(error: unknown): Promise<void> {
    // A band's snapshot is kept before its first write: putting back one not yet written changes nothing.
    const written = this.before.splice(0, this.before.length);
    if (written.length > 0) await restoreSnapshots(this.ctx.host, this.ctx.pacing.paced, written, error);
  }

  /**
   * Reads `range` (kept for rollback) and checks it holds no user cell (unless overwriting) and no other placement;
   * false when it does, which refuses the write (the cells written so far are put back at once).
   */
  private async admit(range: GridRange, areaRows: number): Promise<boolean> {
    const snap = await this.read(range);
    const other = this.others.some((a) => intersect(range, a) !== null);
    const room = MAX_LISTED_CELLS - this.overwritten.length;
    const users = other ? [] : occupiedCells(snap, [range], this.args.overwrite ? room : 1);
    if (other || (!this.args.overwrite && users.length > 0)) {
      this.refused = this.planError(areaRows, users);
      await this.rollback(this.refused);
      return false;
    }
    this.overwritten.push(...users);
    this.before.push(snap);
    return true;
  }

  /** The refusal of the area from the anchor down `rows` rows with `occupied` in it (the plan of a refused band). */
  private planError(rows: number, occupied: ReadonlyArray<{ row: number; col: number }>): AddinError {
    try {
      this.plan({ rows, cols: this.cols }, occupied);
    } catch (e) {
      if (e instanceof AddinError) return e;
      throw e;
    }
    throw internalError(new Error('a refused band plans as fitting'));
  }

  private plan(newShape: { rows: number; cols: number }, occupied: ReadonlyArray<{ row: number; col: number }>): void {
    const { target } = this.args;
    planPlacement({
      sheetId: target.sheetId,
      anchor: target,
      newShape,
      previousArea: null,
      otherAreas: this.others,
      limits: this.ctx.host.limits,
      overwrite: this.args.overwrite,
      occupied,
      name: this.args.name,
    });
  }

  /**
   * Why a refused result cannot be placed, named as a write of the whole result names it: the whole area is read for
   * the user cells in it (the bands after the refused one were not). The band's own refusal if the area now fits.
   */
  private async refusal(area: GridRange, refused: AddinError): Promise<AddinError> {
    const { limits } = this.ctx.host;
    const inGrid = area.row + area.rows <= limits.maxRows && area.col + area.cols <= limits.maxCols && area.cols > 0;
    const snap = inGrid ? await this.read(area) : null;
    const occupied = snap ? occupiedCells(snap, [area], this.args.overwrite ? MAX_LISTED_CELLS : MAX_LISTED_CELLS + 1) : [];
    try {
      this.plan({ rows: area.rows, cols: area.cols }, occupied);
    } catch (e) {
      if (e instanceof AddinError) return e;
      throw e;
    }
    return refused;
  }

  /** Values, formats and bold of `range`, read in as few host calls as the read limits allow. */
  private async read(range: GridRange): Promise<CellSnapshot> {
    const { host, pacing } = this.ctx;
    const [snap] = await readSnapshots([range], pacing.readLimits(), (bands) => pacing.paced(() => host.snapshot(bands)));
    if (!snap) throw new AddinError('host', 'The spreadsheet returned no snapshot of the cells.');
    return snap;
  }

  /**
   * The timestamp cells of bands written before a later row changed their column's format: read back and written again
   * with the column's final format (a column's timestamps all show one format, as when the result is written at once).
   */
  private async settleTimestamps(finals: readonly (string | null)[]): Promise<void> {
    const { host, pacing } = this.ctx;
    const { target } = this.args;
    for (const t of this.timestamps) {
      const format = finals[t.col] ?? null;
      if (format === null || format === t.format) continue;
      for (let k = 0; k + 1 < t.runs.length; k += 2) {
        const first = t.runs[k] ?? 0;
        const range: GridRange = {
          sheetId: target.sheetId,
          row: target.row + first,
          col: target.col + t.col,
          rows: (t.runs[k + 1] ?? first) - first,
          cols: 1,
        };
        const snap = await this.read(range);
        const column: Matrix = { rows: range.rows, cols: 1, values: snap.values, formats: snap.values.map(() => [format]), headerRows: 0 };
        for (const block of planWriteBlocks(column, range, host.limits)) await pacing.paced(() => host.writeBlock(block));
      }
    }
  }
}
