/** The run-log entry of a Refresh all run with the sidebar closed (menu, on open, schedule), built from its saved state. */
import { recordRun } from '../../../src/core/automation/run-record';
import type { DocumentStore } from '../../../src/core/host';
import type { RefreshAllSummary } from '../../../src/core/jobs/refresh-job-state';
import type { AddinService } from '../../../src/core/service/addin-service';
import type { RefreshAllResume } from './refresh-all-resume';
import { NEEDS_CONFIRMATION } from '../../../src/core/automation/placement-confirmations';

const NO_REASON = 'See its card in the sidebar.';
const SKIPPED_REASON = 'Its cells were edited by hand: open the sidebar to locate them, then overwrite or skip.';

/** The state's counts as a summary: failed placements with their kept reasons, the ones not reached counted as stopped. */
export function summaryOfState(state: RefreshAllResume): RefreshAllSummary {
  const reasons = new Map(state.reasons.map((r) => [r.placementId, r.reason]));
  return {
    total: state.done.length + state.remaining.length,
    done: state.done.length - state.failed.length - state.skipped.length - state.unconfirmed.length,
    failed: state.failed.length,
    stopped: state.remaining.length,
    skipped: state.skipped.length,
    ...(state.unconfirmed.length > 0 ? { needsConfirmation: state.unconfirmed.length } : {}),
    items: [
      ...state.failed.map((placementId) => ({
        placementId,
        item: { state: 'failed' as const, kind: 'host' as const, message: reasons.get(placementId) ?? NO_REASON },
      })),
      ...state.skipped.map((placementId) => ({ placementId, item: { state: 'skipped' as const, reason: SKIPPED_REASON } })),
      ...state.unconfirmed.map((placementId) => ({
        placementId,
        item: { state: 'skipped' as const, reason: NEEDS_CONFIRMATION, needsConfirmation: true as const },
      })),
    ],
  };
}

const EMPTY: RefreshAllSummary = { total: 0, done: 0, failed: 0, stopped: 0, skipped: 0, items: [] };

/**
 * Appends the run to the log (and marks the cards of its failures); a log that cannot be written is not the run's
 * failure, so this never throws. `state` null: the run did not start (`stopped` says why).
 */
export async function recordUnattendedRun(
  deps: { service: Pick<AddinService, 'listPlacements'>; runLog: DocumentStore; now: () => number },
  state: RefreshAllResume | null,
  trigger: RefreshAllResume['trigger'],
  stopped?: string,
): Promise<void> {
  try {
    const names = new Map<string, string>();
    if (state !== null && state.failed.length + state.skipped.length > 0) {
      for (const p of await deps.service.listPlacements().catch(() => [])) names.set(p.placementId, p.name);
    }
    const now = deps.now();
    await recordRun(deps.runLog, {
      trigger,
      startedAt: state?.startedAt ?? now,
      endedAt: now,
      summary: state === null ? EMPTY : summaryOfState(state),
      names,
      ...(stopped === undefined ? {} : { stopped }),
    });
  } catch {
    // The toast and the cards still tell the outcome.
  }
}
