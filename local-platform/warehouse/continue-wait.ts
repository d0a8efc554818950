/**
 * Continue wait on a real query: wait for the first chunk until the hold's deadline; past it, park the running query
 * for a retry of the same span by the same caller (parked-queries.ts), or stop it when no retry could find it.
 */
import type { ParkedQueries } from './parked-queries';
import type { Opened, RunningQuery } from './running-query';

/** The answer that tells the client to retry the same span. */
export const CONTINUE_WAIT = Symbol('continue-wait');

/** Where a query past the hold is parked: the store, its caller and the key of its span, timezone and SQL. */
export interface ParkPlace {
  parked: ParkedQueries<RunningQuery>;
  caller: string;
  key: string;
}

/** Resolves after `ms` with CONTINUE_WAIT; `cancel` clears the timer. */
export function deadlineTimer(ms: number): { reached: Promise<typeof CONTINUE_WAIT>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const reached = new Promise<typeof CONTINUE_WAIT>((resolve) => {
    timer = setTimeout(() => resolve(CONTINUE_WAIT), Math.max(0, ms));
  });
  return { reached, cancel: () => clearTimeout(timer) };
}

/**
 * The query's first chunk, or CONTINUE_WAIT when `holdMs` pass first: the query is then parked at `place` (it keeps
 * running for a retry to take over) or, without a place, stopped. Rejects with the start's failure.
 */
export async function firstOrContinueWait(
  running: RunningQuery,
  holdMs: number,
  place: ParkPlace | null,
): Promise<Opened | typeof CONTINUE_WAIT> {
  const deadline = deadlineTimer(holdMs);
  const winner = await Promise.race([running.first, deadline.reached]).finally(deadline.cancel);
  if (winner !== CONTINUE_WAIT) return winner;
  if (place === null) running.stop();
  else place.parked.park(place.caller, place.key, running, (q) => q.stop());
  return CONTINUE_WAIT;
}
