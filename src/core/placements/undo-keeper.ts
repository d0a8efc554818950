/** Which refreshes can be undone: the undo entries kept within the runtime's cell budget, and why one cannot be. */
import { AddinError } from '../errors/addin-error';
import { groupDigits } from '../changes/cell-list-text';
import { UndoStore, type UndoEntries, type UndoEntry } from '../changes/undo-store';
import type { CellFingerprint } from '../changes/fingerprint';
import type { PlacementRecord } from './placement-record';

/** What an undo entry keeps besides the cells: the record as it was and the fingerprint stored with it then. */
export interface UndoState {
  record: PlacementRecord;
  print: CellFingerprint | null;
}

/**
 * How a runtime keeps undo entries: in memory up to `maxCells` cells; in a `store` of its own (one that outlives a
 * server execution), where `missing` says why an entry can be gone; or not at all (`unavailable` says why).
 */
export type UndoSetting = { maxCells: number } | { store: UndoEntries<UndoState>; missing: string } | { unavailable: string };

/** Whether Undo refresh can run now; `reason` when it cannot. */
export interface UndoAvailability {
  available: boolean;
  reason?: string;
}

/** Cells a browser runtime keeps for undo (every refresh's replaced cells together). */
export const BROWSER_UNDO_CELLS = 2_000_000;

export class UndoKeeper {
  private readonly store: UndoEntries<UndoState> | null;
  /** Why a placement's last refresh cannot be undone (too large, or not kept here). */
  private readonly reasons = new Map<string, string>();

  constructor(private readonly setting: UndoSetting) {
    this.store = 'maxCells' in setting ? new UndoStore<UndoState>(setting.maxCells) : 'store' in setting ? setting.store : null;
  }

  /** Why an entry is not there when nothing recorded a reason: the runtime keeps none, or its store can lose them. */
  private get standingReason(): string | undefined {
    if ('unavailable' in this.setting) return this.setting.unavailable;
    if ('missing' in this.setting) return this.setting.missing;
    return undefined;
  }

  /** Keeps what a refresh replaced, and says whether it can be undone. */
  keep(entry: UndoEntry<UndoState>): UndoAvailability {
    this.reasons.delete(entry.placementId);
    if (this.store === null) return this.refuse(entry.placementId, this.standingReason ?? '');
    const kept = this.store.keep(entry);
    if (kept.kept) return { available: true };
    if (kept.reason === 'notKept') return this.refuse(entry.placementId, kept.detail);
    return this.refuse(
      entry.placementId,
      `Too large to undo: the refresh replaced ${groupDigits(kept.cells)} cells, and the add-in keeps at most ${groupDigits(kept.budget)}.`,
    );
  }

  get(placementId: string): UndoEntry<UndoState> | null {
    return this.store?.get(placementId) ?? null;
  }

  /** The entry to undo, or why there is none. */
  require(placementId: string, name: string): UndoEntry<UndoState> {
    const entry = this.get(placementId);
    if (entry) return entry;
    const reason = this.reasons.get(placementId) ?? this.standingReason;
    throw new AddinError(
      'notFound',
      reason ? `The last refresh of "${name}" cannot be undone. ${reason}` : `There is no refresh of "${name}" to undo in this session.`,
      { data: { placementId } },
    );
  }

  /** Forget a placement's entry (undone, removed, or its cells rewritten another way). */
  drop(placementId: string): void {
    this.store?.drop(placementId);
    this.reasons.delete(placementId);
  }

  /** The state of each of `placementIds`, the store asked once for them all where it can be (a cache-backed one). */
  states(placementIds: readonly string[]): Map<string, UndoAvailability> {
    const kept = this.store?.kept?.(placementIds);
    return new Map(placementIds.map((id) => [id, this.stateOf(id, kept ? kept.has(id) : this.store?.has(id) === true)]));
  }

  private stateOf(placementId: string, kept: boolean): UndoAvailability {
    if (kept) return { available: true };
    const reason = this.reasons.get(placementId);
    return reason === undefined ? { available: false } : { available: false, reason };
  }

  private refuse(placementId: string, reason: string): UndoAvailability {
    this.reasons.set(placementId, reason);
    return { available: false, reason };
  }
}
