/** MemoryHost's stores: the document store over the model's settings (with Apps Script's caps) and a per-user credential store kept apart. */
import { AddinError } from '../errors/addin-error';
import type { CredentialStore, DocumentStore } from '../host';
import { utf8ByteLength } from '../ndjson/utf8-length';
import type { WorkbookModel } from './workbook-model';

/** Apps Script's caps on document properties: 9 KB per value, 500 KB per store (the smallest host's). */
export const DOCUMENT_STORE_LIMITS = { maxValueBytes: 9 * 1024, maxStoreBytes: 500 * 1024 };

/** The settings of the workbook model, as the host's document store (it travels with the workbook JSON). */
export class ModelDocumentStore implements DocumentStore {
  /** `caps`: the most a value and the whole store may take, in UTF-8 bytes of keys and values. */
  constructor(
    private readonly model: WorkbookModel,
    private readonly caps: { maxValueBytes: number; maxStoreBytes: number },
  ) {}
  async get(key: string): Promise<string | null> {
    return this.model.getSetting(key);
  }
  async set(key: string, value: string): Promise<void> {
    await this.update({ [key]: value });
  }
  async entries(prefix: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const key of this.model.settingKeys()) if (key.startsWith(prefix)) out[key] = this.model.getSetting(key) ?? '';
    return out;
  }
  /** All or nothing: a value or a store past the caps is refused with a 'limit' error and nothing is changed. */
  async update(changes: Record<string, string | null>): Promise<void> {
    let total = 0;
    for (const key of this.model.settingKeys()) {
      if (key in changes) continue;
      total += utf8ByteLength(key) + utf8ByteLength(this.model.getSetting(key) ?? '');
    }
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) continue;
      const bytes = utf8ByteLength(key) + utf8ByteLength(value);
      if (bytes > this.caps.maxValueBytes)
        throw new AddinError(
          'limit',
          `The document setting ${key} would take ${bytes} bytes; a setting holds at most ${this.caps.maxValueBytes}.`,
        );
      total += bytes;
    }
    if (total > this.caps.maxStoreBytes)
      throw new AddinError(
        'limit',
        `The document's settings would take ${total} bytes; the document holds at most ${this.caps.maxStoreBytes}.`,
      );
    for (const [key, value] of Object.entries(changes)) this.model.setSetting(key, value);
  }
  keys(): string[] {
    return this.model.settingKeys();
  }
}

/** Per-user secrets, kept apart from the document. */
export class MemoryCredentialStore implements CredentialStore {
  private readonly map = new Map<string, string>();
  async get(key: string): Promise<string | null> {
    return this.map.get(key) ?? null;
  }
  async set(key: string, value: string): Promise<void> {
    this.map.set(key, value);
  }
  async remove(key: string): Promise<void> {
    this.map.delete(key);
  }
  values(): string[] {
    return [...this.map.values()];
  }
}
