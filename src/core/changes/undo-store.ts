/**
 * The last refresh of each placement, kept in memory so Undo refresh can put back exactly what it replaced: the cells'
 * values, formats and bold, the tracked area and the record as they were, within a budget of cells the host can afford.
 */
import type { CellSnapshot, GridRange } from '../host';

/** What one refresh replaced. */
export interface UndoEntry<R> {
  placementId: string;
  /** The cells before the refresh: the new area and the old area's leftovers, as the write transaction read them. */
  before: CellSnapshot[];
  /** The area the refresh wrote (what Undo writes back over). */
  written: GridRange;
  /** The tracked area before the refresh (`null`: it was not tracked yet). */
  area: GridRange | null;
  /** The placement's record before the refresh. */
  record: R;
  /** When the refresh ended (the clock's milliseconds). */
  at: number;
}

/** Whether an entry was kept; when not, because it passed the budget or because the store could not take it (`detail`). */
export type UndoKeep =
  { kept: true } | { kept: false; reason: 'tooLarge'; cells: number; budget: number } | { kept: false; reason: 'notKept'; detail: string };

/** Where undo entries are kept: this runtime's memory, or a store that outlives one server execution. */
export interface UndoEntries<R> {
  keep(entry: UndoEntry<R>): UndoKeep;
  /** The placement's entry, or `null` when there is none (never kept, dropped, expired or unreadable). */
  get(placementId: string): UndoEntry<R> | null;
  /** Whether an entry looks kept, without reading it whole (a cache-backed one may still be unreadable on `get`). */
  has(placementId: string): boolean;
  /** Which of `placementIds` have an entry that looks kept, in one read where the store allows it (see `has`). */
  kept?(placementIds: readonly string[]): Set<string>;
  drop(placementId: string): void;
}

/** Cells an entry holds: what the budget counts. */
export function cellsOf(entry: UndoEntry<unknown>): number {
  return entry.before.reduce((n, s) => n + s.range.rows * s.range.cols, 0);
}

/**
 * Entries per placement, newest last; the oldest are let go when the cells they hold pass the budget. A refresh larger
 * than the whole budget is not kept (the pane says it cannot be undone).
 */
export class UndoStore<R> implements UndoEntries<R> {
  private readonly entries = new Map<string, { entry: UndoEntry<R>; cells: number }>();
  private cells = 0;

  constructor(readonly maxCells: number) {}

  keep(entry: UndoEntry<R>): UndoKeep {
    this.drop(entry.placementId);
    const cells = cellsOf(entry);
    if (cells > this.maxCells) return { kept: false, reason: 'tooLarge', cells, budget: this.maxCells };
    for (const [id, held] of this.entries) {
      if (this.cells + cells <= this.maxCells) break;
      this.entries.delete(id);
      this.cells -= held.cells;
    }
    this.entries.set(entry.placementId, { entry, cells });
    this.cells += cells;
    return { kept: true };
  }

  get(placementId: string): UndoEntry<R> | null {
    return this.entries.get(placementId)?.entry ?? null;
  }

  has(placementId: string): boolean {
    return this.entries.has(placementId);
  }

  /** Forget a placement's entry (after it was undone, or when its cells change by another path). */
  drop(placementId: string): void {
    const held = this.entries.get(placementId);
    if (!held) return;
    this.entries.delete(placementId);
    this.cells -= held.cells;
  }

  /** Cells held now. */
  get heldCells(): number {
    return this.cells;
  }
}
