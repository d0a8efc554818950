/**
 * Per-user credential storage for Excel: OfficeRuntime.storage in the shared runtime, else the browser's localStorage
 * under Office.context.partitionKey (when Office partitions storage); never the document.
 */
import type { CredentialStore } from '../core/host';

/** Prefix of every credential entry. */
export const CREDENTIAL_PREFIX = 'svc.credential.';

/** Async string storage (OfficeRuntime.storage). */
export type AsyncStringStorage = Pick<OfficeRuntime.Storage, 'getItem' | 'setItem' | 'removeItem'>;
/** Sync string storage (window.localStorage). */
export type SyncStringStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

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

export class PartitionedLocalCredentialStore implements CredentialStore {
  private readonly prefix: string;
  constructor(
    private readonly storage: SyncStringStorage,
    partitionKey: string | undefined,
  ) {
    this.prefix = (partitionKey ?? '') + CREDENTIAL_PREFIX;
  }
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

export interface CredentialEnvironment {
  /** OfficeRuntime.storage when the page runs in the shared runtime (SharedRuntime 1.1). */
  runtimeStorage: AsyncStringStorage | undefined;
  localStorage: SyncStringStorage;
  partitionKey: string | undefined;
}

export function credentialStoreFor(env: CredentialEnvironment): CredentialStore {
  return env.runtimeStorage
    ? new RuntimeCredentialStore(env.runtimeStorage)
    : new PartitionedLocalCredentialStore(env.localStorage, env.partitionKey);
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
