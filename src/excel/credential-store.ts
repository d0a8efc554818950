/**
 * Per-user credential storage for Excel: OfficeRuntime.storage in the shared runtime, else the browser's localStorage
 * under Office.context.partitionKey (when Office partitions storage); never the document.
 */
import { PRODUCT_PREFIX } from '../core/wire/wire-names';
import type { CredentialStore } from '../core/host';
import type { KeyValueStorage } from '../browser/key-value-storage';
import { LocalCredentialStore } from '../browser/local-credential-store';

/** Prefix of every credential entry. */
export const CREDENTIAL_PREFIX = `${PRODUCT_PREFIX}.credential.`;

/** Async string storage (OfficeRuntime.storage). */
export type AsyncStringStorage = Pick<OfficeRuntime.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export class RuntimeCredentialStore implements CredentialStore {
  constructor(private readonly storage: AsyncStringStorage) {}
  get(key: string): Promise<string | null> {
    return this.storage.getItem(CREDENTIAL_PREFIX + key);
  }
  set(key: string, value: string): Promise<void> {
    return this.storage.setItem(CREDENTIAL_PREFIX + key, value);
  }
  remove(key: string): Promise<void> {
    return this.storage.removeItem(CREDENTIAL_PREFIX + key);
  }
}

export interface CredentialEnvironment {
  /** OfficeRuntime.storage when the page runs in the shared runtime (SharedRuntime 1.1). */
  runtimeStorage: AsyncStringStorage | undefined;
  localStorage: KeyValueStorage;
  partitionKey: string | undefined;
}

export function credentialStoreFor(env: CredentialEnvironment): CredentialStore {
  return env.runtimeStorage
    ? new RuntimeCredentialStore(env.runtimeStorage)
    : new LocalCredentialStore(env.localStorage, (env.partitionKey ?? '') + CREDENTIAL_PREFIX);
}

/** The environment of this page, read from the Office globals. */
export function officeCredentialEnvironment(): CredentialEnvironment {
  const shared = Office.context.requirements.isSetSupported('SharedRuntime', '1.1');
  const runtime = typeof OfficeRuntime === 'undefined' ? undefined : OfficeRuntime.storage;
  return {
    runtimeStorage: shared ? runtime : undefined,
    localStorage: window.localStorage,
    partitionKey: Office.context.partitionKey || undefined,
  };
}
