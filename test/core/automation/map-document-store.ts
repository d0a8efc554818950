/** A document store over a plain map, capped like Apps Script's document properties (9 KB a value, 500 KB in all). */
import { CappedDocumentStore } from '../../../src/core/capped-store';

export function mapDocumentStore(map: Map<string, string> = new Map()): CappedDocumentStore & { map: Map<string, string> } {
  const store = new CappedDocumentStore({
    get: (key) => map.get(key) ?? null,
    all: () => Object.fromEntries(map),
    apply: (changes) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) map.delete(key);
        else map.set(key, value);
      }
    },
  });
  return Object.assign(store, { map });
}
