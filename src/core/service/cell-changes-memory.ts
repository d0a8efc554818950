/** What this session knows about each placement's cells: hand edits found, and what its last refresh changed (for the list). */
import { isAddinError } from '../errors/addin-error';
import type { GridRange } from '../host';
import { changeSummaryText, type ChangeSummary } from '../changes/change-summary';
import { handEditsSummary, type HandEdits } from '../placements/hand-edits';
import type { ChangesView, HandEditsView } from './addin-service';

/** A change summary as the pane is told it. */
export function changesViewOf(s: ChangeSummary): ChangesView {
  return {
    text: changeSummaryText(s),
    changedCells: s.changedCells,
    rowsAdded: s.rowsAdded,
    rowsRemoved: s.rowsRemoved,
    colsAdded: s.colsAdded,
    colsRemoved: s.colsRemoved,
  };
}

/** The hand edits named in a 'handEdited' error's data, or null when the data is not that shape. */
function handEditsOfError(data: Record<string, unknown>): HandEditsView | null {
  const { text, count, exact } = data;
  if (typeof text !== 'string' || typeof count !== 'number' || typeof exact !== 'boolean') return null;
  return { text, count, exact };
}

export class CellChangesMemory {
  private readonly handEdits = new Map<string, HandEditsView>();
  private readonly changes = new Map<string, { view: ChangesView; ranges: GridRange[] }>();

  /**
   * A run wrote the placement's cells: the hand edits there are `handEdits` (those an undo put back), none otherwise;
   * `changes` is what it changed (absent: an insert or an undo).
   */
  written(placementId: string, changes: ChangeSummary | undefined, handEdits?: HandEdits): void {
    if (handEdits) this.handEdits.set(placementId, handEditsSummary(handEdits));
    else this.handEdits.delete(placementId);
    if (changes) this.changes.set(placementId, { view: changesViewOf(changes), ranges: changes.ranges });
    else this.changes.delete(placementId);
  }

  /** A run failed: a 'handEdited' refusal tells the placement's hand edits. */
  failed(placementId: string, error: unknown): void {
    if (!isAddinError(error) || error.kind !== 'handEdited') return;
    const view = handEditsOfError(error.data);
    if (view) this.handEdits.set(placementId, view);
  }

  /** The hand edits of every placement checked (`checked`), as `found` has them (absent: none). */
  checked(checked: readonly string[], found: ReadonlyMap<string, HandEdits>): void {
    for (const id of checked) {
      const f = found.get(id);
      if (f) this.handEdits.set(id, handEditsSummary(f));
      else this.handEdits.delete(id);
    }
  }

  /** The placement's cells were restored or it was removed: what its last refresh changed no longer applies. */
  forget(placementId: string): void {
    this.handEdits.delete(placementId);
    this.changes.delete(placementId);
  }

  /** The signed-in account changed (sign out, sign in): what its refreshes changed is not shown to the next one. */
  forgetChanges(): void {
    this.changes.clear();
  }

  handEditsOf(placementId: string): HandEditsView | null {
    return this.handEdits.get(placementId) ?? null;
  }

  changesOf(placementId: string): ChangesView | null {
    return this.changes.get(placementId)?.view ?? null;
  }

  /** The changed cells and added rows and columns of the last refresh, to select; null when none is known. */
  changedRanges(placementId: string): GridRange[] | null {
    return this.changes.get(placementId)?.ranges ?? null;
  }
}
