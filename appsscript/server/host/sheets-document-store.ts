/** The core's DocumentStore over document properties: the core's own keys (already prefixed "svc."), one property per value, several changes in one setProperties call, Apps Script's size limits checked before anything is written. */
import { AddinError } from '../../../src/core/wire/errors';
import type { DocumentStore } from '../../../src/core/host';
import type { BatchPropertyBag } from './sheets-services';
import { MAX_PROPERTY_STORE_BYTES, MAX_PROPERTY_VALUE_BYTES, storeBytes } from './property-limits';
import { utf8ByteLength } from '../../../src/core/ndjson/utf8-length';

export class SheetsDocumentStore implements DocumentStore {
  constructor(private readonly properties: BatchPropertyBag) {}

  async get(key: string): Promise<string | null> {
    return this.properties.getProperty(key);
  }

  async set(key: string, value: string): Promise<void> {
    await this.update({ [key]: value });
  }

  async entries(prefix: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.properties.getProperties())) if (k.startsWith(prefix)) out[k] = v;
    return out;
  }

  /** All or nothing as far as the limits go: a value past 9 KB or a store past 500 KB is refused before any write. */
  async update(changes: Record<string, string | null>): Promise<void> {
    const after = { ...this.properties.getProperties() };
    const sets: Record<string, string> = {};
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) {
        delete after[key];
        continue;
      }
      const bytes = utf8ByteLength(value);
      if (bytes > MAX_PROPERTY_VALUE_BYTES)
        throw new AddinError(
          'limit',
          `Could not save ${key} in this spreadsheet: it needs ${(bytes / 1024).toFixed(1)} KB and Google Sheets keeps at most 9 KB per entry. Nothing was changed.`,
          { data: { key, bytes } },
        );
      after[key] = value;
      sets[key] = value;
    }
    const total = storeBytes(after);
    if (total > MAX_PROPERTY_STORE_BYTES)
      throw new AddinError(
        'limit',
        "The add-in's storage in this spreadsheet is full (500 KB). Remove reports you no longer need, then try again. Nothing was changed.",
        { data: { bytes: total } },
      );
    if (Object.keys(sets).length > 0) this.properties.setProperties(sets);
    for (const [key, value] of Object.entries(changes)) if (value === null) this.properties.deleteProperty(key);
  }
}
