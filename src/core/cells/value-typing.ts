/** Typing of wire values for cells: numbers, booleans, serial dates and inert text, from the column type and the value text. */
import { TEXT_FORMAT } from '../host';
import type { ColumnType, StreamValue } from '../wire/schemas';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT, parseDateText } from './date-serial';
import { textCell } from './inert-text';
import { numberTextValue, type NumberPrecision } from './number-text';
import type { TypedCell } from './typed-cell';
import { numberPrecision, readBooleanText, valueKind } from './value-kind';

export type { TypedCell } from './typed-cell';
export { valueKind } from './value-kind';
export { typeColumn } from './column-typer';

function typeNumberText(text: string, precision: NumberPrecision): TypedCell {
  const read = numberTextValue(text, precision);
  if (read === null) return textCell(text);
  // Too many digits (or out of range) for a spreadsheet number: keep the exact text, inert.
  if (typeof read === 'string') return { value: read, format: TEXT_FORMAT };
  return { value: read, format: null };
}

function typeDateText(text: string): TypedCell {
  const parsed = parseDateText(text);
  if (parsed === null || parsed.beforeFirstSerialDate) return textCell(text);
  if (!parsed.hasTime) return { value: parsed.serial, format: DATE_FORMAT };
  return { value: parsed.serial, format: parsed.hasFraction ? DATE_TIME_MS_FORMAT : DATE_TIME_FORMAT };
}

/**
 * Types one wire value of a column for a cell (the reference for one value; whole results go through typeRowsInto, which
 * types each value the same way, then applies the column-wide rules).
 * - `null` is an empty cell; JSON booleans stay booleans whatever the column.
 * - Numeric columns (Int*, Double, Decimal...): the value text decides (decimals labelled Int32 stay decimals). Exact
 *   columns (Int*, Decimal, other numeric) keep numbers with more than 15 significant digits (so every integer beyond
 *   2^53) as exact text with TEXT_FORMAT; Double/Float columns hold doubles at the source, so their text converts
 *   unless it has more than 17 significant digits or is integer text that is not its double's shortest form;
 *   out-of-range numbers stay text too; text that is not a number goes through the inert-text rule.
 * - Boolean columns: `true`/`false` (also the text `true`/`false`/`t`/`f`, any case).
 * - Date and Timestamp columns: serial numbers (days since 1899-12-30, wall-clock, no zone shift) with DATE_FORMAT for
 *   a date, DATE_TIME_FORMAT for a timestamp (DATE_TIME_MS_FORMAT when it has a fraction of a second); dates before
 *   1900-03-01 and unreadable text stay text.
 * - Every other column is text: its values stay the same text in the sheet (TEXT_FORMAT when a host could convert them).
 */
export function typeValue(columnType: ColumnType, value: StreamValue): TypedCell {
  if (value === null) return { value: null, format: null };
  if (typeof value === 'boolean') return { value, format: null };
  const kind = valueKind(columnType);
  if (typeof value === 'number') {
    if (kind === 'number' && Number.isFinite(value)) return { value: Object.is(value, -0) ? 0 : value, format: null };
    return textCell(String(value));
  }
  switch (kind) {
    case 'number':
      return typeNumberText(value, numberPrecision(columnType));
    case 'boolean': {
      const read = readBooleanText(value);
      return read === null ? textCell(value) : { value: read, format: null };
    }
    case 'date':
      return typeDateText(value);
    case 'text':
      return textCell(value);
  }
}
