/**
 * What typing text into a preview cell stores, like a spreadsheet: numbers, TRUE/FALSE, ISO dates as serial dates.
 * `=...` stays text because the preview has no formula engine.
 */
import type { Scalar } from '../../core/host';
import { TEXT_FORMAT } from '../../core/host';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT, parseDateText } from '../../core/cells/date-serial';
import { isNumberText } from '../../core/cells/number-text';
import { isDateFormat } from '../../core/cells/cell-display';

export interface TypedInput {
  value: Scalar;
  /** Number format to apply with the value; `undefined` leaves the cell's format alone. */
  format?: string;
}

/**
 * Text typed into a cell whose current format is `format`. Number text becomes a number; a value starting with `=` is kept as typed text and marked as a formula,
 * since the preview computes no formulas. A text-formatted cell keeps exactly what was typed.
 */
export function typedInput(text: string, format: string | null): TypedInput {
  if (format === TEXT_FORMAT) return { value: text === '' ? null : text };
  if (text.trim() === '') return { value: null };
  const trimmed = text.trim();
  if (isNumberText(trimmed) && Number.isFinite(Number(trimmed))) return { value: Number(trimmed) };
  if (/^(true|false)$/i.test(trimmed)) return { value: trimmed.toLowerCase() === 'true' };
  const date = parseDateText(trimmed);
  if (date !== null && !date.beforeFirstSerialDate) {
    if (isDateFormat(format)) return { value: date.serial };
    return { value: date.serial, format: date.hasFraction ? DATE_TIME_MS_FORMAT : date.hasTimeOfDay ? DATE_TIME_FORMAT : DATE_FORMAT };
  }
  return { value: text };
}
