/** Spreadsheet serial dates: days since 1899-12-30 by pure calendar arithmetic (no time zone), and the engine's date text. */

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

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Serial of 1970-01-01 (days from 1899-12-30). */
const UNIX_EPOCH_SERIAL = 25569;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
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

/** `YYYY-MM-DD`, optionally `T` or space and `HH:MM[:SS[.fraction]]`; no zone (wall-clock time). */
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/;

/** Reads the engine's date or timestamp text; `null` when it is not one or names an impossible date or time. */
export function parseDateText(text: string): ParsedDateText | null {
  const m = DATE_TEXT.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const hasTime = m[4] !== undefined;
  const hour = Number(m[4] ?? 0);
  const minute = Number(m[5] ?? 0);
  const second = Number(m[6] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const fraction = (m[7] ?? '').padEnd(9, '0');
  const nanos = ((hour * 60 + minute) * 60 + second) * 1_000_000_000 + Number(fraction);
  const beforeFirstSerialDate =
    year < FIRST_SERIAL_DATE.year || (year === FIRST_SERIAL_DATE.year && month < FIRST_SERIAL_DATE.month);
  return {
    serial: dateSerial(year, month, day) + nanos / NANOS_PER_DAY,
    hasTime,
    hasTimeOfDay: nanos !== 0,
    hasFraction: Number(fraction) !== 0,
    beforeFirstSerialDate,
  };
}
