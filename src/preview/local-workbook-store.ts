/** The workbook store over localStorage: the fallback where IndexedDB is unavailable (about 5 MB per site; writes are synchronous). */
import type { KeyValueStorage } from '../browser/key-value-storage';
import { DAMAGED_WORKBOOK_KEY, WORKBOOK_STORAGE_KEY, type WorkbookStore } from './workbook-store';

export class LocalStorageWorkbookStore implements WorkbookStore {
  readonly medium = 'localStorage';

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly key: string = WORKBOOK_STORAGE_KEY,
    private readonly damagedKey: string = DAMAGED_WORKBOOK_KEY,
  ) {}

  async read(): Promise<unknown> {
    return this.storage.getItem(this.key);
  }

  /** Throws (QuotaExceededError) when the browser refuses. */
  write(text: string): void {
    this.storage.setItem(this.key, text);
  }

  async setAside(value: unknown): Promise<string> {
    this.storage.setItem(this.damagedKey, typeof value === 'string' ? value : String(value));
    return `localStorage key "${this.damagedKey}"`;
  }
}
