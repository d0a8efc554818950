/**
 * MemoryHost's stores: the document store over the model's settings and a per-user credential store kept apart.
 * The document store is capped like Apps Script's properties.
 */
import { CappedDocumentStore, DOCUMENT_STORE_CAPS, type StoreCaps } from '../capped-store';
import type { CredentialStore } from '../host';
import type { WorkbookModel } from './workbook-model';

/** The settings of the workbook model as a capped document store (the settings travel with the workbook JSON). */
export class ModelDocumentStore extends CappedDocumentStore {
  constructor(
    private readonly model: WorkbookModel,
    caps: StoreCaps = DOCUMENT_STORE_CAPS,
  ) {
    super(
      {
        get: (key) => model.getSetting(key),
        all: () => Object.fromEntries(model.settingKeys().map((key) => [key, model.getSetting(key) ?? ''])),
        apply: (changes) => {
          for (const [key, value] of Object.entries(changes)) model.setSetting(key, value);
        },
      },
      caps,
    );
  }

  keys(): string[] {
    return this.model.settingKeys();
  }
}

/** Per-user secrets, kept apart from the document. */
export class MemoryCredentialStore implements CredentialStore {
  private readonly map = new Map<string, string>();
  async get(key: string): Promise<string | null> {
    return this.map.get(key) ?? null;
  }
  async set(key: string, value: string): Promise<void> {
    this.map.set(key, value);
  }
  async remove(key: string): Promise<void> {
    this.map.delete(key);
  }
  values(): string[] {
    return [...this.map.values()];
  }
}
