/** What the workbook model stores for a value written into a cell: the host's limits, and text read as a number or formula. */
import { AddinError } from '../errors/addin-error';
import type { Scalar } from '../host';
import { isNumberText } from '../cells/number-text';

/** True when text starting with this code unit could read as a number or a formula (number text's or storedInput's first characters). */
function mayParse(first: number): boolean {
  return (first >= 0x30 && first <= 0x39) || first === 0x2b || first === 0x2d || first === 0x2e || first === 0x3d;
}

/** Throws when a cell cannot hold `v`: text longer than `maxCellChars` ('limit'), a non-finite number ('host'). */
export function checkCellValue(v: Scalar | undefined, maxCellChars: number): void {
  if (typeof v === 'string' && v.length > maxCellChars)
    throw new AddinError('limit', `A value has ${v.length} characters; a cell holds at most ${maxCellChars}.`);
  if (typeof v === 'number' && !Number.isFinite(v)) throw new AddinError('host', `A cell cannot hold the number ${String(v)}.`);
}

/**
 * The value a cell stores for `value` written into it, with host semantics (the cell's format already applied): like a
 * real host, a string in a non-text cell is parsed, number text becomes a number; empty text empties the cell.
 */
export function storedInput(value: Scalar, textCell: boolean): Scalar {
  if (typeof value !== 'string') return value;
  if (value === '') return null;
  if (textCell || !mayParse(value.charCodeAt(0))) return value;
  return isNumberText(value) && Number.isFinite(Number(value)) ? Number(value) : value;
}

/** True when the stored text starts a formula in a non-text cell (`=`, `+` or `-` and more): marked, since the model computes none. */
export function startsFormula(stored: Scalar, textCell: boolean): boolean {
  if (typeof stored !== 'string' || textCell || stored.length < 2) return false;
  const first = stored.charCodeAt(0);
  return first === 0x3d || first === 0x2b || first === 0x2d;
}
