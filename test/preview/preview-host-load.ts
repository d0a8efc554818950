/** Page loads of a PreviewHost over a fake IndexedDB for the PreviewHost tests, and reads of what it saved. */
import { IndexedDbWorkbookStore, WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE } from '../../src/preview/indexed-db-workbook-store';
import { PreviewHost, WORKBOOK_STORAGE_KEY } from '../../src/preview/preview-host';
import { FakeIndexedDb } from './fake-indexed-db';
import { MemoryStorage } from './memory-storage';

let seq = 0;
export const mintWorkbookId = (): string => `wb-${++seq}`;

/** A page load: the IndexedDB store over `idb` (migrating from `local`), credentials in `local`. */
export async function load(idb: FakeIndexedDb, local: MemoryStorage = new MemoryStorage()): Promise<PreviewHost> {
  const store = await IndexedDbWorkbookStore.open(idb, local);
  return PreviewHost.open({ store, credentialStorage: local, mintWorkbookId });
}

export function saved(idb: FakeIndexedDb, key = WORKBOOK_STORAGE_KEY): unknown {
  return idb.value(WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE, key);
}

/** Lets pending promise callbacks (the fake's events) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}
