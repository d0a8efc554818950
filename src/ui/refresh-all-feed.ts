/** A feed of Refresh all runs started outside the pane (Excel's ribbon), which the pane adopts and shows as its own run. */
import type { JobItemState, RefreshAllSummary } from '../core/service/addin-service';

export interface OutsideRefreshAll {
  jobId: string;
  /** Every placement the run accounts for, in the list's order (placements already settled included). */
  placementIds: string[];
  /** Items settled before the run began: a placement whose cells were deleted fails without being refreshed. */
  settled: Array<{ placementId: string; item: JobItemState }>;
  /** The run's summary (the settled items counted in); rejects when the run as a whole failed. */
  summary: Promise<RefreshAllSummary>;
}

export interface RefreshAllFeed {
  /** Calls `listener` with the newest run at once (if any) and with each run published after; returns the unsubscribe. */
  subscribe(listener: (run: OutsideRefreshAll) => void): () => void;
}

export interface RefreshAllPublisher extends RefreshAllFeed {
  publish(run: OutsideRefreshAll): void;
}

/** A feed that keeps its newest run, so a pane that mounts after the run began (or ended) still shows it. */
export function createRefreshAllFeed(): RefreshAllPublisher {
  let newest: OutsideRefreshAll | null = null;
  const listeners = new Set<(run: OutsideRefreshAll) => void>();
  return {
    publish(run) {
      // The pane may never be shown: a run that failed as a whole must not become an unhandled rejection.
      run.summary.catch(() => undefined);
      newest = run;
      for (const listener of [...listeners]) listener(run);
    },
    subscribe(listener) {
      listeners.add(listener);
      if (newest !== null) listener(newest);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
