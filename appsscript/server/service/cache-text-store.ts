/**
 * Text of any length kept in an Apps Script cache under one key, read back whole or not at all.
 * It is split into parts under the cache's 100 KB per value, never inside a surrogate pair.
 */
import type { CacheLike } from '../apps-script/apps-script-services';

/** The cache's longest keep (6 hours): past any execution and its resumptions. */
export const CACHE_TTL_SECONDS = 21600;
/** Characters per part: at most 3 UTF-8 bytes each (a pair of surrogates is 4 bytes for 2), so a part stays under 100 KB. */
export const PART_CHARS = 30_000;

export class CacheTextStore {
  constructor(
    private readonly cache: CacheLike,
    private readonly ttlSeconds: number = CACHE_TTL_SECONDS,
  ) {}

  get(key: string): string | null {
    const head = this.cache.get(key);
    if (head === null) return null;
    if (head.startsWith('=')) return head.slice(1);
    const parts = /^#(\d+)$/.exec(head);
    if (!parts) return null;
    let text = '';
    for (let i = 0; i < Number(parts[1]); i += 1) {
      const part = this.cache.get(`${key}.${i}`);
      // A part evicted before the head: the whole value counts as gone.
      if (part === null) return null;
      text += part;
    }
    return text;
  }

  /** Removes the text and its parts. */
  remove(key: string): void {
    const head = this.cache.get(key);
    this.cache.remove(key);
    const parts = head === null ? null : /^#(\d+)$/.exec(head);
    if (parts) for (let i = 0; i < Number(parts[1]); i += 1) this.cache.remove(`${key}.${i}`);
  }

  /** Whether a text is there (its head), without reading its parts. */
  has(key: string): boolean {
    return this.cache.get(key) !== null;
  }

  /** Which of `keys` have a text there (their heads, in one `getAll`). */
  present(keys: readonly string[]): Set<string> {
    return new Set(Object.keys(this.cache.getAll([...keys])));
  }

  set(key: string, text: string): void {
    if (text.length < PART_CHARS) {
      this.cache.put(key, `=${text}`, this.ttlSeconds);
      return;
    }
    const parts: string[] = [];
    for (let at = 0; at < text.length;) {
      let end = Math.min(text.length, at + PART_CHARS);
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
      parts.push(text.slice(at, end));
      at = end;
    }
    parts.forEach((part, i) => this.cache.put(`${key}.${i}`, part, this.ttlSeconds));
    // The head last: a reader never sees it before every part is there.
    this.cache.put(key, `#${parts.length}`, this.ttlSeconds);
  }
}
