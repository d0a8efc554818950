/**
 * The ribbon's Refresh all: refreshes every placement through the shared runtime's service and always completes the event.
 * Failures are reported.
 */
import type { AddinService, RefreshAllSummary } from '../core/service/addin-service';

export interface RefreshAllCommandDeps {
  service: () => Promise<Pick<AddinService, 'listPlacements' | 'refreshAll'>>;
  newJobId: () => string;
  /** Brings the pane up so that its list shows which placements failed (Office.addin.showAsTaskpane). */
  showPane: () => Promise<void>;
  /** Where an outcome that the pane cannot show goes (the console of the runtime). */
  log: (message: string, detail?: unknown) => void;
}

export interface CommandEvent {
  completed(): void;
}

/** What the ribbon's click did; the pane's list shows the same per placement. */
export type RefreshAllOutcome = { kind: 'nothing' } | { kind: 'done'; summary: RefreshAllSummary } | { kind: 'failed'; error: unknown };

export function refreshAllCommand(deps: RefreshAllCommandDeps): (event: CommandEvent) => Promise<RefreshAllOutcome> {
  return async (event) => {
    let outcome: RefreshAllOutcome;
    try {
      const service = await deps.service();
      // As the pane's Refresh all: orphaned placements (their cells were deleted) are not written anywhere else.
      const ids = (await service.listPlacements()).filter((p) => p.rangeLabel !== null).map((p) => p.placementId);
      outcome =
        ids.length === 0 ? { kind: 'nothing' } : { kind: 'done', summary: await service.refreshAll(ids, { jobId: deps.newJobId() }) };
    } catch (error) {
      outcome = { kind: 'failed', error };
    }
    try {
      const partly = outcome.kind === 'done' && (outcome.summary.failed > 0 || outcome.summary.stopped > 0);
      if (outcome.kind === 'failed' || partly) {
        deps.log('Refresh all did not refresh every report.', outcome);
        await deps.showPane();
      }
    } catch (e) {
      deps.log('Refresh all could not open the pane to show its failures.', e);
    } finally {
      event.completed();
    }
    return outcome;
  };
}
