/**
 * WorkbookStore: where the preview keeps its saved workbook, and the keys it uses.
 * IndexedDB, or localStorage where IndexedDB is unavailable.
 */
import { PRODUCT_PREFIX } from '../core/wire/wire-names';

/** Key of the saved workbook (the "document"), in IndexedDB and in localStorage alike. */
export const WORKBOOK_STORAGE_KEY = `${PRODUCT_PREFIX}.preview.workbook`;
/** Where an unreadable saved workbook is moved aside. */
export const DAMAGED_WORKBOOK_KEY = `${PRODUCT_PREFIX}.preview.workbook.damaged`;

export type WorkbookStoreMedium = 'indexedDB' | 'localStorage';

export interface WorkbookStore {
  readonly medium: WorkbookStoreMedium;
  /** The saved value (the serialized workbook this preview wrote, or whatever else sits under the key), or null when nothing is saved. */
  read(): Promise<unknown>;
  /**
   * Replaces the saved workbook. A synchronous store returns nothing and throws when the browser refuses;
   * an asynchronous one returns a promise that settles once the value is durable (rejecting when refused).
   */
  write(text: string): void | Promise<void>;
  /** Like `write`, for a text given as the concatenation of `parts` (a store that can keep it without joining it). */
  writeParts?(parts: readonly string[]): void | Promise<void>;
  /** Keeps an unreadable saved value where saving will not overwrite it; resolves to where, in words (e.g. `localStorage key "…"`). */
  setAside(value: unknown): Promise<string>;
}
