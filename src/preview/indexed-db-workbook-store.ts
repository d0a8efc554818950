/** The workbook store over IndexedDB: one record holding the serialized workbook, migrated once from localStorage where an older preview kept it. */
import { IndexedDbMap, type IdbFactoryLike } from './indexed-db-map';
import type { KeyValueStorage } from './key-value-storage';
import { DAMAGED_WORKBOOK_KEY, WORKBOOK_STORAGE_KEY, type WorkbookStore } from './workbook-store';

/** The preview's IndexedDB database and its one object store. */
export const WORKBOOK_DATABASE = 'svc.preview';
export const WORKBOOK_OBJECT_STORE = 'workbook';

export class IndexedDbWorkbookStore implements WorkbookStore {
  readonly medium = 'indexedDB';

  /** `legacy`: the localStorage an older preview saved the workbook in (read once, then emptied of it); null to skip migration. */
  constructor(
    private readonly map: IndexedDbMap,
    private readonly legacy: KeyValueStorage | null,
    private readonly key: string = WORKBOOK_STORAGE_KEY,
    private readonly damagedKey: string = DAMAGED_WORKBOOK_KEY,
  ) {}

  static async open(factory: IdbFactoryLike, legacy: KeyValueStorage | null): Promise<IndexedDbWorkbookStore> {
    return new IndexedDbWorkbookStore(await IndexedDbMap.open(factory, WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE), legacy);
  }

  /** The saved value; when IndexedDB holds none, a value left in localStorage is moved here (and removed there once written). */
  async read(): Promise<unknown> {
    const value = await this.map.get(this.key);
    const old = this.readLegacy();
    if (value !== undefined && value !== null) {
      // A copy left behind by a migration whose removal failed: IndexedDB is newer.
      if (old !== null) this.removeLegacy();
      return value;
    }
    if (old === null) return null;
    try {
      await this.map.put(this.key, old);
      this.removeLegacy();
    } catch {
      // Stays in localStorage; the next start tries again.
    }
    return old;
  }

  write(text: string): Promise<void> {
    return this.map.put(this.key, text);
  }

  async setAside(value: unknown): Promise<string> {
    await this.map.put(this.damagedKey, value);
    return `IndexedDB database "${this.map.database}", key "${this.damagedKey}"`;
  }

  private readLegacy(): string | null {
    try {
      return this.legacy?.getItem(this.key) ?? null;
    } catch {
      return null;
    }
  }

  private removeLegacy(): void {
    try {
      this.legacy?.removeItem(this.key);
    } catch {
      // Harmless: removed at the next start.
    }
  }
}
