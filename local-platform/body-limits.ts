/**
 * Size limits of what a caller may store (the contract shows none; these keep a viewer from growing stored data without
 * bound): each placement field of connect-workbook and of a report body, and a report's `meta` as JSON.
 */
import type { ConnectWorkbookBody, ReportUpsertBody } from '../src/core/wire/schemas';
import { HttpError } from './http-io';

/** Characters at most in a workbook, sheet or cell field (ids, names, A1 references). */
export const MAX_PLACEMENT_FIELD_CHARS = 512;
/** Bytes at most of a report's `meta`, serialized as JSON. */
export const MAX_META_BYTES = 16 * 1024;

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

/** The report body, or a 400 naming its `meta` or the first placement field over its limit. */
export function checkReportBodyLimits<T extends ReportUpsertBody>(body: T): T {
  checkFields(body);
  if (body.meta !== undefined) {
    const bytes = Buffer.byteLength(JSON.stringify(body.meta));
    if (bytes > MAX_META_BYTES) {
      throw new HttpError(400, `Invalid body: meta: ${bytes} bytes as JSON, more than the ${MAX_META_BYTES} allowed; nothing was changed.`);
    }
  }
  return body;
}
