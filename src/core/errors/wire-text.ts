/**
 * Text from off the wire (an error line, an error body) capped before an error carries it: a server can send a 50 MB
 * message, and an error's text reaches the pane, the console and stored records whole.
 */
import { ownText } from '../ndjson/line-views';

/** Characters of a server's text an error carries; longer text is cut there and ends with an ellipsis. */
export const MAX_WIRE_TEXT = 2000;

/** Characters of a server's code or request id an error carries. */
export const MAX_ID_TEXT = 200;

/**
 * `text`, or its first `max` characters and `…` (never ending in half a surrogate pair), as a string of its own: a
 * slice of a long text would keep the whole of it alive.
 */
export function capWireText(text: string, max: number = MAX_WIRE_TEXT): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return ownText(`${text.slice(0, end)}…`);
}
