/** The preview's per-user credential store: one browser-storage entry per secret, under its own key prefix, never inside the saved workbook. */
import type { CredentialStore } from '../core/host';
import type { KeyValueStorage } from './key-value-storage';

/** Prefix of every credential entry (the browser profile is the user; the workbook lives under a different key). */
export const CREDENTIAL_KEY_PREFIX = 'svc.preview.user.credential.';

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
