/**
 * Per-user secret storage in Apps Script: user properties, visible only to this user in this script.
 * Secrets never go in document properties, a URL or a log.
 */
import { PRODUCT_PREFIX } from '../../../src/core/wire/wire-names';
import type { PropertyBag } from '../apps-script/apps-script-services';
import { checkPropertyWrite } from './property-limits';

/** Prefix of every credential property. */
export const CREDENTIAL_KEY_PREFIX = `${PRODUCT_PREFIX}.credential.`;

export class UserCredentialStore {
  constructor(
    private readonly userProperties: PropertyBag,
    private readonly prefix: string = CREDENTIAL_KEY_PREFIX,
  ) {}

  get(key: string): string | null {
    return this.userProperties.getProperty(this.prefix + key);
  }

  set(key: string, value: string): void {
    // The message names the entry, never its value.
    checkPropertyWrite(this.userProperties, this.prefix + key, value, `your ${key}`);
    this.userProperties.setProperty(this.prefix + key, value);
  }

  remove(key: string): void {
    this.userProperties.deleteProperty(this.prefix + key);
  }
}
