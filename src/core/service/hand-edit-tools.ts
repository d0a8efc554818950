/** The service's tools on placed cells: check them for hand edits, locate those edits, select what a refresh changed. */
import { AddinError } from '../errors/addin-error';
import type { Orchestrator } from '../placements/orchestrator';
import { handEditRanges } from '../placements/hand-edits';
import type { CellChangesMemory } from './cell-changes-memory';

export class HandEditTools {
  constructor(
    private readonly orchestrator: Orchestrator,
    private readonly cells: CellChangesMemory,
    /** Tells the list its placements' hand-edit state changed. */
    private readonly changed: () => void,
  ) {}

  /** Selects the placement's cells edited by hand; none left: the list is told and the call fails saying so. */
  async locate(placementId: string): Promise<void> {
    const found = await this.orchestrator.handEdits([placementId]);
    this.cells.checked([placementId], found);
    const edits = found.get(placementId);
    if (!edits) {
      this.changed();
      throw new AddinError('notFound', 'No cells of this report differ from what the add-in last wrote there.', {
        data: { placementId },
      });
    }
    await this.orchestrator.selectRanges(handEditRanges(edits));
  }

  /** Selects the cells the placement's last refresh in this session changed that are still there. */
  async showChanges(placementId: string): Promise<void> {
    const ranges = this.cells.changedRanges(placementId);
    if (ranges === null)
      throw new AddinError('notFound', 'This report has not been refreshed in this session: there are no changes to show.', {
        data: { placementId },
      });
    if (ranges.length === 0)
      throw new AddinError(
        'notFound',
        `The last refresh changed no cells that are still there (${this.cells.changesOf(placementId)?.text ?? 'No changes'}).`,
        {
          data: { placementId },
        },
      );
    await this.orchestrator.selectRanges(ranges);
  }

  /** Checks every placement (the list opening): what it finds shows on the cards. */
  async checkAll(): Promise<void> {
    const { placements } = await this.orchestrator.listing();
    const found = await this.orchestrator.handEdits();
    this.cells.checked(
      placements.map((l) => l.record.placementId),
      found,
    );
    this.changed();
  }
}
