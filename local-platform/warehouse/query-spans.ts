/**
 * Per-span memory of the query API across requests: how many Continue wait answers a span has had (the
 * `continue-wait=N` fault) and when a span's simulated slow query started (the `delay-ms=N` fault), so that retries of
 * one user action see the query progress like the engine's background execution.
 */

/** Entries kept at most per map; the oldest go first. */
const MAX_ENTRIES = 10_000;

/** The span id of an `x-request-id` (`<spanId>-span-<n>`): the part before `-span-`, or the whole value. */
export function spanIdOf(requestId: string | undefined): string {
  if (requestId === undefined) return '';
  const at = requestId.indexOf('-span-');
  return at < 0 ? requestId : requestId.slice(0, at);
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) {
    const oldest = map.keys().next();
    if (oldest.done !== true) map.delete(oldest.value);
  }
}

export class QuerySpans {
  private readonly continueWaits = new Map<string, number>();
  private readonly slowStarts = new Map<string, number>();

  /**
   * Counts one request of `key` against a `continue-wait=N` fault: true while fewer than `n` Continue wait answers
   * were given for it (this request must answer Continue wait), false from the (N+1)th request on.
   */
  takeContinueWait(key: string, n: number): boolean {
    const given = this.continueWaits.get(key) ?? 0;
    if (given >= n) return false;
    remember(this.continueWaits, key, given + 1);
    return true;
  }

  /** Milliseconds the simulated slow query of `key` still needs, starting its clock at the first call. */
  remainingDelay(key: string, delayMs: number, nowMs: number): number {
    let start = this.slowStarts.get(key);
    if (start === undefined) {
      start = nowMs;
      remember(this.slowStarts, key, start);
    }
    return Math.max(0, start + delayMs - nowMs);
  }

  /** The simulated query of `key` delivered its result: a later request of the span starts a new one. */
  finishDelay(key: string): void {
    this.slowStarts.delete(key);
  }
}
