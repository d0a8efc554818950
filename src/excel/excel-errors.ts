/** Reading errors from the Excel JavaScript API (OfficeExtension.Error) and turning them into the add-in's typed errors. */
import { z } from 'zod';
import { AddinError } from '../core/errors/addin-error';
import { HOST_BUSY_CODE, hostBusyError } from '../core/host-busy-error';

const officeErrorShape = z.object({ code: z.string(), message: z.string().optional() });

/** The `code` of an Office.js error (`InvalidArgument`, `RequestPayloadSizeLimitExceeded`...), or undefined for anything else. */
export function officeErrorCode(e: unknown): string | undefined {
  const parsed = officeErrorShape.safeParse(e);
  return parsed.success ? parsed.data.code : undefined;
}

/** True when Excel refused a request for its size (Excel on the web caps requests at 5 MB). */
export function isRequestTooLarge(e: unknown): boolean {
  return officeErrorCode(e) === 'RequestPayloadSizeLimitExceeded';
}

/** True when Excel refused a read for its size (5 MB responses, 5,000,000 cells). */
export function isResponseTooLarge(e: unknown): boolean {
  const code = officeErrorCode(e);
  return code === 'ResponsePayloadSizeLimitExceeded' || code === 'RangeExceedsLimit';
}

/**
 * True when a batch failed because the user is editing a cell. Microsoft's error table names the code
 * `InvalidOperationInCellEditMode`; its how-to page shows `InvalidOperation` with a message about cell-editing mode.
 */
export function isCellEditModeError(e: unknown): boolean {
  const parsed = officeErrorShape.safeParse(e);
  if (!parsed.success) return false;
  const { code, message = '' } = parsed.data;
  return code === HOST_BUSY_CODE || (code === 'InvalidOperation' && /cell[- ]?edit/i.test(message));
}

/** Any other Excel failure as a typed error that says what the add-in was doing. */
export function excelError(e: unknown, doing: string): AddinError {
  if (e instanceof AddinError) return e;
  if (isCellEditModeError(e)) return hostBusyError(e);
  const parsed = officeErrorShape.safeParse(e);
  const code = parsed.success ? parsed.data.code : undefined;
  const detail = parsed.success ? parsed.data.message : e instanceof Error ? e.message : String(e);
  return new AddinError('host', `Excel could not ${doing}${code ? ` (${code})` : ''}. Try again; if it keeps failing, reload the add-in.`, {
    ...(code ? { code } : {}),
    ...(detail ? { detail } : {}),
    cause: e,
  });
}
