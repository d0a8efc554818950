/** The state of one "Refresh all" run as the pane tracks it: its placements, each item's state, and the counts shown. */
import type { JobItemState, RefreshAllSummary } from '../core/service/addin-service';

export interface RefreshAllRun {
  jobId: string;
  ids: string[];
  items: Record<string, JobItemState>;
  running: boolean;
  stopping: boolean;
  /** When the run started (pane clock, ms): a placement refreshed since was refreshed, whatever a late "stopped" says. */
  startedAtMs: number;
  /** Started outside the pane (Excel's ribbon): the list shows it in place of what its cards said before. */
  outside?: boolean;
}

export interface RunCounts {
  total: number;
  done: number;
  failed: number;
  stopped: number;
  /** Not refreshed because their cells were edited by hand. */
  skipped: number;
  /** done + failed + stopped + skipped */
  finished: number;
}

export function startRun(jobId: string, ids: readonly string[], startedAtMs = 0): RefreshAllRun {
  const items: Record<string, JobItemState> = {};
  for (const id of ids) items[id] = { state: 'queued' };
  return { jobId, ids: [...ids], items, running: true, stopping: false, startedAtMs };
}

/** A run started outside the pane (the ribbon): its placements queued, those it settled up front as it says. */
export function adoptRun(
  jobId: string,
  ids: readonly string[],
  settled: ReadonlyArray<{ placementId: string; item: JobItemState }>,
  startedAtMs: number,
): RefreshAllRun {
  let run: RefreshAllRun = { ...startRun(jobId, ids, startedAtMs), outside: true };
  for (const { placementId, item } of settled) run = withItem(run, placementId, item);
  return run;
}

/**
 * The state a card shows for a run's item: as the run says, except that an item the run calls stopped but whose cells
 * were refreshed after the run started (`refreshedAt`) shows as done, so a card never says "Not refreshed" beside
 * "refreshed just now".
 */
export function itemStateOf(run: RefreshAllRun, placementId: string, refreshedAt: string | null): JobItemState | undefined {
  const item = run.ids.includes(placementId) ? run.items[placementId] : undefined;
  if (item?.state !== 'stopped' || refreshedAt === null) return item;
  const at = Date.parse(refreshedAt);
  return !Number.isNaN(at) && run.startedAtMs > 0 && at >= run.startedAtMs ? { state: 'done', dataRows: 0, cols: 0 } : item;
}

export function withItem(run: RefreshAllRun, placementId: string, item: JobItemState): RefreshAllRun {
  if (!run.ids.includes(placementId)) return run;
  return { ...run, items: { ...run.items, [placementId]: item } };
}

/** Ends the run with the service's summary; items still queued or running when it ends count as stopped. */
export function finishRun(run: RefreshAllRun, summary: RefreshAllSummary | null): RefreshAllRun {
  const items = { ...run.items };
  for (const { placementId, item } of summary?.items ?? []) if (run.ids.includes(placementId)) items[placementId] = item;
  for (const id of run.ids) {
    const s = items[id]?.state;
    if (s === undefined || s === 'queued' || s === 'running' || s === 'writing') items[id] = { state: 'stopped' };
  }
  return { ...run, items, running: false, stopping: false };
}

export function countRun(run: RefreshAllRun): RunCounts {
  let done = 0;
  let failed = 0;
  let stopped = 0;
  let skipped = 0;
  for (const id of run.ids) {
    const s = run.items[id]?.state;
    if (s === 'done') done += 1;
    else if (s === 'failed') failed += 1;
    else if (s === 'stopped') stopped += 1;
    else if (s === 'skipped') skipped += 1;
  }
  return { total: run.ids.length, done, failed, stopped, skipped, finished: done + failed + stopped + skipped };
}

export function failedIds(run: RefreshAllRun): string[] {
  return run.ids.filter((id) => run.items[id]?.state === 'failed');
}

/** The run's placements it did not reach (stopped before their refresh began or ended): what Refresh the rest runs. */
export function stoppedIds(run: RefreshAllRun): string[] {
  return run.ids.filter((id) => run.items[id]?.state === 'stopped');
}

/** The run's placements skipped for hand edits, with the reason the service gave for each. */
export function skippedItems(run: RefreshAllRun): Array<{ placementId: string; reason: string }> {
  return run.ids.flatMap((placementId) => {
    const item = run.items[placementId];
    return item?.state === 'skipped' ? [{ placementId, reason: item.reason }] : [];
  });
}
