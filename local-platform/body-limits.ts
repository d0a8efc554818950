/**
 * Size limits of what a caller may store (the contract shows none; these keep a caller from growing stored data without
 * bound): placement fields, a report's name, title, description, query texts and `meta`, a token's security context.
 */
import type { ConnectWorkbookBody, MetaSyncTokenRequest, ReportUpsertBody } from '../src/core/wire/schemas';
import { HttpError } from './http-io';

/** Characters at most in a workbook, sheet or cell field (ids, names, A1 references). */
export const MAX_PLACEMENT_FIELD_CHARS = 512;
/** Bytes at most of a report's `meta`, serialized as JSON. */
export const MAX_META_BYTES = 16 * 1024;
/** Characters at most in a report's name or title. */
export const MAX_NAME_CHARS = 256;
/** Characters at most in a report's description. */
export const MAX_DESCRIPTION_CHARS = 4096;
/** Bytes at most of a report's `sqlQuery` or `jsonQuery` (the query API's default SQL cap). */
export const MAX_QUERY_TEXT_BYTES = 128 * 1024;
/** Bytes at most of a meta-sync token's `security_context`, serialized as JSON. */
export const MAX_SECURITY_CONTEXT_BYTES = 8 * 1024;

const PLACEMENT_FIELDS = [
  'externalWorkbookId',
  'placementId',
  'workbookName',
  'sheetId',
  'sheetName',
  'anchorCell',
  'endResultCell',
  'resultLocation',
] as const;

function checkFields(body: Partial<Record<(typeof PLACEMENT_FIELDS)[number], string | undefined>>): void {
  for (const field of PLACEMENT_FIELDS) {
    const value = body[field];
    if (value !== undefined && value.length > MAX_PLACEMENT_FIELD_CHARS) {
      throw new HttpError(
        400,
        `Invalid body: ${field}: ${value.length} characters, more than the ${MAX_PLACEMENT_FIELD_CHARS} allowed; nothing was changed.`,
      );
    }
  }
}

/** The connect-workbook body, or a 400 naming the first field over its limit. */
export function checkConnectWorkbookLimits(body: ConnectWorkbookBody): ConnectWorkbookBody {
  checkFields(body);
  return body;
}

function checkChars(field: string, value: string | undefined, max: number): void {
  if (value !== undefined && value.length > max) {
    throw new HttpError(400, `Invalid body: ${field}: ${value.length} characters, more than the ${max} allowed; nothing was changed.`);
  }
}

function checkBytes(field: string, value: string | undefined, max: number): void {
  const bytes = value === undefined ? 0 : Buffer.byteLength(value);
  if (bytes > max) throw new HttpError(413, `Invalid body: ${field}: ${bytes} bytes, more than the ${max} allowed; nothing was changed.`);
}

/** The report body, or a 400 naming the first field over its limit (413 for a query text over its size). */
export function checkReportBodyLimits<T extends ReportUpsertBody>(body: T): T {
  checkFields(body);
  checkChars('name', body.name, MAX_NAME_CHARS);
  checkChars('title', body.title, MAX_NAME_CHARS);
  checkChars('description', body.description, MAX_DESCRIPTION_CHARS);
  checkBytes('sqlQuery', body.sqlQuery, MAX_QUERY_TEXT_BYTES);
  checkBytes('jsonQuery', body.jsonQuery, MAX_QUERY_TEXT_BYTES);
  if (body.meta !== undefined) {
    const bytes = Buffer.byteLength(JSON.stringify(body.meta));
    if (bytes > MAX_META_BYTES) {
      throw new HttpError(400, `Invalid body: meta: ${bytes} bytes as JSON, more than the ${MAX_META_BYTES} allowed; nothing was changed.`);
    }
  }
  return body;
}

/** The token request, or a 413 when its `security_context` is over MAX_SECURITY_CONTEXT_BYTES as JSON. */
export function checkMetaSyncTokenLimits(body: MetaSyncTokenRequest): MetaSyncTokenRequest {
  checkBytes('security_context', JSON.stringify(body.security_context), MAX_SECURITY_CONTEXT_BYTES);
  return body;
}
