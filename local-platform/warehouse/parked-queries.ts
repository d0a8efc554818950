/**
 * Queries that answered Continue wait and keep running for the retries of their span, as the engine keeps executing a
 * query in the background: a retry takes the running query over instead of starting it again; one nobody takes expires.
 */

/** How long a parked query waits for a retry of its span before it is stopped. */
export const PARKED_QUERY_TTL_MS = 60_000;

interface Parked<T> {
  value: T;
  timer: NodeJS.Timeout;
}

export class ParkedQueries<T> {
  private readonly parked = new Map<string, Parked<T>>();

  /** Keeps `value` under `key` until a `take` or until `ttlMs` pass (then `expire(value)`); replaces (and expires) an older one. */
  park(key: string, value: T, expire: (value: T) => void, ttlMs = PARKED_QUERY_TTL_MS): void {
    const older = this.parked.get(key);
    if (older !== undefined) {
      clearTimeout(older.timer);
      expire(older.value);
    }
    const timer = setTimeout(() => {
      if (this.parked.get(key)?.timer === timer) this.parked.delete(key);
      expire(value);
    }, ttlMs);
    timer.unref();
    this.parked.set(key, { value, timer });
  }

  /** The value parked under `key`, removed from the store (the caller owns it now), or undefined. */
  take(key: string): T | undefined {
    const entry = this.parked.get(key);
    if (entry === undefined) return undefined;
    clearTimeout(entry.timer);
    this.parked.delete(key);
    return entry.value;
  }

  /** How many queries are parked. */
  get size(): number {
    return this.parked.size;
  }
}
