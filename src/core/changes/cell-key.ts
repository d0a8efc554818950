/** The text a cell's value is compared by when the add-in asks whether a cell still holds what it wrote (one rule for every host). */
import type { Scalar } from '../host';

/**
 * Significant digits a spreadsheet keeps of a number: Excel stores 15, so a value written with 17 reads back rounded,
 * and comparing at 15 digits keeps that rounding from looking like a hand edit.
 */
const KEPT_DIGITS = 15;

/**
 * The comparison text of a value: empty for an empty cell or empty text (hosts read a cleared cell as either), numbers
 * at the digits a spreadsheet keeps, booleans as TRUE/FALSE. A number and the same digits as text compare equal: a host
 * may hand back text for a number it shows as text, and that is not an edit a user made.
 */
export function cellKey(value: Scalar | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (value === 0) return '0';
    const shortest = String(value);
    // A shortest form of at most 15 characters has at most 15 digits, and a double reads back to the same 15-digit
    // decimal, so rounding to 15 digits would give this text again (toPrecision is the costly step of a large compare).
    if (shortest.length <= KEPT_DIGITS || !Number.isFinite(value)) return shortest;
    return String(Number(value.toPrecision(KEPT_DIGITS)));
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return value;
}

/** True when two cell values compare equal under `cellKey`. */
export function sameCell(a: Scalar | undefined, b: Scalar | undefined): boolean {
  // Equal values have equal keys; only values that differ need their keys compared.
  return a === b || cellKey(a) === cellKey(b);
}
