/** The period a date filter value means on a time dimension: the whole day, or the member's granularity period (week, month...). */
import { civilFromDays, daysFromCivil, daysOfIsoDate, isoDateOfDays, weekdayOfDays } from '../cells/civil-date';
import type { BuilderGranularity } from './builder-state';
import { nextDay, type TimeValue } from './sql-text';

/** A half-open span of dates: `from` inclusive, `until` exclusive (`YYYY-MM-DD`, calendar dates, no time zone). */
export interface DatePeriod {
  from: string;
  until: string;
}

/** `YYYY-MM-01` of a month; a month past 12 carries into the years after. */
const firstOfMonth = (year: number, month: number): string => isoDateOfDays(daysFromCivil(year, month, 1));

/**
 * The dates a date-alone value stands for under a granularity: its day, or the week (Monday first, as DATE_TRUNC),
 * month, quarter or year that holds it. Granularities finer than a day keep the whole day.
 */
export function periodOf(date: string, granularity: BuilderGranularity | null): DatePeriod {
  const days = daysOfIsoDate(date);
  const { year: y, month: m } = civilFromDays(days);
  switch (granularity) {
    case 'year':
      return { from: firstOfMonth(y, 1), until: firstOfMonth(y + 1, 1) };
    case 'quarter': {
      const first = m - ((m - 1) % 3);
      return { from: firstOfMonth(y, first), until: firstOfMonth(y, first + 3) };
    }
    case 'month':
      return { from: firstOfMonth(y, m), until: firstOfMonth(y, m + 1) };
    case 'week': {
      const monday = days - ((weekdayOfDays(days) + 6) % 7);
      return { from: isoDateOfDays(monday), until: isoDateOfDays(monday + 7) };
    }
    default:
      return { from: date, until: nextDay(date) };
  }
}

/** The period a filter value means: a date alone is a period (see periodOf); a date and time is that instant (null). */
export function filterPeriod(value: TimeValue, granularity: BuilderGranularity | null): DatePeriod | null {
  return value.time === null ? periodOf(value.date, granularity) : null;
}

/** The last date inside a period (for inclusive date ranges such as the JSON query's inDateRange). */
export function lastDateOf(period: DatePeriod): string {
  return isoDateOfDays(daysOfIsoDate(period.until) - 1);
}
