/** The capped document store: one byte rule (UTF-8 of key and value) for an entry and the store, all or nothing. */
import { CappedDocumentStore, entryBytes, type StoreBacking } from '../../src/core/capped-store';

function mapBacking(): StoreBacking & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: (key) => data.get(key) ?? null,
    all: () => Object.fromEntries(data),
    apply: (changes) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) data.delete(key);
        else data.set(key, value);
      }
    },
  };
}

it('counts the UTF-8 bytes of key and value against an entry and the store, and refuses without writing', async () => {
  expect(entryBytes('ké', '€')).toBe(6);
  const backing = mapBacking();
  const store = new CappedDocumentStore(backing, { maxValueBytes: 10, maxStoreBytes: 16 });
  await store.set('k', 'x'.repeat(9));
  await expect(store.set('kk', 'x'.repeat(9))).rejects.toMatchObject({ kind: 'limit', data: { key: 'kk', bytes: 11 } });
  await expect(store.update({ a: 'é'.repeat(3), b: 'y' })).rejects.toMatchObject({ kind: 'limit', data: { bytes: 19 } });
  expect(Object.fromEntries(backing.data)).toEqual({ k: 'x'.repeat(9) });
  await store.update({ k: null, a: 'é'.repeat(3), b: 'y' });
  expect(await store.entries('')).toEqual({ a: 'ééé', b: 'y' });
});
