/** Proleptic Gregorian calendar dates as whole days since 1970-01-01, by ECMAScript's UTC date arithmetic (no time zone). */

const MS_PER_DAY = 86_400_000;

/**
 * Days in 400 Gregorian years (a multiple of 7): the calendar and the weekdays repeat after it. Every date is moved into
 * the cycle of years 2000-2399 before it meets Date, because Date.UTC reads years 0-99 as 1900-1999 and a Date holds
 * only about 273,000 years either side of 1970; the whole cycles are added back as days or years.
 */
const CYCLE_DAYS = 146_097;
const CYCLE_YEARS = 400;
const BASE_YEAR = 2000;
/** Days from 1970-01-01 to 2000-01-01, the start of the base cycle. */
const BASE_DAYS = 10_957;

export interface CivilDate {
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to 31. */
  day: number;
}

/** Days from 1970-01-01 to a date; a month or day past its end carries into the next (month 13 is January after). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const cycles = Math.floor((year - BASE_YEAR) / CYCLE_YEARS);
  return Date.UTC(year - cycles * CYCLE_YEARS, month - 1, day) / MS_PER_DAY + cycles * CYCLE_DAYS;
}

/** The base-cycle Date of a day and the whole cycles it was moved by. */
function inBaseCycle(days: number): { date: Date; cycles: number } {
  const cycles = Math.floor((days - BASE_DAYS) / CYCLE_DAYS);
  return { date: new Date((days - cycles * CYCLE_DAYS) * MS_PER_DAY), cycles };
}

/** The calendar date `days` after 1970-01-01 (negative before it). */
export function civilFromDays(days: number): CivilDate {
  const { date, cycles } = inBaseCycle(days);
  return { year: date.getUTCFullYear() + cycles * CYCLE_YEARS, month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Day of the week of the day `days` after 1970-01-01: Sunday 0 ... Saturday 6, as Date's getUTCDay. */
export function weekdayOfDays(days: number): number {
  return inBaseCycle(days).date.getUTCDay();
}

/** Days in a month (1 to 12) of a year: February has 29 in leap years. */
export function daysInMonth(year: number, month: number): number {
  return daysFromCivil(year, month + 1, 1) - daysFromCivil(year, month, 1);
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of the day `days` after 1970-01-01. */
export function isoDateOfDays(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Days from 1970-01-01 to a valid `YYYY-MM-DD` date text. */
export function daysOfIsoDate(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return daysFromCivil(year, month, day);
}
