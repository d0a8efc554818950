/**
 * The write transaction: write a placement's blocks, clear what it leaves behind, track its area, and on any failure
 * put every snapshot back exactly (values, formats, bold). It is the part of a job the host adapters stress most.
 */
import type { CancelSignal } from '../runtime/cancel-signal';
import { AddinError, cancelledError } from '../wire/errors';
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
}

/** Writes, clears and tracks; on a failure after the first change, restores every snapshot and rethrows. */
export async function runWriteTransaction(host: SpreadsheetHost, call: HostCall, t: WriteTransaction): Promise<void> {
  let touched = false;
  try {
    for (const block of t.blocks) {
      if (t.signal?.cancelled) throw cancelledError();
      touched = true;
      await call(() => host.writeBlock(block));
    }
    if (t.leftovers.length > 0) {
      touched = true;
      await clearOwn(host, call, t.leftovers, t.own);
    }
    const track = t.track;
    if (track) await call(() => host.trackArea(track.placementId, track.range));
  } catch (e) {
    if (touched) await restoreSnapshots(host, call, t.snapshots, e);
    throw e;
  }
}

/** Clear the contents of the placement's cells in `cells` (their snapshots) in one call, then put the add-in's own formats and header bold there back to plain. */
export async function clearOwn(host: SpreadsheetHost, call: HostCall, cells: readonly CellSnapshot[], own: OwnArea | null): Promise<void> {
  if (cells.length === 0) return;
  await call(() => host.clear(cells.map((c) => c.range)));
  if (own === null) return;
  for (const snap of cells) {
    const plain = restyleLeftover(snap, own);
    if (plain) for (const block of planWriteBlocks(plain, snap.range, host.limits)) await call(() => host.writeBlock(block));
  }
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
