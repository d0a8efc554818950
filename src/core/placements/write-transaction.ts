/**
 * The write transaction: write a placement's blocks, clear what it leaves behind, track its area, and on any failure
 * put every snapshot back exactly (values, formats, bold). It is the part of a job the host adapters stress most.
 */
import type { CancelSignal } from '../runtime/cancel-signal';
import { AddinError, cancelledError } from '../errors/addin-error';
import type { Matrix } from '../cells/matrix';
import { planWriteBlocks } from '../cells/write-plan';
import type { CellSnapshot, GridRange, SpreadsheetHost, WriteBlock } from '../host';
import { restyleLeftover, type OwnArea } from './restyle';

/** Runs one host call (the orchestrator retries it while the host is busy). */
export type HostCall = <T>(call: () => Promise<T>) => Promise<T>;

export interface WriteTransaction {
  blocks: readonly WriteBlock[];
  /** Every range the transaction may touch, read before it starts: restored on failure. */
  snapshots: readonly CellSnapshot[];
  /** The snapshots of the placement's leftover cells (a subset of `snapshots`): cleared and restyled plain. */
  leftovers: readonly CellSnapshot[];
  /** The placement's previous area and header rows (its own formats and bold may be reset there). */
  own: OwnArea | null;
  /** The area to track, or null when the tracked area is already exactly it. */
  track: { placementId: string; range: GridRange } | null;
  signal: CancelSignal | undefined;
  /** A range whose columns' widths a host writing blocks together fits in the request of the last values. */
  autofit?: GridRange;
}

/** What the transaction did besides writing: whether the widths of `autofit` were fitted with the last values. */
export interface TransactionDone {
  autofitted: boolean;
}

/** Writes, clears and tracks; on a failure after the first change, restores every snapshot and rethrows. */
export async function runWriteTransaction(host: SpreadsheetHost, call: HostCall, t: WriteTransaction): Promise<TransactionDone> {
  let touched = false;
  /** The blocks written so far, while nothing else changed: a failure then puts back only those cells. */
  const written: GridRange[] = [];
  let all = false;
  let tracked = false;
  let autofitted = false;
  let cleared = false;
  try {
    if (host.writeBlocks) {
      // Leftovers that fit one clear go in the same call (one host batch: one undo step where the host merges a batch's
      // requests): their restyle blocks after the result's, their clear, the tracking and the widths with the last values.
      const leftovers = foldedLeftovers(host, t);
      const folded = leftovers !== null;
      const done = await writeTogether(host, call, { ...t, blocks: [...t.blocks, ...(leftovers?.blocks ?? [])] }, leftovers, (ranges) => {
        touched ||= ranges.length > 0;
        written.splice(0, written.length, ...ranges);
      });
      cleared = folded && done;
      tracked = folded && t.track !== null && done;
      autofitted = folded && t.autofit !== undefined && done;
    } else
      for (const block of t.blocks) {
        if (t.signal?.cancelled) throw cancelledError();
        touched = true;
        written.push(rangeOf(block));
        await call(() => host.writeBlock(block));
      }
    all = true;
    if (t.leftovers.length > 0 && !cleared) {
      touched = true;
      await clearOwn(host, call, t.leftovers, t.own);
    }
    const track = t.track;
    if (track && !tracked) await call(() => host.trackArea(track.placementId, track.range));
  } catch (e) {
    // A cancel (or failure) midway through the blocks restores the blocks written, not the whole area.
    if (touched) await restoreSnapshots(host, call, all ? t.snapshots : within(t.snapshots, written), e);
    throw e;
  }
  return { autofitted };
}

function rangeOf(block: WriteBlock): GridRange {
  return { sheetId: block.sheetId, row: block.row, col: block.col, rows: block.values.length, cols: block.values[0]?.length ?? 0 };
}

/** The leftovers' part of a write through host.writeBlocks: the blocks that restyle them plain, and the ranges to clear. */
interface FoldedLeftovers {
  blocks: WriteBlock[];
  clear: GridRange[];
}

/**
 * The leftovers as part of the blocks' call, or `null` when they hold more cells than one clear may (they are then
 * cleared in bands of their own after it, and the tracking follows on its own).
 */
function foldedLeftovers(host: SpreadsheetHost, t: WriteTransaction): FoldedLeftovers | null {
  const clear = t.leftovers.map((s) => s.range);
  if (clear.reduce((n, r) => n + r.rows * r.cols, 0) > host.limits.maxCellsPerWrite) return null;
  const blocks: WriteBlock[] = [];
  const own = t.own;
  if (own)
    for (const snap of t.leftovers) {
      const plain = restyleLeftover(snap, own);
      if (plain) blocks.push(...planWriteBlocks(plain, snap.range, host.limits));
    }
  return { blocks, clear };
}

/**
 * The blocks through host.writeBlocks (the leftovers' clear, the tracking and the widths with them when `folded` is
 * given); a retried call (a busy host) starts after the blocks written. `onTouched` is told the blocks whose cells may
 * have changed. True once done.
 */
