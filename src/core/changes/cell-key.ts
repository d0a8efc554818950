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
    if (!Number.isFinite(value)) return String(value);
    return value === 0 ? '0' : String(Number(value.toPrecision(KEPT_DIGITS)));
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return value;
}

/** True when two cell values compare equal under `cellKey`. */
export function sameCell(a: Scalar | undefined, b: Scalar | undefined): boolean {
  return cellKey(a) === cellKey(b);
}
