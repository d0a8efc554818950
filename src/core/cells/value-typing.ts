/** Typing of wire values for cells: numbers, booleans, serial dates and inert text, from the column type and the value text. */
import { TEXT_FORMAT } from '../host';
import { columnTypeName, type ColumnType, type StreamColumn, type StreamValue } from '../api/schemas';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT, parseDateText } from './date-serial';
import { textCell } from './inert-text';
import { memberNumberFormat } from './member-format';
import { readNumberText, type NumberPrecision } from './number-text';
import type { TypedCell } from './typed-cell';

export type { TypedCell } from './typed-cell';

/** How a column's values are read, from its `column_type` name. */
export type ValueKind = 'number' | 'boolean' | 'date' | 'text';

const NUMERIC_TYPE = /^(u?int\d*|float\d*|double|decimal\d*|numeric|number|real)$/i;
/** Numeric types held as binary doubles at the source; the others (Int*, Decimal...) are exact. */
const FLOAT_TYPE = /^(float\d*|double|real)$/i;
const BOOLEAN_TYPE = /^(boolean|bool)$/i;
const DATE_TYPE = /^(timestamp|timestamptz|datetime\d*|date\d*)$/i;

/** The kind of a column type; every type not known as numeric, boolean or date/time (String, VarStr, Blob, Interval, List...) is text. */
export function valueKind(columnType: ColumnType): ValueKind {
  const name = columnTypeName(columnType);
  if (NUMERIC_TYPE.test(name)) return 'number';
  if (BOOLEAN_TYPE.test(name)) return 'boolean';
  if (DATE_TYPE.test(name)) return 'date';
  return 'text';
}

const TRUE_TEXT = /^(true|t)$/i;
const FALSE_TEXT = /^(false|f)$/i;

/** `float` for Double/Float columns, `exact` for every other numeric column. */
export function numberPrecision(columnType: ColumnType): NumberPrecision {
  return FLOAT_TYPE.test(columnTypeName(columnType)) ? 'float' : 'exact';
}

function typeNumberText(text: string, precision: NumberPrecision): TypedCell {
  const reading = readNumberText(text, precision);
  if (reading === null) return textCell(text);
  // Too many digits (or out of range) for a spreadsheet number: keep the exact text, inert.
  if (reading.kind === 'exact') return { value: reading.text, format: TEXT_FORMAT };
  return { value: reading.value, format: null };
}

function typeDateText(text: string): TypedCell {
  const parsed = parseDateText(text);
  if (parsed === null || parsed.beforeFirstSerialDate) return textCell(text);
  if (!parsed.hasTime) return { value: parsed.serial, format: DATE_FORMAT };
  return { value: parsed.serial, format: parsed.hasFraction ? DATE_TIME_MS_FORMAT : DATE_TIME_FORMAT };
}

/**
 * Types one wire value of a column for a cell.
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
    case 'boolean':
      if (TRUE_TEXT.test(value)) return { value: true, format: null };
      if (FALSE_TEXT.test(value)) return { value: false, format: null };
      return textCell(value);
    case 'date':
      return typeDateText(value);
    case 'text':
      return textCell(value);
  }
}

export interface TypeColumnOptions {
  /** Apply the column's percent/currency hint as a number format on its numeric cells (default true). */
  memberFormats?: boolean;
}

/**
 * Types a whole column: typeValue per value, then two column-wide decisions so a column reads uniformly:
 * - a date/time column whose timestamps are all at midnight (DATE_TRUNC to day, week, month, quarter, year) shows as
 *   dates (DATE_FORMAT); if any timestamp has a fraction of a second, all timestamps show milliseconds;
 * - numeric cells get the member's percent/currency format when the header names one (see memberNumberFormat).
 */
export function typeColumn(
  column: Pick<StreamColumn, 'column_type' | 'format' | 'currency'>,
  values: readonly StreamValue[],
  options: TypeColumnOptions = {},
): TypedCell[] {
  const cells = values.map((v) => typeValue(column.column_type, v));
  const kind = valueKind(column.column_type);
  if (kind === 'date') {
    let anyTimeOfDay = false;
    let anyFraction = false;
    for (const cell of cells) {
      if (cell.format === DATE_TIME_MS_FORMAT) anyFraction = true;
      if ((cell.format === DATE_TIME_FORMAT || cell.format === DATE_TIME_MS_FORMAT) && typeof cell.value === 'number') {
        if (cell.value !== Math.floor(cell.value)) anyTimeOfDay = true;
      }
    }
    const timestampFormat = anyFraction ? DATE_TIME_MS_FORMAT : anyTimeOfDay ? DATE_TIME_FORMAT : DATE_FORMAT;
    for (const cell of cells) {
      if (cell.format === DATE_TIME_FORMAT || cell.format === DATE_TIME_MS_FORMAT) cell.format = timestampFormat;
    }
  } else if (kind === 'number' && options.memberFormats !== false) {
    const format = memberNumberFormat(column);
    if (format !== null) {
      for (const cell of cells) if (typeof cell.value === 'number' && cell.format === null) cell.format = format;
    }
  }
  return cells;
}
