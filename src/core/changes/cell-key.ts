/** The text a cell's value is compared by when the add-in asks whether a cell still holds what it wrote (one rule for every host). */
import type { Scalar } from '../host';

/**
 * Significant digits a spreadsheet keeps of a number: Excel stores 15, so a value written with 17 reads back rounded,
 * and comparing at 15 digits keeps that rounding from looking like a hand edit.
 */
export const KEPT_DIGITS = 15;

/**
 * The comparison text of a value: empty for an empty cell or empty text (hosts read a cleared cell as either), numbers
 * at the digits a spreadsheet keeps, booleans as TRUE/FALSE. A number and the same digits as text compare equal: a host
 * may hand back text for a number it shows as text, and that is not an edit a user made.
 */
export function cellKey(value: Scalar | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberKey(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return value;
}

/**
 * A number's comparison text: the shortest form of its value rounded to 15 significant digits, as
 * `String(Number(value.toPrecision(15)))` gives it. Computed without the two conversions after `toPrecision`: distinct
 * decimals of at most 15 digits are distinct doubles (10^15 < 2^53), so the shortest form of the rounded value is the
 * 15-digit text itself less its trailing zeros, whenever `toPrecision` writes it without an exponent. A number's
 * comparison is the costly step of a large refresh's checks (a date with a time of day has 16 or 17 digits).
 */
function numberKey(value: number): string {
  if (value === 0) return '0';
  // An integer below 10^15 has at most 15 digits: its shortest form is already the rounded value's.
  if (Number.isInteger(value) && value < 1e15 && value > -1e15) return String(value);
  if (!Number.isFinite(value)) return String(value);
  const rounded = value.toPrecision(KEPT_DIGITS);
  if (rounded.includes('e')) return String(Number(rounded));
  if (!rounded.includes('.')) return rounded;
  let end = rounded.length;
  while (rounded.charCodeAt(end - 1) === ZERO) end--;
  if (rounded.charCodeAt(end - 1) === DOT) end--;
  return rounded.slice(0, end);
}

const ZERO = 48;
const DOT = 46;

/** True when two cell values compare equal under `cellKey`. */
export function sameCell(a: Scalar | undefined, b: Scalar | undefined): boolean {
  // Equal values have equal keys; only values that differ need their keys compared.
  return a === b || cellKey(a) === cellKey(b);
}
