/**
 * Bare JSON numbers in a data line, read as the exact text they are written as. The contract sends every number as a
 * JSON string (`"10"`, `"1234567.89"`); a bare number would otherwise become a double, so `1e400` would be Infinity and
 * a 30-digit integer would lose its last digits without a word. As text, it is typed like the engine's own number text
 * (`cells/number-text.ts`): a number a spreadsheet holds, or the exact text when it has more digits or is out of range.
 */

/** True for the digit `0`-`9` (false past the end of the text, where `ch` is undefined). */
const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';

/** True when a JSON number may start with the code unit `c`: `-` (45) or a digit (48-57). */
export const startsNumber = (c: number): boolean => c === 45 || (c >= 48 && c <= 57);

function digitsEnd(text: string, i: number): number {
  let j = i;
  while (isDigit(text[j])) j += 1;
  return j;
}

/**
 * The end of the JSON number token that starts at `i` (`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`), or -1 when
 * no valid number starts there.
 */
export function numberTokenEnd(text: string, i: number): number {
  let j = i;
  if (text[j] === '-') j += 1;
  const first = text[j];
  if (!isDigit(first)) return -1;
  j = first === '0' ? j + 1 : digitsEnd(text, j);
  if (text[j] === '.') {
    const end = digitsEnd(text, j + 1);
    if (end === j + 1) return -1;
    j = end;
  }
  if (text[j] === 'e' || text[j] === 'E') {
    let k = j + 1;
    if (text[k] === '+' || text[k] === '-') k += 1;
    const end = digitsEnd(text, k);
    if (end === k) return -1;
    j = end;
  }
  return j;
}

/** The index just past the JSON string whose opening quote is at `i` (escaped quotes skipped). */
function stringEnd(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q === -1) return text.length;
    let backslashes = 0;
    while (text[q - 1 - backslashes] === '\\') backslashes += 1;
    if (backslashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/**
 * `text` (valid JSON) with every bare number written as a string of its own text, so JSON.parse keeps its digits:
 * `[1e400,"a",12]` becomes `["1e400","a","12"]`. Text inside strings is left as it is.
 */
export function quoteBareNumbers(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      i = stringEnd(text, i);
    } else if (ch === '-' || isDigit(ch)) {
      const end = numberTokenEnd(text, i);
      if (end === -1) return text; // not JSON after all: JSON.parse will say so
      parts.push(text.slice(copied, i), '"', text.slice(i, end), '"');
      copied = end;
      i = end;
    } else {
      i += 1;
    }
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}
