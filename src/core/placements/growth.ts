/**
 * A refresh under the placement's growth setting: with 'insertRows' whole sheet rows are inserted below the placement
 * before a taller result is written (undone when the write fails) and its surplus rows deleted when it shrinks.
 */
import { AddinError } from '../errors/addin-error';
import type { GridRange } from '../host';
import { growthOf, type GrowthSetting } from './growth-setting';
import type { PlacementArea } from './planner';
import { writePlacement, type WriteArgs, type WriteContext, type Written } from './write-phase';

/** Whole rows on one sheet: `count` rows from 0-based `row`. */
export interface RowSpan {
  sheetId: string;
  row: number;
  count: number;
}

/**
 * The rows to insert below `previous` so that a result of `newRows` rows fits without moving into the cells below, or
 * null when it is not taller. Another placement beside it that spans the first inserted row would be torn apart by the
 * insert: that refuses ('blocked'), naming it.
 */
export function rowsToInsert(previous: GridRange, newRows: number, others: readonly PlacementArea[], name: string): RowSpan | null {
  const count = newRows - previous.rows;
  if (count <= 0) return null;
  const row = previous.row + previous.rows;
  const split = others.find((a) => a.sheetId === previous.sheetId && a.row < row && row < a.row + a.rows);
  if (split) {
    const other = split.name ? `the report "${split.name}"` : 'another placed report';
    throw new AddinError(
      'blocked',
      `Rows cannot be inserted below "${name}": ${other} beside it spans those rows and would be split. Nothing was changed. Move one of them, or set "${name}" to ask or overwrite when it grows.`,
      { data: { placementId: split.placementId ?? null, otherPlacement: true, inPlace: true } },
    );
  }
  return { sheetId: previous.sheetId, row, count };
}

/**
 * The rows `previous` used that a result of `newRows` rows no longer needs, or null when it did not shrink or another
 * placement has cells in those rows (deleting them would cut into it: the rows are then only cleared).
 */
export function rowsToDelete(previous: GridRange, newRows: number, others: readonly GridRange[]): RowSpan | null {
  const count = previous.rows - newRows;
  if (count <= 0 || newRows <= 0) return null;
  const row = previous.row + newRows;
  const crossed = others.some((a) => a.sheetId === previous.sheetId && a.row < row + count && row < a.row + a.rows);
  return crossed ? null : { sheetId: previous.sheetId, row, count };
}

/** Refresh-time write arguments with the placement's growth setting. */
export interface GrowingWriteArgs extends WriteArgs {
  growth?: GrowthSetting | undefined;
  /** Awaited once the write lock is held, before any cell is read or written (see RunOptions.lockCheckpoint). */
  lockCheckpoint?: (() => Promise<void>) | undefined;
}

/**
 * Writes a refreshed result as its growth setting says: 'overwrite' writes over user cells (other placements still
 * block), 'insertRows' makes room below first and gives back the rows a shorter result leaves, 'ask' writes as an insert
 * does. All-or-nothing: a failed write deletes the rows it inserted, so everything below is back where it was.
 */
export async function writeGrowing(ctx: WriteContext, args: GrowingWriteArgs): Promise<Written> {
  const growth = growthOf(args);
  if (growth === 'overwrite') return writePlacement(ctx, { ...args, overwrite: true });
  if (growth !== 'insertRows' || args.target !== 'current') return writePlacement(ctx, args);
  const { host, pacing } = ctx;
  const layout = await pacing.call(() => host.layout());
  const previous = layout.areas[args.placementId] ?? null;
  if (!previous) return writePlacement(ctx, args);
  const others = await ctx.otherAreas(args.scope, layout, args.placementId);
  const inserted = rowsToInsert(previous, args.matrix.rows, others, args.name);
  if (inserted) await pacing.call(() => host.insertRows(inserted.sheetId, inserted.row, inserted.count));
  let written: Written;
  try {
    written = await writePlacement(ctx, args);
  } catch (e) {
    if (inserted) await undoInsert(ctx, inserted, e);
    throw e;
  }
  // Rows are deleted only once every leftover cell was the add-in's and cleared: never rows holding anyone else's cells.
  const surplus = written.keptLeftovers
    ? null
    : rowsToDelete(previous, args.matrix.rows, await ctx.otherAreas(args.scope, written.layout, args.placementId));
  // Best effort: the result is written and the surplus rows are already cleared; a refused delete only leaves them empty.
  if (surplus) await pacing.call(() => host.deleteRows(surplus.sheetId, surplus.row, surplus.count)).catch(() => undefined);
  return written;
}

/** Deletes the rows inserted for a write that then failed; when that fails too the error says the rows are still there. */
async function undoInsert(ctx: WriteContext, rows: RowSpan, original: unknown): Promise<void> {
  try {
    await ctx.pacing.call(() => ctx.host.deleteRows(rows.sheetId, rows.row, rows.count));
  } catch (e) {
    const first = original instanceof Error ? original.message : String(original);
    throw new AddinError(
      'host',
      `Writing failed, and the ${rows.count} empty rows inserted for it could not be deleted again. Delete them, then refresh again. (${first})`,
      { cause: e, detail: e instanceof Error ? e.message : String(e), data: { rollbackFailed: true } },
    );
  }
}
