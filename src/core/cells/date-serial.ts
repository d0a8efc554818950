/** Spreadsheet serial dates: days since 1899-12-30 of the proleptic Gregorian calendar (no time zone), and the engine's date text. */
import { civilFromDays, daysFromCivil, daysInMonth, type CivilDate } from './civil-date';

/** Number format of a date cell (ISO order: unambiguous in every locale, sorts as text too). */
export const DATE_FORMAT = 'yyyy-mm-dd';
/** Number format of a timestamp cell with a time of day. */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Number format of a timestamp cell whose column has fractions of a second. */
export const DATE_TIME_MS_FORMAT = 'yyyy-mm-dd hh:mm:ss.000';

/**
 * First date written as a serial: 1900-03-01 (serial 61). Earlier serials mean different days in Excel (its 1900
 * leap-year bug) and Sheets, and dates before 1899-12-30 have negative serials no host shows as dates.
 */
export const FIRST_SERIAL_DATE = { year: 1900, month: 3, day: 1 } as const;

const NANOS_PER_DAY = 86_400_000_000_000;

/** Serial of 1970-01-01 (days from 1899-12-30). */
const UNIX_EPOCH_SERIAL = 25569;

/** The calendar date of a whole serial day: 45351 is 2024-02-29. */
export function civilOfSerial(serialDay: number): CivilDate {
  return civilFromDays(serialDay - UNIX_EPOCH_SERIAL);
}

/** The serial number of a calendar date: 1899-12-30 is 0, 1900-01-01 is 2, 2024-02-29 is 45351. */
export function dateSerial(year: number, month: number, day: number): number {
  return daysFromCivil(year, month, day) + UNIX_EPOCH_SERIAL;
}

export interface ParsedDateText {
  /** Days since 1899-12-30 plus the fraction of the day. */
  serial: number;
  /** True when the text had a time part (even 00:00:00). */
  hasTime: boolean;
  /** True when the time is not midnight. */
  hasTimeOfDay: boolean;
  /** True when the seconds have a non-zero fraction. */
  hasFraction: boolean;
  /** True when the date is before FIRST_SERIAL_DATE. */
  beforeFirstSerialDate: boolean;
}

const CHAR_0 = 0x30;
const CHAR_DASH = 0x2d;
const CHAR_COLON = 0x3a;
const CHAR_DOT = 0x2e;
const CHAR_T = 0x54;
const CHAR_SPACE = 0x20;

/** The value of the `count` ASCII digits of `text` at `start`, or -1 when one of them is not an ASCII digit. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const d = text.charCodeAt(i) - CHAR_0;
    if (!(d >= 0 && d <= 9)) return -1;
    value = value * 10 + d;
  }
  return value;
}

/**
 * `day` plus the fraction of `nanos`, never rounded up into the next day: at today's serials a double resolves about
 * 40 microseconds, so 23:59:59.999999999 would otherwise become the next midnight (and 9999-12-31 a serial past the
 * last date a spreadsheet shows). Such a time keeps the largest serial of its own day instead.
 */
export function withinDay(day: number, nanos: number): number {
  const serial = day + nanos / NANOS_PER_DAY;
  if (serial < day + 1) return serial;
  const next = day + 1;
  // One unit in the last place below `next` (exact for the positive serials of dates; halved at a power of two).
  let ulp = 2 ** (Math.floor(Math.log2(next)) - 52);
  while (next - ulp >= next) ulp *= 2;
  return next - ulp;
}

/** Powers of ten that scale a fraction of `n` digits (index n, 1 to 9) to nanoseconds. */
const FRACTION_SCALE = [0, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1];

/**
 * Reads the engine's date or timestamp text: `YYYY-MM-DD`, optionally `T` or space and `HH:MM[:SS[.fraction]]` (1 to
 * 9 fraction digits), no zone (wall-clock time). `null` when it is not one or names an impossible date or time.
 */
export function parseDateText(text: string): ParsedDateText | null {
  const reading: ParsedDateText = { serial: 0, hasTime: false, hasTimeOfDay: false, hasFraction: false, beforeFirstSerialDate: false };
  return readDateText(text, reading) ? reading : null;
}

/**
 * parseDateText into `into` (its fields are all set when it returns true; left as they were when it returns false): a
 * typer reading a whole column reuses one reading object instead of allocating one a value.
 */
export function readDateText(text: string, into: ParsedDateText): boolean {
  const n = text.length;
  if (n < 10 || text.charCodeAt(4) !== CHAR_DASH || text.charCodeAt(7) !== CHAR_DASH) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 0 || month < 0 || day < 0) return false;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let fraction = 0;
  const hasTime = n > 10;
  if (hasTime) {
    const sep = text.charCodeAt(10);
    if ((sep !== CHAR_T && sep !== CHAR_SPACE) || n < 16 || text.charCodeAt(13) !== CHAR_COLON) return false;
    hour = digitsAt(text, 11, 2);
    minute = digitsAt(text, 14, 2);
    if (hour < 0 || minute < 0) return false;
    if (n > 16) {
      if (n < 19 || text.charCodeAt(16) !== CHAR_COLON) return false;
      second = digitsAt(text, 17, 2);
      if (second < 0) return false;
      if (n > 19) {
        const digits = n - 20;
        if (text.charCodeAt(19) !== CHAR_DOT || digits < 1 || digits > 9) return false;
        const f = digitsAt(text, 20, digits);
        if (f < 0) return false;
        fraction = f * (FRACTION_SCALE[digits] ?? 0);
      }
    }
  }
  // Every month has 28 days: only a later day needs its month's length (this runs once a value of a column).
  if (month < 1 || month > 12 || day < 1 || (day > 28 && day > daysInMonth(year, month))) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  const nanos = ((hour * 60 + minute) * 60 + second) * 1_000_000_000 + fraction;
  const beforeFirstSerialDate = year < FIRST_SERIAL_DATE.year || (year === FIRST_SERIAL_DATE.year && month < FIRST_SERIAL_DATE.month);
  into.serial = withinDay(dateSerial(year, month, day), nanos);
  into.hasTime = hasTime;
  into.hasTimeOfDay = nanos !== 0;
  into.hasFraction = fraction !== 0;
  into.beforeFirstSerialDate = beforeFirstSerialDate;
  return true;
}
