/** The capped document store: a DocumentStore over any key-value backing, refusing a change past the smallest host's caps. */
import { AddinError } from './errors/addin-error';
import type { DocumentStore } from './host';
import { utf8ByteLength } from './ndjson/utf8-length';

/** The most one entry and the whole store may take, in bytes of key and value (see entryBytes). */
export interface StoreCaps {
  maxValueBytes: number;
  maxStoreBytes: number;
}

/** Apps Script's caps on properties, the smallest host's: 9 KB an entry, 500 KB a store. */
export const DOCUMENT_STORE_CAPS: Readonly<StoreCaps> = { maxValueBytes: 9 * 1024, maxStoreBytes: 500 * 1024 };

/** Bytes one entry takes against the caps: the UTF-8 bytes of its key and its value (Apps Script's quota counts both). */
export function entryBytes(key: string, value: string): number {
  return utf8ByteLength(key) + utf8ByteLength(value);
}

/** The words of a refusal, so each host names its own storage; the defaults name the document's settings. */
export interface CapMessages {
  entry(key: string, bytes: number, caps: StoreCaps): string;
  full(bytes: number, caps: StoreCaps): string;
}

const DEFAULT_MESSAGES: CapMessages = {
  entry: (key, bytes, caps) => `The document setting ${key} would take ${bytes} bytes; a setting holds at most ${caps.maxValueBytes}.`,
  full: (bytes, caps) => `The document's settings would take ${bytes} bytes; the document holds at most ${caps.maxStoreBytes}.`,
};

/**
 * Throws a 'limit' AddinError when applying `changes` (a string sets, `null` removes) to `current` would put an entry
 * or the whole store past `caps`; the error's data names the key (for an entry) and the bytes, never the value.
 */
export function checkCappedChanges(
  current: Readonly<Record<string, string>>,
  changes: Readonly<Record<string, string | null>>,
  caps: StoreCaps = DOCUMENT_STORE_CAPS,
  messages: CapMessages = DEFAULT_MESSAGES,
): void {
  let total = 0;
  for (const [key, value] of Object.entries(current)) if (!(key in changes)) total += entryBytes(key, value);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) continue;
    const bytes = entryBytes(key, value);
    if (bytes > caps.maxValueBytes) throw new AddinError('limit', messages.entry(key, bytes, caps), { data: { key, bytes } });
    total += bytes;
  }
  if (total > caps.maxStoreBytes) throw new AddinError('limit', messages.full(total, caps), { data: { bytes: total } });
}

/** What a capped store reads and writes: a host's settings or properties. */
export interface StoreBacking {
  get(key: string): string | null;
  /** Every entry, in one read. */
  all(): Record<string, string>;
  /** Sets (a string) and removes (`null`) entries, already checked against the caps. */
  apply(changes: Readonly<Record<string, string | null>>): void;
}

/** A DocumentStore whose update is all or nothing as far as the caps go: a refused change writes nothing. */
export class CappedDocumentStore implements DocumentStore {
  constructor(
    private readonly backing: StoreBacking,
    private readonly caps: StoreCaps = DOCUMENT_STORE_CAPS,
    private readonly messages: CapMessages = DEFAULT_MESSAGES,
  ) {}

  async get(key: string): Promise<string | null> {
    return this.backing.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    await this.update({ [key]: value });
  }

  async entries(prefix: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.backing.all())) if (k.startsWith(prefix)) out[k] = v;
    return out;
  }

  async update(changes: Record<string, string | null>): Promise<void> {
    checkCappedChanges(this.backing.all(), changes, this.caps, this.messages);
    this.backing.apply(changes);
  }
}
