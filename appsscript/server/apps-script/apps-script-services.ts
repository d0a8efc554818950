/**
 * The subsets of Apps Script's services that the server uses, as structural interfaces.
 * The real globals satisfy them (checked where entry.ts passes them in), and so do the test fakes.
 */
import type { BatchPropertyBag, SheetsSpreadsheet } from '../host/sheets-services';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

export interface FetchOptions {
  method: HttpMethod;
  headers: Record<string, string>;
  payload?: string;
  contentType?: string;
  muteHttpExceptions: boolean;
  followRedirects: boolean;
}

export interface FetchResponse {
  getResponseCode(): number;
  getContentText(): string;
  /** Header names as the server sent them; a repeated header is an array of its values. */
  getAllHeaders(): object;
}

/** One request of `fetchAll`: the URL and fetch's parameters in one object. */
export type FetchAllRequest = FetchOptions & { url: string };

export interface UrlFetchService {
  fetch(url: string, params: FetchOptions): FetchResponse;
  /** Sends the requests concurrently and answers in their order; throws when any of them fails (an HTTP error is an answer under muteHttpExceptions). */
  fetchAll(requests: FetchAllRequest[]): FetchResponse[];
}

export interface PropertyBag {
  getProperty(key: string): string | null;
  setProperty(key: string, value: string): unknown;
  deleteProperty(key: string): unknown;
  getProperties(): { [key: string]: string };
}

export interface PropertiesServiceLike {
  getUserProperties(): PropertyBag;
  getDocumentProperties(): BatchPropertyBag | null;
}

export interface CacheLike {
  get(key: string): string | null;
  put(key: string, value: string, expirationInSeconds?: number): void;
  remove(key: string): void;
  /** The values found of `keys`, in one call (a key not found is absent). */
  getAll(keys: string[]): Record<string, string>;
}

export interface CacheServiceLike {
  getScriptCache(): CacheLike;
  getUserCache(): CacheLike | null;
}

export interface LockLike {
  tryLock(timeoutInMillis: number): boolean;
  releaseLock(): void;
}

export interface LockServiceLike {
  getDocumentLock(): LockLike | null;
}

export interface TriggerLike {
  getUniqueId(): string;
  getHandlerFunction(): string;
  /** ScriptApp.EventType: CLOCK, ON_OPEN... */
  getEventType(): unknown;
}

/** ScriptApp's ClockTriggerBuilder, as far as the schedules use it (a weekday is a ScriptApp.WeekDay value). */
export interface ClockTriggerBuilderLike {
  after(durationMilliseconds: number): ClockTriggerBuilderLike;
  everyHours(n: number): ClockTriggerBuilderLike;
  everyDays(n: number): ClockTriggerBuilderLike;
  everyWeeks(n: number): ClockTriggerBuilderLike;
  atHour(hour: number): ClockTriggerBuilderLike;
  onWeekDay(day: unknown): ClockTriggerBuilderLike;
  inTimezone(timezone: string): ClockTriggerBuilderLike;
  create(): TriggerLike;
}

export interface ScriptAppLike {
  readonly EventType: { readonly CLOCK: unknown; readonly ON_OPEN: unknown };
  readonly WeekDay: { readonly MONDAY: unknown };
  newTrigger(functionName: string): {
    timeBased(): ClockTriggerBuilderLike;
    forSpreadsheet(key: string): { onOpen(): { create(): TriggerLike } };
  };
  getProjectTriggers(): TriggerLike[];
  /** The current user's triggers of this script for the spreadsheet. */
  getUserTriggers(spreadsheet: { getId(): string }): TriggerLike[];
  deleteTrigger(trigger: TriggerLike): void;
}

export interface MenuLike {
  addItem(caption: string, functionName: string): MenuLike;
  addToUi(): void;
}

export interface HtmlOutputLike {
  setTitle(title: string): HtmlOutputLike;
  getTitle(): string;
  getContent(): string;
}

export interface UiLike {
  createMenu(caption: string): MenuLike;
  showSidebar(userInterface: HtmlOutputLike): void;
}

export interface HtmlServiceLike {
  createHtmlOutputFromFile(filename: string): HtmlOutputLike;
}

export interface SpreadsheetAppLike {
  getUi(): UiLike;
  getActiveSpreadsheet(): SheetsSpreadsheet | null;
}

export interface UtilitiesServiceLike {
  sleep(milliseconds: number): void;
  getUuid(): string;
  /** A date in a time zone, in a SimpleDateFormat pattern ("yyyy-MM-dd HH:mm"). */
  formatDate(date: Date, timeZone: string, format: string): string;
}
