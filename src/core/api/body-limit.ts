/** Caps on the bodies the clients read whole (control-plane answers, error answers) and the typed error of a body past one. */
import { AddinError, isAddinError } from '../errors/addin-error';

/** The most a control-plane or metadata answer may take: lists and reports are kilobytes, a large metadata answer a few MB. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** The most of an error answer the clients read: the documented error body is a short JSON object. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** The `code` of an AddinError for a body past its cap. */
export const BODY_TOO_LARGE = 'bodyTooLarge';

/** Thrown by a transport's bounded read once the body passes `limitBytes`; the client words it for its action. */
export function bodyTooLarge(limitBytes: number): AddinError {
  return new AddinError('limit', `The platform's answer is larger than ${sizeText(limitBytes)}, the most the add-in reads of it.`, {
    code: BODY_TOO_LARGE,
    data: { limitBytes },
  });
}

export function isBodyTooLarge(e: unknown): e is AddinError {
  return isAddinError(e) && e.code === BODY_TOO_LARGE;
}

/**
 * The client's error for a capped body: which cap (an answer's or an error answer's) and the status. Kind 'limit' is
 * not transient, so a capped body is never fetched again.
 */
export function answerTooLarge(action: string, status: number, limitBytes: number): AddinError {
  const ok = status >= 200 && status <= 299;
  const what = ok ? 'its answer' : `its error answer (HTTP ${status})`;
  const cap = ok ? 'the most the add-in reads of an answer' : 'the most the add-in reads of an error answer';
  return new AddinError(
    'limit',
    `Could not ${action}: the platform sent more than ${sizeText(limitBytes)} as ${what}, ${cap}, so the add-in stopped reading. ` +
      'Nothing was changed. Contact your administrator: the platform or a proxy in front of it is answering wrongly.',
    { code: BODY_TOO_LARGE, status, data: { limitBytes, status } },
  );
}

/** `64 KB`, `8 MB`: binary units as the caps are set. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
