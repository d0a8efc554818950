/** Refresh-all job: queries run with bounded concurrency, writes go one placement at a time, Stop leaves cells intact. */
import type { CancelSignal } from '../runtime/cancel-signal';
import { internalError, isAddinError } from '../errors/addin-error';
import type { JobItemState, RefreshAllSummary } from './refresh-job-state';
import { JobScope } from './job-scope';
import type { Orchestrator } from '../placements/orchestrator';
import type { PlacementOutcome } from '../placements/placement-types';
import { isNeedsConfirmation, NEEDS_CONFIRMATION } from '../automation/placement-confirmations';

/** Workers when the caller names none. */
export const DEFAULT_REFRESH_CONCURRENCY = 3;

/**
 * Workers of a browser pane (preview, Excel): the platform runs 10 queries of a caller at once, and 6 keep the one write
 * lock busy while the next queries run (at 3 the lock waits for queries between writes of small results).
 */
export const PANE_REFRESH_CONCURRENCY = 6;

/**
 * Cells of fetched results waiting for the write lock beyond which no worker starts another query (a worker always may
 * when nothing waits): large results are written before more are fetched, so the heap holds a bounded number of them.
 */
export const DEFAULT_CELLS_IN_HAND = 2_000_000;

export interface RefreshAllOptions {
  /** Queries in flight at most (default DEFAULT_REFRESH_CONCURRENCY). */
  concurrency?: number;
  /** Cells of results waiting to be written beyond which no new query starts (default DEFAULT_CELLS_IN_HAND). */
  maxCellsInHand?: number;
  /** Stop: placements not yet started become 'stopped'; running ones are cancelled and keep their cells. */
  signal?: CancelSignal;
  onUpdate?: (placementId: string, item: JobItemState) => void;
  /** Awaited before each placement starts and before each write (a cancel asked for from another request is seen there). */
  checkpoint?: () => Promise<void>;
  /** 'skip' (default): a placement whose cells were edited by hand is left as it was, its item 'skipped'; 'overwrite' writes over them. */
  handEdits?: 'skip' | 'overwrite';
  /**
   * A run nobody clicked for (see RunOptions.unattended): a placement its key's owner has not placed or confirmed is left
   * alone, its item 'skipped' with `needsConfirmation`, before anything of it is read or fetched.
   */
  unattended?: boolean;
  /** Told each placement's outcome once it is written, and each one's error when it is not. */
  onOutcome?: (placementId: string, outcome: PlacementOutcome) => void;
  onError?: (placementId: string, error: unknown) => void;
}

/**
 * Refresh `placementIds` (duplicates ignored). The orchestrator's write lock makes writes one at a time, so
 * up to `concurrency` queries run while one placement writes, each worker's next query started while its previous
 * result waits for the lock. "Refresh failed" is a second call with the failed ids.
 * The placements share one job: the registry and the layout are read once, and every record is saved in one document
 * write when the job ends (stopped or not), so that N placements cost the host about 2N calls plus their blocks.
 */
