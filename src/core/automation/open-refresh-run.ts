/** Refresh all when a workbook opens, for hosts whose page load is the open (the preview): run, then log it as 'open'. */
import type { DocumentStore } from '../host';
import type { AddinService, RefreshAllSummary } from '../service/addin-service';
import type { Clock } from '../runtime/clock';
import { loadAutomation } from './automation-settings';
import { recordRun } from './run-record';

const NONE: RefreshAllSummary = { total: 0, done: 0, failed: 0, stopped: 0, skipped: 0, items: [] };

/** Null when the switch is off or there is nothing to refresh; else the run's summary (a failed run is logged with its reason). */
export async function refreshAllOnOpen(
  store: DocumentStore,
  service: Pick<AddinService, 'listPlacements' | 'refreshAll'>,
  clock: Pick<Clock, 'now'>,
  newJobId: () => string,
): Promise<RefreshAllSummary | null> {
  if (!(await loadAutomation(store)).refreshOnOpen) return null;
  const placements = await service.listPlacements({ rights: false });
  // Placements whose cells were deleted are written nowhere: the list shows them as such.
  const ids = placements.filter((p) => p.rangeLabel !== null).map((p) => p.placementId);
  if (ids.length === 0) return null;
  const names = new Map(placements.map((p) => [p.placementId, p.name]));
  const startedAt = clock.now();
  let summary = NONE;
  let stopped: string | undefined;
  try {
    // Nobody clicked: only the placements the signed-in person placed or confirmed are fetched.
    summary = await service.refreshAll(ids, { jobId: newJobId(), unattended: true });
  } catch (e) {
    stopped = e instanceof Error ? e.message : 'Refresh all failed before it began.';
  }
  await recordRun(store, {
    trigger: 'open',
    startedAt,
    endedAt: clock.now(),
    summary,
    names,
    ...(stopped === undefined ? {} : { stopped }),
  });
  return summary;
}
