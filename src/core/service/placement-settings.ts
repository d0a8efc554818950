/** The service's placement settings: the growth setting, and the filter summary row and anchor note (context-settings.ts). */
import { AddinError } from '../errors/addin-error';
import type { Orchestrator } from '../placements/orchestrator';
import type { PlacementOutcome, RunOptions } from '../placements/placement-types';
import { growthSchema, type GrowthSetting } from '../placements/growth-setting';
import { contextChangeSchema, type ContextChange } from '../placements/context-settings';
import type { RunOutcome } from './addin-service';

/** What the settings need from the service: the orchestrator, a run as a job on the placement, and the list's refresh. */
export interface SettingsDeps {
  orchestrator(): Orchestrator;
  runOnPlacement(placementId: string, jobId: string, run: (opts: RunOptions) => Promise<PlacementOutcome>): Promise<RunOutcome>;
  changed(): void;
}

/** Keeps what the placement's refreshes do when the result grows (one record write; the cells are left as they are). */
export async function setPlacementGrowth(deps: SettingsDeps, placementId: string, growth: GrowthSetting): Promise<void> {
  const parsed = growthSchema.safeParse(growth);
  if (!parsed.success)
    throw new AddinError('validation', 'Choose what happens when rows are added below: ask, insert rows or overwrite.', {
      data: { growth: String(growth) },
    });
  await deps.orchestrator().setGrowth(placementId, parsed.data);
  deps.changed();
}

/**
 * Turns the filter summary row or the anchor note on or off. A summary change rewrites the placement as job `jobId`
 * (all-or-nothing, like a saved edit) and returns its outcome; a note change alone returns null.
 */
export async function setPlacementContext(
  deps: SettingsDeps,
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
      await deps.orchestrator().setContext(placementId, wanted);
      return null;
    }
    return await deps.runOnPlacement(placementId, jobId, async (opts) => {
      const outcome = await deps.orchestrator().setContext(placementId, wanted, opts);
      if (outcome === null) throw new AddinError('internal', 'The report was not written again.');
      return outcome;
    });
  } finally {
    deps.changed();
  }
}
