/** Picks where the page keeps its workbook: IndexedDB when the browser offers it, else localStorage (some private modes). */
import type { IdbFactoryLike } from './indexed-db-map';
import { IndexedDbWorkbookStore } from './indexed-db-workbook-store';
import type { KeyValueStorage } from '../browser/key-value-storage';
import { LocalStorageWorkbookStore } from './local-workbook-store';
import type { WorkbookStore } from './workbook-store';

export interface BrowserStorages {
  /** window.indexedDB (absent, or throwing on access, in some contexts). */
  readonly indexedDB?: IdbFactoryLike | null;
  readonly localStorage: KeyValueStorage;
}

export async function openBrowserWorkbookStore(env: BrowserStorages): Promise<WorkbookStore> {
  let factory: IdbFactoryLike | null | undefined;
  try {
    factory = env.indexedDB;
  } catch {
    factory = null;
  }
  if (factory) {
    try {
      return await IndexedDbWorkbookStore.open(factory, env.localStorage);
    } catch {
      // No IndexedDB here (e.g. a private window that refuses it): localStorage, with its size limit.
    }
  }
  return new LocalStorageWorkbookStore(env.localStorage);
}
