/** Which refreshes can be undone: the undo entries kept within the runtime's cell budget, and why one cannot be. */
import { AddinError } from '../errors/addin-error';
import { groupDigits } from '../changes/cell-list-text';
import { UndoStore, type UndoEntry } from '../changes/undo-store';
import type { CellFingerprint } from '../changes/fingerprint';
import type { PlacementRecord } from './placement-record';

/** What an undo entry keeps besides the cells: the record as it was and the fingerprint stored with it then. */
export interface UndoState {
  record: PlacementRecord;
  print: CellFingerprint | null;
}

/** How a runtime keeps undo entries: in memory up to `maxCells` cells, or not at all (`unavailable` says why). */
export type UndoSetting = { maxCells: number } | { unavailable: string };

/** Whether Undo refresh can run now; `reason` when it cannot. */
export interface UndoAvailability {
  available: boolean;
  reason?: string;
}

/** Cells a browser runtime keeps for undo (every refresh's replaced cells together). */
export const BROWSER_UNDO_CELLS = 2_000_000;

export class UndoKeeper {
  private readonly store: UndoStore<UndoState> | null;
  /** Why a placement's last refresh cannot be undone (too large, or not kept here). */
  private readonly reasons = new Map<string, string>();

  constructor(private readonly setting: UndoSetting) {
    this.store = 'maxCells' in setting ? new UndoStore<UndoState>(setting.maxCells) : null;
  }

  /** Keeps what a refresh replaced, and says whether it can be undone. */
  keep(entry: UndoEntry<UndoState>): UndoAvailability {
    this.reasons.delete(entry.placementId);
    if (this.store === null) return this.refuse(entry.placementId, 'unavailable' in this.setting ? this.setting.unavailable : '');
    const kept = this.store.keep(entry);
    if (kept.kept) return { available: true };
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
    const reason = this.reasons.get(placementId) ?? ('unavailable' in this.setting ? this.setting.unavailable : undefined);
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

  state(placementId: string): UndoAvailability {
    if (this.get(placementId)) return { available: true };
    const reason = this.reasons.get(placementId);
    return reason === undefined ? { available: false } : { available: false, reason };
  }

  private refuse(placementId: string, reason: string): UndoAvailability {
    this.reasons.set(placementId, reason);
    return { available: false, reason };
  }
}
