/**
 * A strict fake of `CacheService`: string values up to 100 KB under keys up to 250 characters, expiring on the fake clock.
 * Expiry defaults to 600 s and is at most 6 hours.
 */
import { Execution } from './execution';

export const MAX_CACHE_VALUE_BYTES = 100 * 1024;
export const MAX_CACHE_KEY_CHARS = 250;
export const MAX_EXPIRATION_SECONDS = 21600;

export class FakeCache {
  readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(private readonly execution: Execution) {}

  private touch(method: string, key?: string): void {
    this.execution.call(`CacheService.Cache.${method}`, 'document', '');
    if (key !== undefined && (typeof key !== 'string' || key.length > MAX_CACHE_KEY_CHARS)) throw new Error('Argument too large: key');
  }

  get(key: string): string | null {
    this.touch('get', key);
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.expiresAt <= this.execution.now()) {
      this.entries.delete(key);
      return null;
    }
    return e.value;
  }
  put(key: string, value: string, expirationInSeconds = 600): void {
    this.touch('put', key);
    const v = String(value);
    if (Buffer.byteLength(v, 'utf8') > MAX_CACHE_VALUE_BYTES) throw new Error('Argument too large: value');
    if (!Number.isFinite(expirationInSeconds) || expirationInSeconds < 1) throw new Error('Invalid argument: expirationInSeconds');
    const seconds = Math.min(expirationInSeconds, MAX_EXPIRATION_SECONDS);
    this.entries.set(key, { value: v, expiresAt: this.execution.now() + seconds * 1000 });
  }
  remove(key: string): void {
    this.touch('remove', key);
    this.entries.delete(key);
  }
  getAll(keys: string[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const k of keys) {
      const v = this.get(k);
      if (v !== null) out[k] = v;
    }
    return out;
  }
  putAll(values: Record<string, string>, expirationInSeconds = 600): void {
    for (const [k, v] of Object.entries(values)) this.put(k, v, expirationInSeconds);
  }
  removeAll(keys: string[]): void {
    for (const k of keys) this.remove(k);
  }
}

export function fakeCacheService(execution: Execution) {
  const caches = { script: new FakeCache(execution), document: new FakeCache(execution), user: new FakeCache(execution) };
  const get = <T>(method: string, cache: T): T => {
    execution.call(`CacheService.${method}`, 'document', '');
    return cache;
  };
  const service = {
    getScriptCache: (): FakeCache => get('getScriptCache', caches.script),
    getDocumentCache: (): FakeCache | null => get('getDocumentCache', caches.document),
    getUserCache: (): FakeCache => get('getUserCache', caches.user),
  };
  return { service, caches };
}
