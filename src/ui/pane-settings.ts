/** The pane's own per-user settings (the list's density): a small key-value store, the browser's localStorage by default. */

export interface PaneSettings {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/** Settings that keep nothing (where the page may not use localStorage, e.g. storage blocked in a sandboxed frame). */
export const noPaneSettings: PaneSettings = { get: () => null, set: () => undefined };

/**
 * The browser's localStorage of the pane's page (per user and browser, never in the document), or no settings when the
 * page may not use it: reading `localStorage` itself throws where storage is blocked, and a full store refuses a write.
 */
export function localPaneSettings(): PaneSettings {
  let storage: Storage;
  try {
    storage = globalThis.localStorage;
    if (storage === undefined || storage === null) return noPaneSettings;
  } catch {
    return noPaneSettings;
  }
  return {
    get(key) {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        storage.setItem(key, value);
      } catch {
        // A setting that cannot be kept only lasts until the pane closes.
      }
    },
  };
}

/** Key of the list's density ('compact' or 'comfortable'). */
export const DENSITY_KEY = 'reports-pane.list-density';