export async function refreshAll(
  orchestrator: Pick<Orchestrator, 'refresh' | 'flush'>,
  placementIds: readonly string[],
  options: RefreshAllOptions = {},
): Promise<RefreshAllSummary> {
  const ids = [...new Set(placementIds)];
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_REFRESH_CONCURRENCY));
  const maxCellsInHand = options.maxCellsInHand ?? DEFAULT_CELLS_IN_HAND;
  const { signal } = options;
  const states = new Map<string, JobItemState>();
  const set = (id: string, item: JobItemState): void => {
    states.set(id, item);
    options.onUpdate?.(id, item);
  };
  for (const id of ids) set(id, { state: 'queued' });

  const scope = new JobScope();
  let next = 0;
  /** Workers the platform's answers allow: one fewer after each placement it refused as busy (429, 503), never none. */
  let allowed = concurrency;
  let active = 0;
  /** Cells of results fetched and not yet written, and the workers waiting for them to go below maxCellsInHand. */
  let cellsInHand = 0;
  let waitingForRoom: Array<() => void> = [];
  const room = async (): Promise<void> => {
    while (cellsInHand > 0 && cellsInHand >= maxCellsInHand) await new Promise<void>((resolve) => waitingForRoom.push(resolve));
  };
  const written = (cells: number): void => {
    cellsInHand -= cells;
    const waiting = waitingForRoom;
    waitingForRoom = [];
    for (const wake of waiting) wake();
  };
  /** One placement, start to end; `fetched` is told once its result is in hand (or it ended without one). */
  const refreshOne = async (id: string, fetched: () => void, previous: Promise<void>): Promise<void> => {
    set(id, { state: 'running' });
    let held = 0;
    try {
      const outcome = await orchestrator.refresh(id, {
        scope,
        ...(signal ? { signal } : {}),
        // The result waits for the worker's previous placement to be written, so the writes keep the worker's order.
        checkpoint: async (result) => {
          cellsInHand += (result?.cells ?? 0) - held;
          held = result?.cells ?? 0;
          fetched();
          await previous;
          await options.checkpoint?.();
        },
        // Seen again once the write lock is held: a Stop pressed while other placements wrote leaves this one's cells.
        lockCheckpoint: async () => {
          await options.checkpoint?.();
        },
        handEdits: options.handEdits === 'overwrite' ? 'overwrite' : 'stop',
        ...(options.unattended === true ? { unattended: true } : {}),
        onPhase: (phase) => {
          if (phase === 'writing') set(id, { state: 'writing' });
        },
      });
      options.onOutcome?.(id, outcome);
      set(id, { state: 'done', dataRows: outcome.areaRows - outcome.headerRows, cols: outcome.cols });
    } catch (e) {
      options.onError?.(id, e);
      if (isAddinError(e) && e.kind === 'cancelled') set(id, { state: 'stopped' });
      else if (isNeedsConfirmation(e)) set(id, { state: 'skipped', reason: NEEDS_CONFIRMATION, needsConfirmation: true });
      else if (isAddinError(e) && e.kind === 'handEdited') set(id, { state: 'skipped', reason: e.message });
      else if (isAddinError(e)) {
        set(id, { state: 'failed', kind: e.kind, message: e.message });
        if (e.status === 429 || e.status === 503) allowed = Math.max(1, allowed - 1);
      } else {
        const bug = internalError(e);
        set(id, { state: 'failed', kind: bug.kind, message: bug.message });
      }
    } finally {
      written(held);
      fetched();
    }
  };
  /**
   * A worker starts its next placement's query as soon as the current one's result is in hand and waits for the write
   * lock (fetch-ahead), but never holds more than one result waiting behind the one it writes: before starting a
   * placement it waits for the one before the current to be written, and for the results in hand to leave room.
   */
  const worker = async (): Promise<void> => {
    active += 1;
    let previous: Promise<void> = Promise.resolve();
    try {
      for (;;) {
        if (active > allowed) return;
        await room();
        const i = next;
        next += 1;
        const id = ids[i];
        if (id === undefined) return;
        await options.checkpoint?.();
        if (signal?.cancelled) {
          set(id, { state: 'stopped' });
          continue;
        }
        let fetched!: () => void;
        const inHand = new Promise<void>((resolve) => (fetched = resolve));
        const current = refreshOne(id, fetched, previous);
        await Promise.all([inHand, previous]);
        previous = current;
      }
    } finally {
      await previous;
      active -= 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, () => worker()));
  } finally {
    await orchestrator.flush(scope);
  }

  const items = ids.map((placementId) => ({ placementId, item: states.get(placementId) ?? { state: 'stopped' as const } }));
  const count = (s: JobItemState['state']): number => items.filter((x) => x.item.state === s).length;
  const unconfirmed = items.filter((x) => x.item.state === 'skipped' && x.item.needsConfirmation === true).length;
  return {
    total: ids.length,
    done: count('done'),
    failed: count('failed'),
    stopped: count('stopped'),
    skipped: count('skipped') - unconfirmed,
    ...(unconfirmed > 0 ? { needsConfirmation: unconfirmed } : {}),
    items,
  };
}
