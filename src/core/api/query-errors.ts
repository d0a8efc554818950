/** The errors of a query run that are not the stream's own: no answer, a broken or silent body, an answer that is no result, a budget. */
import { AddinError, cancelledError, isAddinError } from '../errors/addin-error';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { ResultBudget } from './query-result';
import type { SlowStreamLimit } from './rate-floor';

/** The request itself failed: cancelled, already typed, or the platform could not be reached. */
export function requestFailure(e: unknown, signal: CancelSignal | undefined): AddinError {
  if (signal?.cancelled) return cancelledError();
  if (isAddinError(e)) return e;
  const detail = e instanceof Error ? causeText(e) : String(e);
  // The query goes to the deployment's URL, which the platform chose: the tenant URL is not the suspect here.
  return new AddinError(
    'network',
    `Could not run the query: no answer came from the platform (the connection failed, or was closed before the answer began). Check your connection and run it again; if it keeps failing, contact your administrator.`,
    { detail, cause: e },
  );
}

/** An error's message with its cause's code or message (Node's fetch says only "fetch failed" and puts the reason there). */
function causeText(e: Error): string {
  const cause: unknown = e.cause;
  if (typeof cause !== 'object' || cause === null) return e.message;
  const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  const message = 'message' in cause && typeof cause.message === 'string' ? cause.message : undefined;
  const extra = [code, message].filter((x) => x !== undefined).join(': ');
  return extra === '' ? e.message : `${e.message} (${extra})`;
}

/** Reading the body failed: cancelled, already typed, or the connection broke mid-result. */
export function bodyFailure(e: unknown, signal: CancelSignal | undefined, rows: number, bytes: number): AddinError {
  if (signal?.cancelled) return cancelledError();
  if (isAddinError(e)) return e;
  const detail = e instanceof Error ? causeText(e) : String(e);
  const when =
    bytes === 0
      ? 'before the query result began'
      : rows === 0
        ? 'before the first row of the query result'
        : `after ${rowsText(rows)} of the query result`;
  return new AddinError(
    'network',
    `The connection broke ${when}; nothing was changed. Check your connection and run it again; if it keeps breaking, contact your administrator.`,
    { detail, cause: e, data: { rows, bytes } },
  );
}

/** The stream brought nothing for the idle span: the run stops, nothing is written. */
export function idleStream(idleMs: number, rows: number, bytes: number): AddinError {
  const seconds = Math.round(idleMs / 1000);
  const where = bytes === 0 ? 'before the result began' : rows > 0 ? `after ${rowsText(rows)}` : 'after the result began';
  return new AddinError(
    'network',
    `The platform stopped sending the query result ${where}: nothing arrived for ${seconds} s, so the add-in stopped waiting. Nothing was changed. Run it again; if it keeps stopping, contact your administrator.`,
    { code: 'idleTimeout', data: { idleMs, rows, bytes } },
  );
}

/** The stream kept coming, but slower than the floor over a whole window: the run stops, nothing is written. */
export function slowStream(limit: SlowStreamLimit, got: number, spanMs: number, rows: number, bytes: number): AddinError {
  const seconds = Math.round(spanMs / 100) / 10;
  const where = rows > 0 ? `after ${rowsText(rows)}` : 'before the first row';
  return new AddinError(
    'network',
    `The platform is sending the query result too slowly: ${got} bytes in ${seconds} s, less than the ${limit.minBytesPerSecond} bytes a ` +
      `second the add-in waits for, so it stopped ${where}. Nothing was changed. Run it again; if it keeps happening, contact your administrator.`,
    { code: 'slowStream', data: { got, spanMs, rows, bytes, minBytesPerSecond: limit.minBytesPerSecond } },
  );
}

function rowsText(rows: number): string {
  return rows === 1 ? '1 row' : `${rows} rows`;
}

/** Characters of an unexpected answer quoted in a message. */
const RECEIVED_EXCERPT = 80;

/** The first characters of `text` fit to quote: control characters dropped, spaces collapsed, cut short. */
export function receivedExcerpt(text: string): string {
  const flat = text
    .slice(0, RECEIVED_EXCERPT * 4)
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > RECEIVED_EXCERPT ? `${flat.slice(0, RECEIVED_EXCERPT)}…` : flat;
}

/** A 200 answer whose body is not NDJSON (an HTML sign-in or proxy page): says what came, by type and first characters. */
export function notAQueryResult(contentType: string | undefined, start: string): AddinError {
  const type = contentType === undefined ? 'no content type' : `content type ${JSON.stringify(receivedExcerpt(contentType))}`;
  const html = /html/i.test(contentType ?? '') || /^<(!doctype|html|head|body)\b/i.test(start) ? 'an HTML page' : 'something';
  const excerpt = receivedExcerpt(start);
  return new AddinError(
    'contract',
    `The query API answered with ${html} instead of a query result (${type}, starting ${JSON.stringify(excerpt)}). Nothing was changed. ` +
      "Something other than the platform answered (a sign-in page or a proxy, for example): ask your administrator to check the deployment's URL.",
    { code: 'notQueryResult', data: { contentType: contentType ?? null, excerpt } },
  );
}

export function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

/** A count with thousands separators (1,048,550), as the messages write it. */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The stream passed the budget: stopped there, with how many rows the query returns at least and what to do. */
export function overBudget(rowsAtLeast: number, why: string, budget: Required<ResultBudget>): AddinError {
  const rows = groupDigits(rowsAtLeast);
  return new AddinError(
    'limit',
    `The query returns at least ${rows} rows, ${why}. Nothing was changed. Add a filter or a Limit to the query, or place it in another cell or sheet with more room.`,
    { code: 'resultTooLarge', data: { rowsAtLeast, maxRows: budget.maxRows, maxBytes: budget.maxBytes } },
  );
}

export function tooManyColumns(columns: number, maxCols: number): AddinError {
  return new AddinError(
    'limit',
    `The query returns ${columns} columns, more than fit in the sheet (${maxCols}). Nothing was changed. Select fewer columns, or place it further left.`,
    { code: 'resultTooWide', data: { columns, maxCols } },
  );
}

export function stillRunning(attempts: number, elapsedMs: number, last: AddinError): AddinError {
  const seconds = Math.round(elapsedMs / 1000);
  return new AddinError(
    'query',
    `The query is still running on the platform after ${attempts} attempts (${seconds} s). Try again later, or narrow the query.`,
    { code: 'continueWaitLimit', detail: last.detail, data: { attempts, elapsedMs } },
  );
}