async function writeTogether(
  host: SpreadsheetHost,
  call: HostCall,
  t: WriteTransaction,
  folded: FoldedLeftovers | null,
  onTouched: (ranges: GridRange[]) => void,
): Promise<boolean> {
  const writeBlocks = host.writeBlocks?.bind(host);
  if (!writeBlocks) return false;
  if (t.blocks.length === 0 && folded === null) return false;
  if (t.signal?.cancelled) throw cancelledError();
  let from = 0;
  let reach = 0;
  await call(() => {
    const start = from;
    return writeBlocks({
      blocks: t.blocks.slice(start),
      ...(t.signal ? { signal: t.signal } : {}),
      progress: ({ written, touched }) => {
        from = start + written;
        reach = Math.max(reach, start + touched);
        const ranges = t.blocks.slice(0, reach).map(rangeOf);
        // The clear goes with the last values: once they may be written, so may the cleared cells.
        onTouched(folded && reach >= t.blocks.length ? [...ranges, ...folded.clear] : ranges);
      },
      ...(folded && folded.clear.length > 0 ? { clear: folded.clear } : {}),
      ...(folded && t.track ? { track: t.track } : {}),
      ...(folded && t.autofit ? { autofit: t.autofit } : {}),
    });
  });
  return true;
}

/** The parts of `snapshots` inside `ranges` (on the same sheet), as snapshots of their own. */
export function within(snapshots: readonly CellSnapshot[], ranges: readonly GridRange[]): CellSnapshot[] {
  const out: CellSnapshot[] = [];
  for (const s of snapshots)
    for (const r of ranges) {
      const a = s.range;
      if (a.sheetId !== r.sheetId) continue;
      const row = Math.max(a.row, r.row);
      const col = Math.max(a.col, r.col);
      const rows = Math.min(a.row + a.rows, r.row + r.rows) - row;
      const cols = Math.min(a.col + a.cols, r.col + r.cols) - col;
      if (rows <= 0 || cols <= 0) continue;
      const i0 = row - a.row;
      const j0 = col - a.col;
      const at = { i0, j0, rows, cols };
      out.push({
        range: { sheetId: a.sheetId, row, col, rows, cols },
        values: cut(s.values, at),
        formats: cut(s.formats, at),
        bold: cut(s.bold, at),
      });
    }
  return out;
}

/**
 * Clear the contents of the placement's cells in `cells` (their snapshots), in one call when they fit a write's cell limit
 * and in bands of rows that do otherwise (each band its own call, so a long clear lets the host's page breathe between
 * them), then put the add-in's own formats and header bold there back to plain.
 */
export async function clearOwn(host: SpreadsheetHost, call: HostCall, cells: readonly CellSnapshot[], own: OwnArea | null): Promise<void> {
  if (cells.length === 0) return;
  for (const ranges of clearBands(
    cells.map((c) => c.range),
    host.limits.maxCellsPerWrite,
  ))
    await call(() => host.clear(ranges));
  if (own === null) return;
  for (const snap of cells) {
    const plain = restyleLeftover(snap, own);
    if (plain) for (const block of planWriteBlocks(plain, snap.range, host.limits)) await call(() => host.writeBlock(block));
  }
}

/** `ranges` in groups of at most `maxCells` cells, a range too big for one group cut into bands of whole rows. */
function clearBands(ranges: readonly GridRange[], maxCells: number): GridRange[][] {
  const total = ranges.reduce((n, r) => n + r.rows * r.cols, 0);
  if (total <= maxCells) return [[...ranges]];
  const out: GridRange[][] = [];
  for (const r of ranges) {
    const step = Math.max(1, Math.floor(maxCells / Math.max(1, r.cols)));
    for (let row = 0; row < r.rows; row += step) out.push([{ ...r, row: r.row + row, rows: Math.min(step, r.rows - row) }]);
  }
  return out;
}

/** The `rows` x `cols` part of `m` from row `i0`, column `j0`. */
function cut<T>(m: readonly (readonly T[])[], at: { i0: number; j0: number; rows: number; cols: number }): T[][] {
  return m.slice(at.i0, at.i0 + at.rows).map((line) => line.slice(at.j0, at.j0 + at.cols));
}

/** Write every snapshot back: values, formats and bold; a failure here (busy retries included) is reported as such. */
export async function restoreSnapshots(
  host: SpreadsheetHost,
  call: HostCall,
  snapshots: readonly CellSnapshot[],
  original: unknown,
): Promise<void> {
  try {
    for (const s of snapshots) {
      const m: Matrix = { rows: s.range.rows, cols: s.range.cols, values: s.values, formats: s.formats, headerRows: 0, bold: s.bold };
      for (const block of planWriteBlocks(m, s.range, host.limits)) await call(() => host.writeBlock(block));
    }
  } catch (e) {
    const first = original instanceof Error ? original.message : String(original);
    throw new AddinError(
      'host',
      `Writing failed, and the cells could not all be put back as they were. Check the area and refresh again. (${first})`,
      {
        cause: e,
        detail: e instanceof Error ? e.message : String(e),
        data: { rollbackFailed: true },
      },
    );
  }
}
