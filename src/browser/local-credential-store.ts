/**
 * A per-user credential store in browser storage: one entry per secret under a key prefix of its own.
 * Secrets never go inside the workbook; this is the preview's store, and the Excel pane's outside the shared runtime.
 */
import { PRODUCT_PREFIX } from '../core/wire/wire-names';
import type { CredentialStore } from '../core/host';
import type { KeyValueStorage } from './key-value-storage';

/** The preview's prefix of every credential entry (the browser profile is the user; the workbook lives under a different key). */
export const CREDENTIAL_KEY_PREFIX = `${PRODUCT_PREFIX}.preview.user.credential.`;

export class LocalCredentialStore implements CredentialStore {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly prefix: string = CREDENTIAL_KEY_PREFIX,
  ) {}

  async get(key: string): Promise<string | null> {
    return this.storage.getItem(this.prefix + key);
  }

  async set(key: string, value: string): Promise<void> {
    this.storage.setItem(this.prefix + key, value);
  }

  async remove(key: string): Promise<void> {
    this.storage.removeItem(this.prefix + key);
  }
}
