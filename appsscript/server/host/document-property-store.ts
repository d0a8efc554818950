/**
 * Non-secret storage that travels with the spreadsheet: document properties, one property per value under the add-in's prefix.
 * The size limits are checked before writing.
 */
import { PRODUCT_PREFIX } from '../../../src/core/wire/wire-names';
import type { PropertyBag } from '../apps-script/apps-script-services';
import { checkPropertyWrite } from './property-limits';

/** Prefix of every document property the add-in writes (the placement registry and the remembered context). */
export const DOCUMENT_KEY_PREFIX = `${PRODUCT_PREFIX}.`;

export class DocumentPropertyStore {
  constructor(
    private readonly properties: PropertyBag,
    private readonly prefix: string = DOCUMENT_KEY_PREFIX,
  ) {}

  get(key: string): string | null {
    return this.properties.getProperty(this.prefix + key);
  }

  set(key: string, value: string): void {
    checkPropertyWrite(this.properties, this.prefix + key, value, `"${key}" in this spreadsheet`);
    this.properties.setProperty(this.prefix + key, value);
  }

  remove(key: string): void {
    this.properties.deleteProperty(this.prefix + key);
  }

  /** Keys (without the prefix) that start with `start`, sorted. */
  keys(start = ''): string[] {
    return Object.keys(this.properties.getProperties())
      .filter((k) => k.startsWith(this.prefix + start))
      .map((k) => k.slice(this.prefix.length))
      .sort();
  }
}
