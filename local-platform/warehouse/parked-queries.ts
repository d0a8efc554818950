/**
 * Queries that answered Continue wait and keep running for the retries of their span, as the engine keeps executing a
 * query in the background: a retry by the same caller takes the running query over instead of starting it again; one
 * nobody takes expires, and the store holds a bounded number (parking one more stops the oldest).
 */

/** How long a parked query waits for a retry of its span before it is stopped. */
export const PARKED_QUERY_TTL_MS = 60_000;

interface Parked<T> {
  caller: string;
  /** When it was parked (Date.now()). */
  at: number;
  value: T;
  expire: (value: T) => void;
  timer: NodeJS.Timeout;
}

export class ParkedQueries<T> {
  /** In parking order: the first entry is the oldest. */
  private readonly parked = new Map<string, Parked<T>>();

  constructor(private readonly maxParked: number = Infinity) {}

  /**
   * Keeps `value` of `caller` under `key` until a `take` by the same caller or until `ttlMs` pass (then
   * `expire(value)`); replaces (and expires) an older one under the key, and expires the oldest when the store is full.
   */
  park(caller: string, key: string, value: T, expire: (value: T) => void, ttlMs = PARKED_QUERY_TTL_MS): void {
    this.drop(this.entryKey(caller, key));
    while (this.parked.size >= Math.max(1, this.maxParked) && this.evictOldest() !== undefined);
    const entryKey = this.entryKey(caller, key);
    const timer = setTimeout(() => {
      if (this.parked.get(entryKey)?.timer === timer) this.drop(entryKey);
    }, ttlMs);
    timer.unref();
    this.parked.set(entryKey, { caller, at: Date.now(), value, expire, timer });
  }

  /** The value `caller` parked under `key`, removed from the store (the caller owns it now), or undefined. */
  take(caller: string, key: string): T | undefined {
    const entryKey = this.entryKey(caller, key);
    const entry = this.parked.get(entryKey);
    if (entry === undefined) return undefined;
    clearTimeout(entry.timer);
    this.parked.delete(entryKey);
    return entry.value;
  }

  /**
   * Expires the oldest parked query (of `caller` when given, parked at least `minAgeMs` ago); returns its caller, or
   * undefined when none was parked.
   */
  evictOldest(caller?: string, minAgeMs = 0): string | undefined {
    const now = Date.now();
    for (const [entryKey, entry] of this.parked) {
      if (caller !== undefined && entry.caller !== caller) continue;
      if (now - entry.at < minAgeMs) continue;
      this.drop(entryKey);
      return entry.caller;
    }
    return undefined;
  }

  /** Expires every parked query. */
  clear(): void {
    for (const entryKey of [...this.parked.keys()]) this.drop(entryKey);
  }

  /** How many queries are parked. */
  get size(): number {
    return this.parked.size;
  }

  private drop(entryKey: string): void {
    const entry = this.parked.get(entryKey);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    this.parked.delete(entryKey);
    entry.expire(entry.value);
  }

  /** The caller is part of the key: a span id reused by another caller finds nothing. */
  private entryKey(caller: string, key: string): string {
    return `${caller}\u0000${key}`;
  }
}
