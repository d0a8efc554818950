/** The document store (Office settings, saved with the workbook), the workbook id minted once, and the per-user credential store. */
import { KEY_INDEX_SETTING, SettingsDocumentStore, SETTINGS_PREFIX } from '../../src/excel/settings-document-store';
import { workbookIdentity, WORKBOOK_FILE_KEY, WORKBOOK_ID_KEY } from '../../src/excel/workbook-identity';
import { credentialStoreFor, officeCredentialEnvironment, CREDENTIAL_PREFIX } from '../../src/excel/credential-store';
import { installOfficeFake } from './fake/install';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    map: m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('SettingsDocumentStore', () => {
  it('saves into the document with saveAsync, so a new session reads it back', async () => {
    const first = installOfficeFake();
    try {
      const store = new SettingsDocumentStore(Office.context.document.settings);
      await store.set('registry', '{"placements":[]}');
      expect(first.settings.saved).toEqual({ [`${SETTINGS_PREFIX}registry`]: '{"placements":[]}', [KEY_INDEX_SETTING]: ['registry'] });
      await store.update({ 'p.1': 'one', 'p.2': 'two', registry: null });
      expect(first.settings.saves).toBe(2);
    } finally {
      first.uninstall();
    }
    const second = installOfficeFake({ savedSettings: first.settings.saved });
    try {
      const again = new SettingsDocumentStore(Office.context.document.settings);
      expect(await again.get('other')).toBeNull();
      expect(await again.get('registry')).toBeNull();
      expect(await again.entries('p.')).toEqual({ 'p.1': 'one', 'p.2': 'two' });
      expect(await again.entries('q')).toEqual({});
    } finally {
      second.uninstall();
    }
  });

  it('refuses a setting that is not a string, and reports a failed save', async () => {
    const fake = installOfficeFake({ savedSettings: { [`${SETTINGS_PREFIX}registry`]: { not: 'a string' } } });
    try {
      await expect(new SettingsDocumentStore(Office.context.document.settings).get('registry')).rejects.toThrow(
        /unreadable add-in setting "registry"/,
      );
      const live = new Map<string, unknown>([[`${SETTINGS_PREFIX}k`, 'old']]);
      const failing = {
        get: (k: string) => live.get(k) ?? null,
        set: (k: string, v: unknown) => void live.set(k, v),
        remove: (k: string) => void live.delete(k),
        saveAsync: (cb: (r: Office.AsyncResult<void>) => void) =>
          cb({ status: Office.AsyncResultStatus.Failed, error: { message: 'read-only' } } as unknown as Office.AsyncResult<void>),
      } as unknown as Office.Settings;
      const store = new SettingsDocumentStore(failing);
      await expect(store.set('k', 'v')).rejects.toMatchObject({ kind: 'host', detail: 'read-only' });
      // The failed save leaves the settings in memory as they were.
      await expect(store.update({ k: null, n: 'new' })).rejects.toMatchObject({ kind: 'host' });
      expect(await store.get('k')).toBe('old');
      expect(await store.get('n')).toBeNull();
    } finally {
      fake.uninstall();
    }
  });
});

describe('workbookIdentity', () => {
  /** A document store over a Map the test can look into. */
  function mapStore() {
    const values = new Map<string, string>();
    const store = {
      get: async (k: string) => values.get(k) ?? null,
      set: async (k: string, v: string) => void values.set(k, v),
      entries: async () => Object.fromEntries(values),
      update: async (changes: Record<string, string | null>) => {
        for (const [k, v] of Object.entries(changes))
          if (v === null) values.delete(k);
          else values.set(k, v);
      },
    };
    return { values, store };
  }

  it('mints the id once and keeps it in the document store', async () => {
    const { values, store } = mapStore();
    let minted = 0;
    const mint = () => `wb-${++minted}-0000-0000`;
    const a = await workbookIdentity(store, mint, 'Book1.xlsx');
    const b = await workbookIdentity(store, mint, 'Book1.xlsx');
    expect(a).toEqual({ id: 'wb-1-0000-0000', name: 'Book1.xlsx' });
    expect(b.id).toBe(a.id);
    expect(minted).toBe(1);
    values.set(WORKBOOK_ID_KEY, 'not an id!');
    expect((await workbookIdentity(store, mint, 'x')).id).toBe('wb-2-0000-0000');
  });

  it('keeps the id in its own file, adopts the URL of a workbook first saved, and mints a new id in a copy', async () => {
    const { values, store } = mapStore();
    let minted = 0;
    const mint = () => `wb-${++minted}-0000-0000`;
    const unsaved = await workbookIdentity(store, mint, 'Book1', '');
    const saved = await workbookIdentity(store, mint, 'Plan.xlsx', 'https://contoso.sharepoint.com/Plan.xlsx');
    expect(saved.id).toBe(unsaved.id);
    expect(values.get(WORKBOOK_FILE_KEY)).toBe('https://contoso.sharepoint.com/Plan.xlsx');
    expect((await workbookIdentity(store, mint, 'Plan.xlsx', 'https://contoso.sharepoint.com/Plan.xlsx')).id).toBe(unsaved.id);
    // The same settings opened from another file: Save As, or a copied file.
    const copy = await workbookIdentity(store, mint, 'Plan (2).xlsx', 'https://contoso.sharepoint.com/Plan%20(2).xlsx');
    expect(copy.id).toBe('wb-2-0000-0000');
    expect(values.get(WORKBOOK_FILE_KEY)).toBe('https://contoso.sharepoint.com/Plan%20(2).xlsx');
    expect((await workbookIdentity(store, mint, 'Plan (2).xlsx', 'https://contoso.sharepoint.com/Plan%20(2).xlsx')).id).toBe(copy.id);
    expect(minted).toBe(2);
  });
});

describe('credential store', () => {
  it('uses OfficeRuntime.storage in the shared runtime, never the document settings', async () => {
    const fake = installOfficeFake({ partitionKey: 'pk' });
    try {
      Object.defineProperty(globalThis, 'window', { value: { localStorage: memoryStorage() }, configurable: true });
      const env = officeCredentialEnvironment();
      const store = credentialStoreFor(env);
      await store.set('apiKey', 'secret-1');
      expect(await store.get('apiKey')).toBe('secret-1');
      expect(fake.runtimeStorage.items.get(`${CREDENTIAL_PREFIX}apiKey`)).toBe('secret-1');
      expect(JSON.stringify(fake.settings.saved)).not.toContain('secret-1');
      await store.remove('apiKey');
      expect(await store.get('apiKey')).toBeNull();
    } finally {
      delete (globalThis as { window?: unknown }).window;
      fake.uninstall();
    }
  });

  it('falls back to localStorage keyed by the partition key without the shared runtime', async () => {
    const local = memoryStorage();
    const fake = installOfficeFake({ partitionKey: 'pk1', officeRuntimeStorage: false, requirementSets: { ExcelApi: '1.17' } });
    try {
      Object.defineProperty(globalThis, 'window', { value: { localStorage: local }, configurable: true });
      const store = credentialStoreFor(officeCredentialEnvironment());
      await store.set('apiKey', 'secret-2');
      expect([...local.map.keys()]).toEqual([`pk1${CREDENTIAL_PREFIX}apiKey`]);
      const unpartitioned = credentialStoreFor({ runtimeStorage: undefined, localStorage: local, partitionKey: undefined });
      expect(await unpartitioned.get('apiKey')).toBeNull();
    } finally {
      delete (globalThis as { window?: unknown }).window;
      fake.uninstall();
    }
  });
});
