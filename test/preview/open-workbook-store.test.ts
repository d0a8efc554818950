/** openBrowserWorkbookStore: IndexedDB when the browser offers it, localStorage otherwise (absent, throwing, or refusing IndexedDB). */
import { PRODUCT_PREFIX } from '../../src/core/wire/wire-names';
import { openBrowserWorkbookStore } from '../../src/preview/open-workbook-store';
import { FakeIndexedDb } from './fake-indexed-db';
import { MemoryStorage } from './memory-storage';

describe('openBrowserWorkbookStore', () => {
  it('uses IndexedDB when it opens', async () => {
    const store = await openBrowserWorkbookStore({ indexedDB: new FakeIndexedDb(), localStorage: new MemoryStorage() });
    expect(store.medium).toBe('indexedDB');
  });

  it('falls back to localStorage without IndexedDB', async () => {
    const local = new MemoryStorage();
    const store = await openBrowserWorkbookStore({ localStorage: local });
    expect(store.medium).toBe('localStorage');
    store.write('text');
    expect(local.getItem(`${PRODUCT_PREFIX}.preview.workbook`)).toBe('text');
  });

  it.each(['throw', 'error'] as const)('falls back to localStorage when IndexedDB refuses to open (%s)', async (how) => {
    const idb = new FakeIndexedDb();
    idb.refuseOpen = how;
    expect((await openBrowserWorkbookStore({ indexedDB: idb, localStorage: new MemoryStorage() })).medium).toBe('localStorage');
  });

  it('falls back to localStorage when reading window.indexedDB throws', async () => {
    const env = {
      get indexedDB(): FakeIndexedDb {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      localStorage: new MemoryStorage(),
    };
    expect((await openBrowserWorkbookStore(env)).medium).toBe('localStorage');
  });
});
