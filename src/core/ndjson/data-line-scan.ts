/**
 * The decoder's fast path for the usual data line, `{"data":[[...],...]}` written without whitespace, escapes, control
 * characters or lone surrogates and with only strings, numbers, `null`, `true` and `false` as values: its rows, read
 * without JSON.parse. A bare number is read as the exact text it is written as (`bare-numbers.ts`), as the decoder's
 * other path reads it. JSON.parse internalizes every string shorter than 10 characters (every number the engine sends
 * is such a string): in Chromium that made a 2,048-row line take 15-20 ms and at times over 100 ms, filled the string
 * table with millions of entries and made major GC pauses of 250 ms while a large result streamed in. Strings read here
 * are not internalized: plain copies, or views of the line for a caller that asks for them.
 */
import type { StreamValue } from '../wire/schemas';
import { numberTokenEnd, startsNumber } from './bare-numbers';
import { ownText, SLICE_VIEW_LENGTH } from './line-views';
import { LONE_SURROGATE } from './unicode-text';

const PREFIX = '{"data":[';
/** A backslash (an escape), a control character or a lone surrogate: such a line is left to JSON.parse. */
const NOT_PLAIN = new RegExp(`[\\u0000-\\u001f\\\\]|${LONE_SURROGATE.source}`);
const QUOTE = 34;
const COMMA = 44;
const OPEN = 91;
const CLOSE = 93;
const BRACE_CLOSE = 125;

/**
 * The rows of `text` when it is a data line in the plain form above whose every row holds `width` values, exactly as
 * `JSON.parse(quoteBareNumbers(text)).data` would give them (each row sized once: pushing made arrays of twice the room); undefined for
 * any other line (the caller parses it with JSON.parse and judges it as before, a row of another width included).
 * With `views`, a longer string may be a view of `text` (`line-views.ts`): for a consumer that copies what it keeps.
 * Without, such a string is copied by parsing its own quoted token (not internalized at that length).
 */
export function scanDataLine(text: string, width: number, views = false): StreamValue[][] | undefined {
  const copyFrom = views ? Infinity : SLICE_VIEW_LENGTH;
  if (!text.startsWith(PREFIX) || NOT_PLAIN.test(text)) return undefined;
  const rows: StreamValue[][] = [];
  let i = PREFIX.length;
  if (text.charCodeAt(i) === CLOSE) i += 1;
  else
    for (;;) {
      if (text.charCodeAt(i) !== OPEN) return undefined;
      i += 1;
      const row = new Array<StreamValue>(width);
      let k = 0;
      if (text.charCodeAt(i) === CLOSE) i += 1;
      else
        for (;;) {
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            const end = text.indexOf('"', i + 1);
            if (end === -1) return undefined;
            if (k === width) return undefined;
            row[k++] = end - i - 1 < copyFrom ? text.slice(i + 1, end) : (JSON.parse(text.slice(i, end + 1)) as string);
            i = end + 1;
          } else if (startsNumber(c)) {
            const end = numberTokenEnd(text, i);
            if (end === -1 || k === width) return undefined;
            const number = text.slice(i, end);
            row[k++] = end - i < copyFrom ? number : ownText(number);
            i = end;
          } else if (text.startsWith('null', i)) {
            if (k === width) return undefined;
            row[k++] = null;
            i += 4;
          } else if (text.startsWith('true', i)) {
            if (k === width) return undefined;
            row[k++] = true;
            i += 4;
          } else if (text.startsWith('false', i)) {
            if (k === width) return undefined;
            row[k++] = false;
            i += 5;
          } else return undefined;
          const next = text.charCodeAt(i++);
          if (next === CLOSE) break;
          if (next !== COMMA) return undefined;
        }
      if (k !== width) return undefined;
      rows.push(row);
      const next = text.charCodeAt(i++);
      if (next === CLOSE) break;
      if (next !== COMMA) return undefined;
    }
  return i === text.length - 1 && text.charCodeAt(i) === BRACE_CLOSE ? rows : undefined;
}
