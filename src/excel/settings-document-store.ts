/** The document store over Office document settings (saved in the workbook, per add-in): placement registry and workbook id, never secrets. */
import { z } from 'zod';
import { AddinError } from '../core/wire/errors';
import type { DocumentStore } from '../core/host';

/** The part of Office.Settings the store uses (Office.context.document.settings, or a fake). */
export type SettingsBag = Pick<Office.Settings, 'get' | 'set' | 'saveAsync'>;

/** Prefix of the add-in's settings keys, so they read clearly in the file. */
export const SETTINGS_PREFIX = 'svc.';

const storedValue = z.string().nullable();

export class SettingsDocumentStore implements DocumentStore {
  constructor(private readonly settings: SettingsBag) {}

  async get(key: string): Promise<string | null> {
    const parsed = storedValue.safeParse(this.settings.get(SETTINGS_PREFIX + key) ?? null);
    if (!parsed.success) {
      throw new AddinError('host', `The workbook holds an unreadable add-in setting "${key}". Remove the placement and insert it again.`, {
        detail: parsed.error.message,
      });
    }
    return parsed.data;
  }

  /** Sets the value and saves the settings into the document (`saveAsync`), failing when Excel could not save them. */
  async set(key: string, value: string): Promise<void> {
    this.settings.set(SETTINGS_PREFIX + key, value);
    await new Promise<void>((resolve, reject) => {
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
