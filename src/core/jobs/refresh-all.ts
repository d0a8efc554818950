/** Refresh-all job: queries run with bounded concurrency, writes go one placement at a time, Stop leaves cells intact. */
import type { CancelSignal } from '../runtime/cancel-signal';
import { internalError, isAddinError } from '../errors/addin-error';
import type { JobItemState, RefreshAllSummary } from './refresh-job-state';
import { JobScope } from './job-scope';
import type { Orchestrator } from '../placements/orchestrator';

export interface RefreshAllOptions {
  /** Queries in flight at most (default 3). */
  concurrency?: number;
  /** Stop: placements not yet started become 'stopped'; running ones are cancelled and keep their cells. */
  signal?: CancelSignal;
  onUpdate?: (placementId: string, item: JobItemState) => void;
  /** Awaited before each placement starts and before each write (a cancel asked for from another request is seen there). */
  checkpoint?: () => Promise<void>;
}

/**
 * Refresh `placementIds` (duplicates ignored). The orchestrator's write lock makes writes one at a time, so
 * up to `concurrency` queries run while one placement writes. "Retry failed" is a second call with the failed ids.
 * The placements share one job: the registry and the layout are read once, and every record is saved in one document
 * write when the job ends (stopped or not), so that N placements cost the host about 2N calls plus their blocks.
 */
export async function refreshAll(
  orchestrator: Pick<Orchestrator, 'refresh' | 'flush'>,
  placementIds: readonly string[],
  options: RefreshAllOptions = {},
): Promise<RefreshAllSummary> {
  const ids = [...new Set(placementIds)];
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 3));
  const { signal } = options;
  const states = new Map<string, JobItemState>();
  const set = (id: string, item: JobItemState): void => {
    states.set(id, item);
    options.onUpdate?.(id, item);
  };
  for (const id of ids) set(id, { state: 'queued' });

  const scope = new JobScope();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const i = next;
      next += 1;
      const id = ids[i];
      if (id === undefined) return;
      await options.checkpoint?.();
      if (signal?.cancelled) {
        set(id, { state: 'stopped' });
        continue;
      }
      set(id, { state: 'running' });
      try {
        const outcome = await orchestrator.refresh(id, {
          scope,
          ...(signal ? { signal } : {}),
          ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
          onPhase: (phase) => {
            if (phase === 'writing') set(id, { state: 'writing' });
          },
        });
        set(id, { state: 'done', dataRows: outcome.areaRows - outcome.headerRows, cols: outcome.cols });
      } catch (e) {
        if (isAddinError(e) && e.kind === 'cancelled') set(id, { state: 'stopped' });
        else if (isAddinError(e)) set(id, { state: 'failed', kind: e.kind, message: e.message });
        else {
          const bug = internalError(e);
          set(id, { state: 'failed', kind: bug.kind, message: bug.message });
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, () => worker()));
  } finally {
    await orchestrator.flush(scope);
  }

  const items = ids.map((placementId) => ({ placementId, item: states.get(placementId) ?? { state: 'stopped' as const } }));
  const count = (s: JobItemState['state']): number => items.filter((x) => x.item.state === s).length;
  return { total: ids.length, done: count('done'), failed: count('failed'), stopped: count('stopped'), skipped: count('skipped'), items };
}
