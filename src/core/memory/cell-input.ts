/** What the workbook model stores for a value written into a cell: the host's limits, and text read as a number or formula. */
import { AddinError } from '../errors/addin-error';
import type { Scalar } from '../host';
import { TEXT_FORMAT } from '../host';
import { isNumberText } from '../cells/number-text';
import type { RowStore } from './sheet-store';

/** True when text starting with this code unit could read as a number or a formula (number text's or putValue's first characters). */
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
 * Stores one value with host semantics (the cell's format already applied): like a real host, a string in a non-text
 * cell is parsed, number text becomes a number and `=`/`+`/`-` start a formula (marked, since the model computes none).
 */
export function putValue(r: RowStore, col: number, value: Scalar, maxCellChars: number): void {
  checkCellValue(value, maxCellChars);
  let v: Scalar = value;
  let formula = false;
  if (typeof v === 'string') {
    if (v === '') v = null;
    else if (mayParse(v.charCodeAt(0)) && (r.f?.[col] ?? null) !== TEXT_FORMAT) {
      if (isNumberText(v) && Number.isFinite(Number(v))) v = Number(v);
      else if (v.length > 1 && (v.startsWith('=') || v.startsWith('+') || v.startsWith('-'))) formula = true;
    }
  }
  if (v === null) {
    if (col < r.v.length) delete r.v[col];
  } else r.v[col] = v;
  if (formula) (r.x ??= [])[col] = true;
  else if (r.x && col < r.x.length) delete r.x[col];
}
