/**
 * The inert-text rule: which text a spreadsheet would reinterpret, and so must carry TEXT_FORMAT.
 * A spreadsheet turns such text into a formula, number, date, boolean or error.
 */
import { TEXT_FORMAT } from '../host';
import type { TypedCell } from './typed-cell';

/**
 * True for leading characters that make a host read text as something else: formula starters (`=`, `+`, `-`, `@`, and
 * their full-width forms that East Asian input turns into them), error literals (`#N/A`), and the apostrophe that both
 * hosts swallow as a "text prefix".
 */
function isRiskyFirst(c: number): boolean {
  switch (c) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x40: // @
    case 0x23: // #
    case 0x27: // '
    case 0xff1d: // full-width =
    case 0xff0b: // full-width +
    case 0xff0d: // full-width -
    case 0xff20: // full-width @
      return true;
    default:
      return false;
  }
}

/**
 * White space of any kind (space, tab, CR, LF, no-break space...), exactly the UTF-16 units JavaScript's `\s` matches:
 * hosts trim it before parsing.
 */
function isWhiteSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Any decimal digit of any script (Excel converts full-width digits too). */
const ANY_DIGIT = /\p{Nd}/u;
/** Below this UTF-16 unit the only decimal digits are the ASCII ones (U+0660 ARABIC-INDIC DIGIT ZERO is the next). */
const FIRST_NON_ASCII_DIGIT = 0x660;

/**
 * True when `text` is `word` with its lower-case ASCII letters in either case, as a case-insensitive regex without the
 * u flag compares (no other character matches an ASCII letter: not `ſ`, not the Kelvin sign).
 */
export function isAsciiWordIgnoringCase(text: string, word: string): boolean {
  if (text.length !== word.length) return false;
  for (let i = 0; i < word.length; i++) {
    const c = text.charCodeAt(i);
    const w = word.charCodeAt(i);
    if (c !== w && !(w >= 0x61 && w <= 0x7a && c === w - 0x20)) return false;
  }
  return true;
}

/**
 * True when a host could read `text` as anything but the same text: it starts with white space or with a formula,
 * error or prefix character, it is TRUE/FALSE, or it holds a digit (so numbers, dates, times, fractions, percentages,
 * currency amounts and `1e5` are all covered without guessing the user's locale). Empty text needs no protection.
 */
export function needsTextFormat(text: string): boolean {
  const n = text.length;
  if (n === 0) return false;
  const first = text.charCodeAt(0);
  if (isRiskyFirst(first) || isWhiteSpace(first)) return true;
  if (isAsciiWordIgnoringCase(text, 'true') || isAsciiWordIgnoringCase(text, 'false')) return true;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) return true;
    // Other scripts' digits (and surrogate pairs): let the Unicode property decide.
    if (c >= FIRST_NON_ASCII_DIGIT) return ANY_DIGIT.test(text);
  }
  return false;
}

/** A text cell that stays the same text in every host: TEXT_FORMAT when the rule above says so, else no format. */
export function textCell(text: string): TypedCell {
  return { value: text, format: needsTextFormat(text) ? TEXT_FORMAT : null };
}
