/** A hook owning the "Refresh all" run (kept by the shell, so it outlives the editor): start, Stop, Refresh failed or the rest, a ribbon run. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefreshAllSummary } from '../core/service/addin-service';
import { toErrorView } from './error-view';
import { usePaneEnv } from './pane-env';
import { adoptRun, failedIds, finishRun, skippedItems, startRun, stoppedIds, withItem, type RefreshAllRun } from './refresh-all-run';
import { useServiceEvents } from './use-service-events';

export interface RefreshAllHandle {
  run: RefreshAllRun | null;
  /** Why the run as a whole failed (not the per-item failures); cancellation is not an error. */
  error: unknown;
  start(placementIds: string[]): void;
  stop(): void;
  retryFailed(): void;
  /** Refreshes the placements a finished run did not reach (stopped before their refresh). */
  refreshRest(): void;
  /** Refreshes the placements the finished run skipped for hand edits, writing over those edits. */
  overwriteSkipped(): void;
  dismiss(): void;
  clearError(): void;
  /** Drops a placement from a finished run's display (e.g. it was refreshed on its own since). */
  forget(placementId: string): void;
  /** The job of the newest run started outside the pane (the ribbon), or null: what the list showed before it is stale. */
  adoptedJobId: string | null;
  /** The account changed (sign out, sign in): the run and its summary go (a running one is stopped first). */
  reset(): void;
}

export function useRefreshAll(): RefreshAllHandle {
  const { service, newJobId, clock, refreshAllFeed } = usePaneEnv();
  const [run, setRun] = useState<RefreshAllRun | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [adoptedJobId, setAdoptedJobId] = useState<string | null>(null);
  const current = useRef<RefreshAllRun | null>(null);
  current.current = run;

  useServiceEvents((event) => {
    if (event.type !== 'item') return;
    setRun((r) => (r !== null && r.running && r.jobId === event.jobId ? withItem(r, event.placementId, event.item) : r));
  });

  /** Follows a run to its end: its summary finishes it; a failure of the whole run is shown (a cancellation is not). */
  const follow = useCallback((jobId: string, summary: Promise<RefreshAllSummary>) => {
    summary.then(
      (s) => setRun((r) => (r !== null && r.jobId === jobId ? finishRun(r, s) : r)),
      (e: unknown) => {
        if (toErrorView(e).kind !== 'cancelled') setError(e);
        setRun((r) => (r !== null && r.jobId === jobId ? finishRun(r, null) : r));
      },
    );
  }, []);

  const start = useCallback(
    (ids: string[], handEdits?: 'overwrite') => {
      if (ids.length === 0 || current.current?.running === true) return;
      const jobId = newJobId();
      setError(null);
      setRun(startRun(jobId, ids, clock.now()));
      follow(jobId, service.refreshAll(ids, handEdits === undefined ? { jobId } : { jobId, handEdits }));
    },
    [service, newJobId, clock, follow],
  );

  // A run started outside the pane (Excel's ribbon) becomes the pane's run: its progress, its summary, its failures.
  useEffect(() => {
    if (refreshAllFeed === null) return undefined;
    return refreshAllFeed.subscribe((outside) => {
      if (current.current?.jobId === outside.jobId) return;
      setError(null);
      // Failed before it began: no run to show, only why.
      if (outside.placementIds.length === 0) {
        outside.summary.catch((e: unknown) => toErrorView(e).kind !== 'cancelled' && setError(e));
        return;
      }
      const adopted = adoptRun(outside.jobId, outside.placementIds, outside.settled, clock.now());
      current.current = adopted;
      setRun(adopted);
      setAdoptedJobId(outside.jobId);
      follow(outside.jobId, outside.summary);
    });
  }, [refreshAllFeed, clock, follow]);

  const stop = useCallback(() => {
    const r = current.current;
    if (r === null || !r.running) return;
    setRun({ ...r, stopping: true });
    service.cancel(r.jobId).catch((e: unknown) => {
      setError(e);
      setRun((x) => (x !== null && x.jobId === r.jobId ? { ...x, stopping: false } : x));
    });
  }, [service]);

  const retryFailed = useCallback(() => {
    const r = current.current;
    if (r !== null && !r.running) start(failedIds(r));
  }, [start]);

  const refreshRest = useCallback(() => {
    const r = current.current;
    if (r !== null && !r.running) start(stoppedIds(r));
  }, [start]);

  const overwriteSkipped = useCallback(() => {
    const r = current.current;
    if (r !== null && !r.running)
      start(
        skippedItems(r).map((s) => s.placementId),
        'overwrite',
      );
  }, [start]);

  const dismiss = useCallback(() => setRun((r) => (r !== null && r.running ? r : null)), []);
  const reset = useCallback(() => {
    const r = current.current;
    if (r !== null && r.running) service.cancel(r.jobId).catch(() => undefined);
    current.current = null;
    setRun(null);
    setError(null);
  }, [service]);
  const clearError = useCallback(() => setError(null), []);
  const forget = useCallback(
    (placementId: string) => setRun((r) => (r === null || r.running ? r : { ...r, ids: r.ids.filter((id) => id !== placementId) })),
    [],
  );

  return { run, error, start, stop, retryFailed, refreshRest, overwriteSkipped, dismiss, clearError, forget, adoptedJobId, reset };
}
