/**
 * The document store over Office document settings (saved in the workbook, per add-in).
 * It holds the placement registry and workbook id, never secrets.
 */
import { PRODUCT_PREFIX } from '../core/wire/wire-names';
import { z } from 'zod';
import { AddinError } from '../core/errors/addin-error';
import type { DocumentStore } from '../core/host';

/** The part of Office.Settings the store uses (Office.context.document.settings, or a fake). */
export type SettingsBag = Pick<Office.Settings, 'get' | 'set' | 'remove' | 'saveAsync'>;

/** Prefix of the add-in's settings keys, so they read clearly in the file. */
export const SETTINGS_PREFIX = `${PRODUCT_PREFIX}.`;

/** The setting listing the store's keys: Office.Settings cannot enumerate its keys, and `entries(prefix)` needs them. */
export const KEY_INDEX_SETTING = `${SETTINGS_PREFIX}__keys`;

const storedValue = z.string().nullable();
const keyIndex = z.array(z.string());

export class SettingsDocumentStore implements DocumentStore {
  constructor(private readonly settings: SettingsBag) {}

  async get(key: string): Promise<string | null> {
    return this.read(key);
  }

  async set(key: string, value: string): Promise<void> {
    await this.update({ [key]: value });
  }

  /** Every entry whose key starts with `prefix`, read from the settings in memory (no round trip). */
  async entries(prefix: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const key of this.keys()) {
      if (!key.startsWith(prefix)) continue;
      const value = this.read(key);
      if (value !== null) out[key] = value;
    }
    return out;
  }

  /**
   * Sets and removes the keys, then saves the settings into the document once (`saveAsync`). When Excel cannot save them
   * the settings in memory are put back as they were and the call fails.
   */
  async update(changes: Record<string, string | null>): Promise<void> {
    const before = this.keys();
    const previous = new Map<string, unknown>(Object.keys(changes).map((k) => [k, this.settings.get(SETTINGS_PREFIX + k)]));
    const keys = new Set(before);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) {
        this.settings.remove(SETTINGS_PREFIX + key);
        keys.delete(key);
      } else {
        this.settings.set(SETTINGS_PREFIX + key, value);
        keys.add(key);
      }
    }
    this.settings.set(KEY_INDEX_SETTING, [...keys].sort());
    try {
      await this.save();
    } catch (e) {
      for (const [k, v] of previous) {
        if (v === null || v === undefined) this.settings.remove(SETTINGS_PREFIX + k);
        else this.settings.set(SETTINGS_PREFIX + k, v);
      }
      this.settings.set(KEY_INDEX_SETTING, before);
      throw e;
    }
  }

  private read(key: string): string | null {
    const parsed = storedValue.safeParse(this.settings.get(SETTINGS_PREFIX + key) ?? null);
    if (!parsed.success) {
      throw new AddinError('host', `The workbook holds an unreadable add-in setting "${key}". Remove the placement and insert it again.`, {
        detail: parsed.error.message,
      });
    }
    return parsed.data;
  }

  private keys(): string[] {
    const parsed = keyIndex.safeParse(this.settings.get(KEY_INDEX_SETTING) ?? []);
    if (!parsed.success) {
      throw new AddinError(
        'host',
        'The workbook holds an unreadable list of add-in settings. Reload the add-in; if it persists, report it.',
        {
          detail: parsed.error.message,
        },
      );
    }
    return parsed.data;
  }

  private save(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.settings.saveAsync((result: Office.AsyncResult<void>) => {
        if (result.status === Office.AsyncResultStatus.Succeeded) resolve();
        else
          reject(
            new AddinError(
              'host',
              'Excel could not save the add-in’s data in the workbook. Check that the file is not read-only, then try again.',
              {
                detail: result.error?.message,
              },
            ),
          );
      });
    });
  }
}
