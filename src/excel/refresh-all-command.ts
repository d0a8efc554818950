/**
 * The ribbon's Refresh all (and refresh on open): refreshes every placement the signed-in person placed or confirmed,
 * hands the run to the pane, opens it on failures and on placements that need confirmation, always completes. It runs
 * as unattended although a click starts it: with the pane closed nobody sees which placements the workbook lists, so a
 * record another editor added must not be fetched with this person's key unseen.
 */
import type { AddinService, JobItemState, RefreshAllSummary } from '../core/service/addin-service';
import type { OutsideRefreshAll } from '../ui/refresh-all-feed';
import type { RunToRecord } from '../core/automation/run-record';

/** A finished run as the run log takes it (the caller knows what started it). */
export type CommandRun = Omit<RunToRecord, 'trigger'>;

export interface RefreshAllCommandDeps {
  service: () => Promise<Pick<AddinService, 'listPlacements' | 'refreshAll'>>;
  newJobId: () => string;
  /** Brings the pane up so that its list shows which placements failed (Office.addin.showAsTaskpane). */
  showPane: () => Promise<void>;
  /** Hands the run to the pane, which shows its progress and summary whenever it is or becomes visible. */
  announce: (run: OutsideRefreshAll) => void;
  /** Where an outcome that the pane cannot show goes (the console of the runtime). */
  log: (message: string, detail?: unknown) => void;
  /** Appends the finished run to the workbook's run log (absent: not logged). */
  record?: (run: CommandRun) => Promise<void>;
  /** Epoch ms, for the log entry's time and duration (default Date.now). */
  now?: () => number;
}

export interface CommandEvent {
  completed(): void;
}

/** What the ribbon's click did; the pane's list shows the same per placement. */
export type RefreshAllOutcome = { kind: 'nothing' } | { kind: 'done'; summary: RefreshAllSummary } | { kind: 'failed'; error: unknown };

/** A placement whose cells were deleted cannot be refreshed: the run counts it as failed, saying why. */
export const ORPHANED_ITEM: JobItemState = {
  state: 'failed',
  kind: 'notFound',
  message: 'Its cells were deleted: remove it, or insert the report again.',
};

/** The service's summary with the orphaned placements counted as failed, items in the list's order. */
export function withOrphans(summary: RefreshAllSummary, order: readonly string[], orphaned: readonly string[]): RefreshAllSummary {
  const items = [...summary.items, ...orphaned.map((placementId) => ({ placementId, item: ORPHANED_ITEM }))];
  items.sort((a, b) => order.indexOf(a.placementId) - order.indexOf(b.placementId));
  return { ...summary, total: summary.total + orphaned.length, failed: summary.failed + orphaned.length, items };
}

function announceFailure(deps: RefreshAllCommandDeps, error: unknown): void {
  try {
    const summary = Promise.reject(error);
    // The pane may not be listening: the failure is the command's outcome already, not an unhandled rejection.
    summary.catch(() => undefined);
    deps.announce({ jobId: deps.newJobId(), placementIds: [], settled: [], summary });
  } catch (e) {
    deps.log('Refresh all could not hand its failure to the pane.', e);
  }
}

/** The message of a run's failure, for the log (an error's message never holds a key). */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Refresh all failed before it began.';
}

const NONE: RefreshAllSummary = { total: 0, done: 0, failed: 0, stopped: 0, skipped: 0, items: [] };

export function refreshAllCommand(deps: RefreshAllCommandDeps): (event: CommandEvent) => Promise<RefreshAllOutcome> {
  return async (event) => {
    let outcome: RefreshAllOutcome;
    let announced = false;
    const now = deps.now ?? (() => Date.now());
    const startedAt = now();
    const names = new Map<string, string>();
    try {
      const service = await deps.service();
      const placements = await service.listPlacements({ rights: false });
      for (const p of placements) names.set(p.placementId, p.name);
      const order = placements.map((p) => p.placementId);
      // Orphaned placements (their cells were deleted) are written nowhere: they are counted as failed, not refreshed.
      const orphaned = placements.filter((p) => p.rangeLabel === null).map((p) => p.placementId);
      const ids = placements.filter((p) => p.rangeLabel !== null).map((p) => p.placementId);
      if (order.length === 0) outcome = { kind: 'nothing' };
      else {
        const jobId = deps.newJobId();
        const refreshed = ids.length === 0 ? Promise.resolve(NONE) : service.refreshAll(ids, { jobId, unattended: true });
        const summary = refreshed.then((s) => withOrphans(s, order, orphaned));
        deps.announce({
          jobId,
          placementIds: order,
          settled: orphaned.map((placementId) => ({ placementId, item: ORPHANED_ITEM })),
          summary,
        });
        announced = true;
        outcome = { kind: 'done', summary: await summary };
      }
    } catch (error) {
      outcome = { kind: 'failed', error };
      // Failed before a run began (no service, the list unreadable): the pane still says why, as the run's error.
      if (!announced) announceFailure(deps, error);
    }
    if (deps.record && outcome.kind !== 'nothing') {
      const run: CommandRun =
        outcome.kind === 'done'
          ? { startedAt, endedAt: now(), summary: outcome.summary, names }
          : { startedAt, endedAt: now(), summary: NONE, names, stopped: errorText(outcome.error) };
      await deps.record(run).catch((e: unknown) => deps.log('Refresh all could not write the run log.', e));
    }
    try {
      const s = outcome.kind === 'done' ? outcome.summary : null;
      const partly = s !== null && (s.failed > 0 || s.stopped > 0 || s.skipped > 0 || (s.needsConfirmation ?? 0) > 0);
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
