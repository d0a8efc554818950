/** How a column's values are read, decided once from its type: the value kind, how exact its numbers are, and boolean text. */
import { columnTypeName, type ColumnType } from '../wire/schemas';
import { isAsciiWordIgnoringCase } from './inert-text';
import type { NumberPrecision } from './number-text';

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

/** `float` for Double/Float columns, `exact` for every other numeric column. */
export function numberPrecision(columnType: ColumnType): NumberPrecision {
  return FLOAT_TYPE.test(columnTypeName(columnType)) ? 'float' : 'exact';
}

/** The boolean of a Boolean column's text: `true`/`t` and `false`/`f` in any ASCII case; `null` for other text. */
export function readBooleanText(text: string): boolean | null {
  if (isAsciiWordIgnoringCase(text, 'true') || isAsciiWordIgnoringCase(text, 't')) return true;
  if (isAsciiWordIgnoringCase(text, 'false') || isAsciiWordIgnoringCase(text, 'f')) return false;
  return null;
}
