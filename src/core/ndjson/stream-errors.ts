/** The typed errors the NDJSON stream decoder throws: damaged or truncated streams and the server's own error lines. */
import { AddinError } from '../errors/addin-error';
import { capWireText, MAX_ID_TEXT } from '../errors/wire-text';
import { CONTINUE_WAIT_TEXT } from '../wire/wire-names';

/** Machine codes of a damaged stream (`AddinError.code` of kind 'stream'). */
export type StreamErrorCode =
  | 'notJson' // a line that is not JSON
  | 'unknownShape' // JSON that is neither a header, a data line nor an error line
  | 'invalidHeader' // a header line that does not match the header schema
  | 'invalidData' // a data line whose rows or values do not match the row shape
  | 'invalidError' // an error line whose `error` is not a string
  | 'dataBeforeHeader'
  | 'secondHeader'
  | 'rowLength' // a row with more or fewer values than the header has columns
  | 'lineTooLong'
  | 'truncated' // the stream ended inside a line: the connection was cut
  | 'noHeader' // the stream ended before any header line (an empty body included)
  | 'noData' // the stream ended after the header without the data line the server always sends
  | 'invalidUtf8'
  | 'invalidText'; // a string value that is not Unicode text (a lone surrogate)

/** Characters of a line quoted in a message. */
export const EXCERPT_LENGTH = 60;

/** The first EXCERPT_LENGTH characters of a line, never ending in half a surrogate pair. */
export function lineExcerpt(line: string): string {
  return capWireText(line, EXCERPT_LENGTH);
}

const AFTER = 'Run the query again; if this keeps happening, contact your administrator.';

/** A stream the decoder cannot read; `line` is 1-based, `excerpt` quotes the offending line when there is one. */
export function streamError(
  code: StreamErrorCode,
  problem: string,
  where: { line?: number; text?: string; extra?: Record<string, unknown> } = {},
): AddinError {
  const data: Record<string, unknown> = { ...where.extra };
  let place = '';
  if (where.line !== undefined) {
    data['line'] = where.line;
    place = ` at line ${where.line}`;
  }
  let quote = '';
  if (where.text !== undefined) {
    const excerpt = lineExcerpt(where.text);
    data['excerpt'] = excerpt;
    quote = ` (${JSON.stringify(excerpt)})`;
  }
  return new AddinError('stream', `The query result arrived damaged${place}: ${problem}${quote}. ${AFTER}`, {
    code,
    detail: `${code}${place}: ${problem}`,
    data,
  });
}

/** True when a server error text asks the client to repeat the request. */
export function isContinueWaitText(message: string): boolean {
  return message.includes(CONTINUE_WAIT_TEXT);
}

/**
 * The server's error line: 'continueWait' when it asks to repeat, else 'query'; rows already received are void. The
 * server's text is capped (MAX_WIRE_TEXT) before it goes into the message, the detail or the data.
 */
export function serverLineError(text: string, line: number, discardedRows: number, requestId?: string): AddinError {
  const message = capWireText(text);
  const data: Record<string, unknown> = { line, discardedRows, serverMessage: message };
  if (requestId !== undefined) data['requestId'] = capWireText(requestId, MAX_ID_TEXT);
  if (isContinueWaitText(text)) {
    return new AddinError('continueWait', 'The platform is still preparing the result; the request will be repeated.', {
      detail: message,
      data,
    });
  }
  const partial = discardedRows > 0 ? ` after ${discardedRows} rows, which were discarded` : '';
  return new AddinError('query', `The query failed${partial}: ${message}`, { detail: message, data });
}
