/** A hook running one cancellable service job at a time: mints its id, follows its progress events, and keeps its outcome or error. */
import { useCallback, useRef, useState } from 'react';
import { usePaneEnv } from './pane-env';
import { useServiceEvents } from './use-service-events';

export interface JobProgressState {
  rows: number;
  bytes: number;
  elapsedMs: number;
}

export type JobRunState<T> =
  | { phase: 'idle' }
  | { phase: 'running'; jobId: string; progress: JobProgressState | null; cancelling: boolean }
  | { phase: 'done'; result: T }
  | { phase: 'failed'; error: unknown };

export type JobOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface JobHandle<T> {
  status: JobRunState<T>;
  /** Runs `work` with a fresh job id; never rejects: the outcome is returned and kept in `status`. */
  run(work: (jobId: string) => Promise<T>): Promise<JobOutcome<T>>;
  cancel(): void;
  reset(): void;
}

export function useJob<T>(): JobHandle<T> {
  const { service, newJobId } = usePaneEnv();
  const [status, setStatus] = useState<JobRunState<T>>({ phase: 'idle' });
  const current = useRef<string | null>(null);

  useServiceEvents((event) => {
    if (event.type !== 'progress' || event.jobId !== current.current) return;
    setStatus((s) =>
      s.phase === 'running' && s.jobId === event.jobId
        ? { ...s, progress: { rows: event.rows, bytes: event.bytes, elapsedMs: event.elapsedMs } }
        : s,
    );
  });

  const run = useCallback(
    async (work: (jobId: string) => Promise<T>): Promise<JobOutcome<T>> => {
      const jobId = newJobId();
      current.current = jobId;
      setStatus({ phase: 'running', jobId, progress: null, cancelling: false });
      try {
        const result = await work(jobId);
        if (current.current === jobId) setStatus({ phase: 'done', result });
        return { ok: true, value: result };
      } catch (error) {
        if (current.current === jobId) setStatus({ phase: 'failed', error });
        return { ok: false, error };
      } finally {
        if (current.current === jobId) current.current = null;
      }
    },
    [newJobId],
  );

  const cancel = useCallback(() => {
    const jobId = current.current;
    if (jobId === null) return;
    setStatus((s) => (s.phase === 'running' ? { ...s, cancelling: true } : s));
    // A failed cancel leaves the job running; its own outcome (done or failed) is what the pane reports.
    void service.cancel(jobId).catch(() => setStatus((s) => (s.phase === 'running' ? { ...s, cancelling: false } : s)));
  }, [service]);

  const reset = useCallback(() => {
    current.current = null;
    setStatus({ phase: 'idle' });
  }, []);

  return { status, run, cancel, reset };
}
