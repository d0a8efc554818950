/** A Map-backed stand-in for window.localStorage, with an optional size quota (characters) to exercise save failures. */
import type { KeyValueStorage } from '../../src/browser/key-value-storage';

export class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  /** Total characters of keys and values allowed; `Infinity` for no limit. */
  quota = Infinity;
  writes = 0;
  /** setItem calls, refused ones included. */
  attempts = 0;

  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.attempts += 1;
    let size = key.length + value.length;
    for (const [k, v] of this.map) if (k !== key) size += k.length + v.length;
    if (size > this.quota) {
      const e = new Error('The quota has been exceeded.');
      e.name = 'QuotaExceededError';
      throw e;
    }
    this.map.set(key, value);
    this.writes += 1;
  }

  removeItem(key: string): void {
    this.map.delete(key);
  }
}
