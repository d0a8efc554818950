/** The service's switch for a placement's filter summary row and anchor note (rules in placements/context-settings.ts). */
import { AddinError } from '../errors/addin-error';
import type { Orchestrator } from '../placements/orchestrator';
import type { PlacementOutcome, RunOptions } from '../placements/placement-types';
import { contextChangeSchema, type ContextChange } from '../placements/context-settings';
import type { RunOutcome } from './addin-service';

/** What the switch needs from the service: the orchestrator, a run as a job on the placement, and the list's refresh. */
export interface PlacementContextDeps {
  orchestrator: Pick<Orchestrator, 'setContext'>;
  runOnPlacement(placementId: string, jobId: string, run: (opts: RunOptions) => Promise<PlacementOutcome>): Promise<RunOutcome>;
  changed(): void;
}

/**
 * Turns the filter summary row or the anchor note on or off. A summary change rewrites the placement as job `jobId`
 * (all-or-nothing, like a saved edit) and returns its outcome; a note change alone returns null.
 */
export async function setPlacementContext(
  deps: PlacementContextDeps,
  placementId: string,
  change: ContextChange,
  jobId: string,
): Promise<RunOutcome | null> {
  const parsed = contextChangeSchema.safeParse(change);
  if (!parsed.success)
    throw new AddinError('validation', 'Turn the filter summary or the cell note on or off.', { data: { change: JSON.stringify(change) } });
  const wanted = parsed.data;
  try {
    if (wanted.filterSummary === undefined) {
      await deps.orchestrator.setContext(placementId, wanted);
      return null;
    }
    return await deps.runOnPlacement(placementId, jobId, async (opts) => {
      const outcome = await deps.orchestrator.setContext(placementId, wanted, opts);
      if (outcome === null) throw new AddinError('internal', 'The report was not written again.');
      return outcome;
    });
  } finally {
    deps.changed();
  }
}
