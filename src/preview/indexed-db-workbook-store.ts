/**
 * The workbook store over IndexedDB: the serialized workbook in one record (a large one in parts).
 * A workbook found in localStorage is migrated into IndexedDB once.
 */
import { PRODUCT_PREFIX } from '../core/wire/wire-names';
import { z } from 'zod';
import { IndexedDbMap, type IdbFactoryLike } from './indexed-db-map';
import type { KeyValueStorage } from '../browser/key-value-storage';
import { DAMAGED_WORKBOOK_KEY, WORKBOOK_STORAGE_KEY, type WorkbookStore } from './workbook-store';

/** The preview's IndexedDB database and its one object store. */
export const WORKBOOK_DATABASE = `${PRODUCT_PREFIX}.preview`;
export const WORKBOOK_OBJECT_STORE = 'workbook';

/**
 * Characters of the text stored in one record: a longer text is stored in parts (under `key#0`, `key#1`...) with a
 * record `{ parts }` under the key, each part cloned in a task of its own (one put of a 300,000 x 16 workbook's text
 * took up to 200 ms of the page).
 */
export const PART_CHARS = 4_000_000;

/** The record under the key of a text stored in parts. */
const partsRecordSchema = z.object({ parts: z.number().int().positive() });

const partKey = (key: string, i: number): string => `${key}#${i}`;

/** The concatenation of `texts` cut into parts of PART_CHARS characters (the last one shorter), each joined when asked for. */
function* partsOf(texts: readonly string[]): Generator<string, void, void> {
  let group: string[] = [];
  let size = 0;
  for (const text of texts) {
    for (let at = 0; at < text.length;) {
      const take = Math.min(text.length - at, PART_CHARS - size);
      group.push(at === 0 && take === text.length ? text : text.slice(at, at + take));
      size += take;
      at += take;
      if (size === PART_CHARS) {
        yield group.join('');
        group = [];
        size = 0;
      }
    }
  }
  if (size > 0) yield group.join('');
}

export class IndexedDbWorkbookStore implements WorkbookStore {
  readonly medium = 'indexedDB';

  /** `legacy`: the localStorage where a workbook may be saved (read once, then emptied of it); null to skip migration. */
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
    const value = await this.joinedParts(await this.map.get(this.key));
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

  /** The text in one transaction: in one record, or in parts when longer than PART_CHARS (parts of an earlier text removed). */
  write(text: string): Promise<void> {
    return this.writeParts([text]);
  }

  /** The concatenation of `texts`, as `write` stores it: each part is joined (or cut) and cloned in a task of its own. */
  writeParts(texts: readonly string[]): Promise<void> {
    const key = this.key;
    const chars = texts.reduce((n, t) => n + t.length, 0);
    const parts = chars > PART_CHARS ? partsOf(texts) : null;
    let calls = 0;
    let written = 0;
    let had = 0;
    let removed = -1;
    let recorded = false;
    // What is stored first (how many parts it has), then the new parts one by one, the old ones left over, the key's record.
    return this.map.sequence('readwrite', (store, previous) => {
      calls += 1;
      if (calls === 1) return store.get(key);
      if (calls === 2) {
        const stored = partsRecordSchema.safeParse(previous);
        had = stored.success ? stored.data.parts : 0;
      }
      const part = parts?.next();
      if (part !== undefined && part.done !== true) return store.put(part.value, partKey(key, written++));
      if (removed === -1) removed = written;
      if (removed < had) return store.delete(partKey(key, removed++));
      if (recorded) return null;
      recorded = true;
      return store.put(parts === null ? texts.join('') : { parts: written }, key);
    });
  }

  async setAside(value: unknown): Promise<string> {
    await this.map.put(this.damagedKey, value);
    return `IndexedDB database "${this.map.database}", key "${this.damagedKey}"`;
  }

  /** A text stored in parts joined again (a missing part leaves the record as it is: the loader sets it aside as unreadable). */
  private async joinedParts(value: unknown): Promise<unknown> {
    const stored = partsRecordSchema.safeParse(value);
    if (!stored.success) return value;
    const { parts } = stored.data;
    const key = this.key;
    const texts: string[] = [];
    let calls = 0;
    let whole = true;
    await this.map.sequence('readonly', (store, previous) => {
      calls += 1;
      if (calls > 1) {
        if (typeof previous === 'string') texts.push(previous);
        else whole = false;
      }
      return whole && texts.length < parts ? store.get(partKey(key, texts.length)) : null;
    });
    return whole ? texts.join('') : value;
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
