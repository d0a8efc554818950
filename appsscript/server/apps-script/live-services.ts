/**
 * The real Apps Script globals, typed as the subsets the server uses.
 * This is where the compiler checks that Google's services satisfy them; they are read lazily, so an entry point
 * touches only what it calls.
 */
import type {
  CacheServiceLike,
  HtmlServiceLike,
  LockServiceLike,
  PropertiesServiceLike,
  ScriptAppLike,
  SpreadsheetAppLike,
  UrlFetchService,
  UtilitiesServiceLike,
} from './apps-script-services';

export const live = {
  spreadsheetApp: (): SpreadsheetAppLike => SpreadsheetApp,
  urlFetch: (): UrlFetchService => UrlFetchApp,
  properties: (): PropertiesServiceLike => PropertiesService,
  cache: (): CacheServiceLike => CacheService,
  locks: (): LockServiceLike => LockService,
  html: (): HtmlServiceLike => HtmlService,
  scriptApp: (): ScriptAppLike => ScriptApp,
  utilities: (): UtilitiesServiceLike => Utilities,
};
