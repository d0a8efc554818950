/** PropertiesService's caps (the core's DOCUMENT_STORE_CAPS) in the add-in's words for Google Sheets, checked before writing. */
import { checkCappedChanges, DOCUMENT_STORE_CAPS, type CapMessages } from '../../../src/core/capped-store';
import type { PropertyBag } from '../apps-script/apps-script-services';

/** Refusals naming Google Sheets' storage; `what` names the entry to the user (never its value). */
export function sheetsCapMessages(what: (key: string) => string): CapMessages {
  return {
    entry: (key, bytes) =>
      `Could not save ${what(key)}: it needs ${(bytes / 1024).toFixed(1)} KB and Google Sheets keeps at most 9 KB per entry. Nothing was changed.`,
    full: () =>
      "The add-in's storage in Google Sheets is full (500 KB). Remove reports you no longer need, then try again. Nothing was changed.",
  };
}

/** Throws a `limit` AddinError when `bag.setProperty(key, value)` would break a cap; `what` names the entry to the user. */
export function checkPropertyWrite(bag: PropertyBag, key: string, value: string, what: string): void {
  checkCappedChanges(
    bag.getProperties(),
    { [key]: value },
    DOCUMENT_STORE_CAPS,
    sheetsCapMessages(() => what),
  );
}
