/** A large saved workbook goes to IndexedDB in parts, one put each (no single clone of the whole text), and reads back whole. */
import { IndexedDbWorkbookStore, PART_CHARS, WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE } from '../../src/preview/indexed-db-workbook-store';
import { WORKBOOK_STORAGE_KEY } from '../../src/preview/workbook-store';
import { FakeIndexedDb } from './fake-indexed-db';

const stored = (idb: FakeIndexedDb, key: string): unknown => idb.value(WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE, key);

describe('IndexedDbWorkbookStore parts', () => {
  it('stores a text longer than one part in parts no larger than PART_CHARS, reads it back whole, and drops parts a shorter text no longer needs', async () => {
    const idb = new FakeIndexedDb();
    // One put of more than a part is refused, since one clone of the whole text freezes the page.
    idb.quotaChars = PART_CHARS;
    const store = await IndexedDbWorkbookStore.open(idb, null);
    const long = 'a'.repeat(PART_CHARS) + 'b'.repeat(PART_CHARS) + 'c'.repeat(7);
    await store.write(long);
    expect(stored(idb, WORKBOOK_STORAGE_KEY)).toEqual({ parts: 3 });
    expect(stored(idb, `${WORKBOOK_STORAGE_KEY}#2`)).toBe('ccccccc');
    expect(await store.read()).toBe(long);
    expect(await (await IndexedDbWorkbookStore.open(idb, null)).read()).toBe(long);

    await store.write('{"short":true}');
    expect(stored(idb, WORKBOOK_STORAGE_KEY)).toBe('{"short":true}');
    for (const i of [0, 1, 2]) expect(stored(idb, `${WORKBOOK_STORAGE_KEY}#${i}`)).toBeUndefined();
    expect(await store.read()).toBe('{"short":true}');
  });

  it('stores texts given in pieces as parts of PART_CHARS, cut and joined across pieces, and removes parts an earlier, longer text left', async () => {
    const idb = new FakeIndexedDb();
    idb.quotaChars = PART_CHARS;
    const store = await IndexedDbWorkbookStore.open(idb, null);
    const piece = 'x'.repeat(PART_CHARS / 4 + 1);
    await store.writeParts(Array.from({ length: 11 }, (_, i) => piece + String(i % 10)));
    expect(stored(idb, WORKBOOK_STORAGE_KEY)).toEqual({ parts: 3 });
    await store.writeParts(['y'.repeat(PART_CHARS), 'z']);
    expect(stored(idb, WORKBOOK_STORAGE_KEY)).toEqual({ parts: 2 });
    expect(stored(idb, `${WORKBOOK_STORAGE_KEY}#1`)).toBe('z');
    expect(stored(idb, `${WORKBOOK_STORAGE_KEY}#2`)).toBeUndefined();
    expect(await store.read()).toBe('y'.repeat(PART_CHARS) + 'z');
  });

  it('hands a record whose part is missing to the loader as it is (it is set aside as unreadable)', async () => {
    const idb = new FakeIndexedDb();
    idb.seed(WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE, WORKBOOK_STORAGE_KEY, { parts: 2 });
    idb.seed(WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE, `${WORKBOOK_STORAGE_KEY}#0`, 'half');
    expect(await (await IndexedDbWorkbookStore.open(idb, null)).read()).toEqual({ parts: 2 });
  });
});
