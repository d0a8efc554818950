/** A hook owning the "Refresh all" run (kept by the shell, so it survives leaving the list for the editor): start, Stop, Retry failed. */
import { useCallback, useRef, useState } from 'react';
import type { RefreshAllSummary } from '../core/service/addin-service';
import { toErrorView } from './error-view';
import { usePaneEnv } from './pane-env';
import { failedIds, finishRun, startRun, withItem, type RefreshAllRun } from './refresh-all-run';
import { useServiceEvents } from './use-service-events';

export interface RefreshAllHandle {
  run: RefreshAllRun | null;
  /** Why the run as a whole failed (not the per-item failures); cancellation is not an error. */
  error: unknown;
  start(placementIds: string[]): void;
  stop(): void;
  retryFailed(): void;
  dismiss(): void;
  clearError(): void;
  /** Drops a placement from a finished run's display (e.g. it was refreshed on its own since). */
  forget(placementId: string): void;
}

export function useRefreshAll(): RefreshAllHandle {
  const { service, newJobId, clock } = usePaneEnv();
  const [run, setRun] = useState<RefreshAllRun | null>(null);
  const [error, setError] = useState<unknown>(null);
  const current = useRef<RefreshAllRun | null>(null);
  current.current = run;

  useServiceEvents((event) => {
    if (event.type !== 'item') return;
    setRun((r) => (r !== null && r.running && r.jobId === event.jobId ? withItem(r, event.placementId, event.item) : r));
  });

  const start = useCallback(
    (ids: string[]) => {
      if (ids.length === 0 || current.current?.running === true) return;
      const jobId = newJobId();
      setError(null);
      setRun(startRun(jobId, ids, clock.now()));
      service.refreshAll(ids, { jobId }).then(
        (summary: RefreshAllSummary) => setRun((r) => (r !== null && r.jobId === jobId ? finishRun(r, summary) : r)),
        (e: unknown) => {
          if (toErrorView(e).kind !== 'cancelled') setError(e);
          setRun((r) => (r !== null && r.jobId === jobId ? finishRun(r, null) : r));
        },
      );
    },
    [service, newJobId, clock],
  );

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

  const dismiss = useCallback(() => setRun((r) => (r !== null && r.running ? r : null)), []);
  const clearError = useCallback(() => setError(null), []);
  const forget = useCallback(
    (placementId: string) => setRun((r) => (r === null || r.running ? r : { ...r, ids: r.ids.filter((id) => id !== placementId) })),
    [],
  );

  return { run, error, start, stop, retryFailed, dismiss, clearError, forget };
}
