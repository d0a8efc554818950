/**
 * One fake Apps Script project bound to one spreadsheet: every fake service over a shared execution clock.
 * It also gives the globals a Node `vm` context needs to run the built server bundle.
 */
import { fakeCacheService } from './cache';
import { AuthMode, Execution, fakeSession, fakeUtilities, type AuthModeName } from './execution';
import { fakeHtmlService } from './html';
import { fakeLockService } from './lock';
import { fakePropertiesService } from './properties';
import { fakeScriptApp } from './script-app';
import { fakeSpreadsheetApp } from './sheets/spreadsheet-app';
import { fakeUrlFetchApp, type FakeUrlFetchOptions } from './url-fetch';

export interface FakeEnvironmentOptions {
  /** The project's .html files by name without extension (e.g. Sidebar). */
  htmlFiles?: ReadonlyMap<string, string>;
  spreadsheetId?: string;
  user?: { email: string; key: string; timeZone: string };
  /** See fakeUrlFetchApp. */
  fetchCostMs?: number;
  newDate?: (ms: number) => Date;
  /** Where the execution's clock starts (default: a fixed time, so tests' times never depend on the day they run). */
  startMs?: number;
}

export type FakeEnvironment = ReturnType<typeof createFakeEnvironment>;

export function createFakeEnvironment(options: FakeEnvironmentOptions = {}) {
  const execution = new Execution(options.startMs);
  const sheets = fakeSpreadsheetApp({ execution, spreadsheetId: options.spreadsheetId, newDate: options.newDate });
  const properties = fakePropertiesService(execution);
  const cache = fakeCacheService(execution);
  const lock = fakeLockService(execution);
  const script = fakeScriptApp(execution);
  // Mutable: a test may make fetches cost more time on the execution's clock later on.
  const fetchOptions: FakeUrlFetchOptions = { costMs: options.fetchCostMs };
  const urlFetch = fakeUrlFetchApp(execution, fetchOptions);
  const html = fakeHtmlService(execution, options.htmlFiles ?? new Map());
  const logs: string[] = [];
  const log = (...args: unknown[]) => void logs.push(args.map(String).join(' '));

  /** The Apps Script globals, and a console that records (Apps Script's console goes to Cloud Logging). */
  const globals = (): Record<string, unknown> => ({
    SpreadsheetApp: sheets.app,
    UrlFetchApp: urlFetch.app,
    PropertiesService: properties.service,
    CacheService: cache.service,
    LockService: lock.service,
    HtmlService: html,
    ScriptApp: script.app,
    Utilities: fakeUtilities(execution),
    Session: fakeSession(execution, options.user ?? { email: 'ada@example.com', key: 'temp-user-key-1', timeZone: 'Etc/UTC' }),
    Logger: { log },
    console: { log, info: log, warn: log, error: log },
  });

  return {
    execution,
    book: sheets.book,
    ui: sheets.book.ui,
    stores: properties.stores,
    caches: cache.caches,
    locks: lock.locks,
    lockService: lock.service,
    triggers: script,
    urlFetch,
    fetchOptions,
    logs,
    globals,
    AuthMode,
    /** Starts an execution (a menu click, trigger or sidebar call) in the given mode. */
    begin(mode: AuthModeName = 'FULL'): void {
      execution.begin(mode);
    },
    close: () => urlFetch.close(),
  };
}
