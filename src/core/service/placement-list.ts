/** The pane's list of placements: each placement's view with its bound cells, hand edits, last changes and undo state. */
import { JobScope } from '../jobs/job-scope';
import type { Orchestrator } from '../placements/orchestrator';
import type { PlacementListing } from '../placements/placement-types';
import type { PlacementView } from './addin-service';
import type { CellChangesMemory } from './cell-changes-memory';
import { parameterViewsOf, withParameterViews } from './parameter-views';
import { damagedView, placementView, type LastKnownReport } from './placement-view';

export interface PlacementListParts {
  orchestrator: Pick<Orchestrator, 'listing' | 'parameterStatuses' | 'undoStates' | 'confirmedIds'>;
  cells: Pick<CellChangesMemory, 'handEditsOf' | 'changesOf'>;
  lastKnown: ReadonlyMap<string, LastKnownReport>;
  isBusy: (placementId: string) => boolean;
  /** Why the host cannot keep cell notes (the anchor-note switch says it), or null. */
  notesUnsupported: string | null;
  /** Learns what the platform says of the listed placements before their views are made (report-rights.ts). */
  learn?: (scope: JobScope, placements: readonly PlacementListing[]) => Promise<void>;
}

/** Every placement's view (damaged records as failed placements): the registry, the layout and one snapshot of bound cells. */
export async function placementList(parts: PlacementListParts): Promise<PlacementView[]> {
  const scope = new JobScope();
  const { placements, damaged } = await parts.orchestrator.listing(scope);
  await parts.learn?.(scope, placements);
  const params = await parts.orchestrator.parameterStatuses(scope);
  const undo = parts.orchestrator.undoStates(placements.map((l) => l.record.placementId));
  const confirmed = await parts.orchestrator.confirmedIds(scope);
  return [
    ...placements.map((l) => {
      const id = l.record.placementId;
      const view = placementView(l, parts.lastKnown.get(id), parts.isBusy(id), parts.notesUnsupported);
      return {
        ...withParameterViews(view, parameterViewsOf(l.record, params)),
        handEdits: parts.cells.handEditsOf(id),
        lastChanges: parts.cells.changesOf(id),
        undo: undo.get(id) ?? { available: false },
        ...(confirmed.has(id) ? {} : { needsConfirmation: true }),
      };
    }),
    ...damaged.map(damagedView),
  ];
}
