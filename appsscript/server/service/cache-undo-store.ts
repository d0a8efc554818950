/**
 * Undo entries in the user cache, so Undo refresh works across Apps Script executions: per user, per spreadsheet and
 * placement, for up to 6 hours while the cache keeps them, within a cell budget one execution can write and read back.
 */
import { PRODUCT_PREFIX } from '../../../src/core/wire/wire-names';
import { cellsOf, type UndoEntries, type UndoEntry, type UndoKeep } from '../../../src/core/changes/undo-store';
import { parseUndoEntry, undoEntryText } from '../../../src/core/placements/undo-entry-json';
import type { UndoState } from '../../../src/core/placements/undo-keeper';
import type { CacheLike } from '../apps-script/apps-script-services';
import { CacheTextStore } from './cache-text-store';

/** Prefix of the undo keys in the user cache: `svc.undo.<spreadsheet id>.<placement id>`. */
export const UNDO_KEY_PREFIX = `${PRODUCT_PREFIX}.undo.`;

/**
 * Cells one refresh may replace and still be undone in Sheets. At roughly 10-30 characters a cell as JSON, 100,000 cells
 * are 1-3 MB: up to 100 parts of the cache's 1,000 items a user, written and parsed back well inside one execution.
 */
export const SHEETS_UNDO_CELLS = 100_000;

/** Why an entry can be missing: what the card and a refused Undo say. */
export const SHEETS_UNDO_MISSING =
  'Google Sheets keeps what a refresh replaced for up to 6 hours, and may let it go sooner: use Edit > Undo or the version history.';

export class CacheUndoStore implements UndoEntries<UndoState> {
  private readonly texts: CacheTextStore;

  constructor(
    cache: CacheLike,
    private readonly spreadsheetId: string,
    readonly maxCells: number = SHEETS_UNDO_CELLS,
  ) {
    this.texts = new CacheTextStore(cache);
  }

  private key(placementId: string): string {
    return `${UNDO_KEY_PREFIX}${this.spreadsheetId}.${placementId}`;
  }

  keep(entry: UndoEntry<UndoState>): UndoKeep {
    try {
      this.drop(entry.placementId);
      const cells = cellsOf(entry);
      if (cells > this.maxCells) return { kept: false, reason: 'tooLarge', cells, budget: this.maxCells };
      this.texts.set(this.key(entry.placementId), undoEntryText(entry));
      return { kept: true };
    } catch (e) {
      // The refresh is written: a cache that refuses the entry costs its undo, never the refresh.
      const detail = e instanceof Error ? e.message : String(e);
      return { kept: false, reason: 'notKept', detail: `Google Sheets' cache did not take what the refresh replaced (${detail}).` };
    }
  }

  get(placementId: string): UndoEntry<UndoState> | null {
    const text = this.texts.get(this.key(placementId));
    if (text === null) return null;
    const entry = parseUndoEntry(text);
    return entry?.placementId === placementId ? entry : null;
  }

  has(placementId: string): boolean {
    return this.texts.has(this.key(placementId));
  }

  /** One `getAll` of the entries' heads: the list asks for every placement at once. */
  kept(placementIds: readonly string[]): Set<string> {
    const found = this.texts.present(placementIds.map((id) => this.key(id)));
    return new Set(placementIds.filter((id) => found.has(this.key(id))));
  }

  drop(placementId: string): void {
    this.texts.remove(this.key(placementId));
  }
}
