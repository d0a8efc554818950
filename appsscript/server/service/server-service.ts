/**
 * The AddinService of one Apps Script execution.
 * SheetsHost over the bound spreadsheet, the UrlFetchApp transport, the Utilities.sleep clock, job statuses in the
 * script cache, undo entries in the user cache, Continue wait instead of long-held requests, and UrlFetchApp's 50 MB
 * cap as the result budget.
 */
import { AddinError } from '../../../src/core/errors/addin-error';
import { createAddinService } from '../../../src/core/service/create-addin-service';
import type { AddinService } from '../../../src/core/service/addin-service';
import type { UndoSetting } from '../../../src/core/placements/undo-keeper';
import type {
  CacheServiceLike,
  LockServiceLike,
  PropertiesServiceLike,
  ScriptAppLike,
  SpreadsheetAppLike,
  UrlFetchService,
  UtilitiesServiceLike,
} from '../apps-script/apps-script-services';
import { appsScriptClock } from './apps-script-clock';
import { ScriptCacheJobStore } from './script-cache-job-store';
import { CacheUndoStore, SHEETS_UNDO_MISSING } from './cache-undo-store';
import { SheetsHost } from '../host/sheets-host';
import type { SheetsSpreadsheet } from '../host/sheets-services';
import { MAX_BATCH_REQUESTS } from './fetch-batcher';
import { NEAR_CAP_BYTES, urlFetchTransport } from './url-fetch-transport';
import { buildTenantUrl } from './build-tenant';

/** The Apps Script services the server's AddinService runs on (the live globals, or the fakes in tests). */
export interface ServerServices {
  spreadsheetApp: () => SpreadsheetAppLike;
  urlFetch: () => UrlFetchService;
  properties: () => PropertiesServiceLike;
  cache: () => CacheServiceLike;
  locks: () => LockServiceLike;
  utilities: () => UtilitiesServiceLike;
  scriptApp: () => ScriptAppLike;
}

export function boundSpreadsheet(services: ServerServices): SheetsSpreadsheet {
  const book = services.spreadsheetApp().getActiveSpreadsheet();
  if (book === null) throw new AddinError('host', 'Open the add-in from a Google Sheets spreadsheet: this script is not bound to one.');
  return book;
}

/** Random bytes from Utilities.getUuid (Apps Script has no crypto.getRandomValues): 15 random bytes per version-4 UUID. */
export function uuidRandomBytes(utilities: Pick<UtilitiesServiceLike, 'getUuid' | 'sleep'>): (n: number) => Uint8Array {
  return (n) => {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      // 32 hex digits, of which the version digit and the variant's top bits are fixed: use the 30 others whole.
      const hex = utilities.getUuid().replace(/-/g, '');
      const free = hex.slice(0, 12) + hex.slice(13, 16) + hex.slice(17);
      for (let i = 0; i + 1 < free.length && at < n; i += 2) out[at++] = parseInt(free.slice(i, i + 2), 16);
    }
    return out;
  };
}

export function sheetsHostOf(services: ServerServices, book: SheetsSpreadsheet = boundSpreadsheet(services)): SheetsHost {
  const documentProperties = services.properties().getDocumentProperties();
  if (documentProperties === null)
    throw new AddinError('host', 'This script is not bound to a spreadsheet: it has no document properties.');
  return new SheetsHost({
    spreadsheet: book,
    documentProperties,
    userProperties: services.properties().getUserProperties(),
    lock: services.locks(),
  });
}

export function serverService(services: ServerServices): AddinService {
  const book = boundSpreadsheet(services);
  const utilities = services.utilities();
  return createAddinService({
    host: sheetsHostOf(services, book),
    transport: urlFetchTransport(services.urlFetch()),
    clock: appsScriptClock(utilities),
    random: Math.random,
    randomBytes: uuidRandomBytes(utilities),
    defaultTenantUrl: buildTenantUrl(),
    timezone: book.getSpreadsheetTimeZone(),
    noteTime: (ms) => utilities.formatDate(new Date(ms), book.getSpreadsheetTimeZone(), 'yyyy-MM-dd HH:mm'),
    throwContinueWait: true,
    maxResultBytes: NEAR_CAP_BYTES,
    jobStore: new ScriptCacheJobStore(services.cache().getScriptCache()),
    // One query per placement in flight at a time, up to a fetchAll batch: UrlFetchApp's fetch blocks the execution.
    refreshConcurrency: MAX_BATCH_REQUESTS,
    undo: sheetsUndo(services, book),
  });
}

/**
 * Each sidebar call is an execution of its own that keeps no memory: what a refresh replaced goes to the user cache,
 * where the Undo refresh call (another execution) finds it. Without a user cache there is nothing to keep it in.
 */
function sheetsUndo(services: ServerServices, book: SheetsSpreadsheet): UndoSetting {
  const cache = services.cache().getUserCache();
  if (cache === null)
    return {
      unavailable: 'Google Sheets gave the add-in no user cache to keep what a refresh replaced: use Edit > Undo or the version history.',
    };
  return { store: new CacheUndoStore(cache, book.getId()), missing: SHEETS_UNDO_MISSING };
}
