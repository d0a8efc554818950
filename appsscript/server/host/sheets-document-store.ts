/** The core's capped DocumentStore over document properties: one property per key, several changes in one setProperties call. */
import { CappedDocumentStore, DOCUMENT_STORE_CAPS } from '../../../src/core/capped-store';
import type { BatchPropertyBag } from './sheets-services';
import { sheetsCapMessages } from './property-limits';

export class SheetsDocumentStore extends CappedDocumentStore {
  constructor(properties: BatchPropertyBag) {
    super(
      {
        get: (key) => properties.getProperty(key),
        all: () => properties.getProperties(),
        apply: (changes) => {
          const sets: Record<string, string> = {};
          for (const [key, value] of Object.entries(changes)) if (value !== null) sets[key] = value;
          if (Object.keys(sets).length > 0) properties.setProperties(sets);
          for (const [key, value] of Object.entries(changes)) if (value === null) properties.deleteProperty(key);
        },
      },
      DOCUMENT_STORE_CAPS,
      sheetsCapMessages((key) => `${key} in this spreadsheet`),
    );
  }
}
