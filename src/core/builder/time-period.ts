/** The period a date filter value means on a time dimension: the whole day, or the member's granularity period (week, month...). */
import type { BuilderGranularity } from './builder-state';
import { nextDay, type TimeValue } from './sql-text';

/** A half-open span of dates: `from` inclusive, `until` exclusive (`YYYY-MM-DD`, calendar dates, no time zone). */
export interface DatePeriod {
  from: string;
  until: string;
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const ymd = (y: number, m: number, d: number): string => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

function addMonths(y: number, m: number, months: number): [number, number] {
  const index = y * 12 + (m - 1) + months;
  return [Math.floor(index / 12), (index % 12) + 1];
}

function addDays(date: string, days: number): string {
  let out = date;
  for (let i = 0; i < days; i += 1) out = nextDay(out);
  return out;
}

/** Day of the week, Monday 0 ... Sunday 6 (proleptic Gregorian; Zeller-style, no Date object). */
function weekdayFromMonday(date: string): number {
  const [y0, m0, d] = parts(date);
  const m = m0 < 3 ? m0 + 12 : m0;
  const y = m0 < 3 ? y0 - 1 : y0;
  const k = y % 100;
  const j = Math.floor(y / 100);
  const h = (d + Math.floor((13 * (m + 1)) / 5) + k + Math.floor(k / 4) + Math.floor(j / 4) + 5 * j) % 7; // 0 = Saturday
  return (h + 5) % 7;
}

/**
 * The dates a date-alone value stands for under a granularity: its day, or the week (Monday first, as DATE_TRUNC),
 * month, quarter or year that holds it. Granularities finer than a day keep the whole day.
 */
export function periodOf(date: string, granularity: BuilderGranularity | null): DatePeriod {
  const [y, m] = parts(date);
  switch (granularity) {
    case 'year':
      return { from: ymd(y, 1, 1), until: ymd(y + 1, 1, 1) };
    case 'quarter': {
      const first = m - ((m - 1) % 3);
      const [ny, nm] = addMonths(y, first, 3);
      return { from: ymd(y, first, 1), until: ymd(ny, nm, 1) };
    }
    case 'month': {
      const [ny, nm] = addMonths(y, m, 1);
      return { from: ymd(y, m, 1), until: ymd(ny, nm, 1) };
    }
    case 'week': {
      // Back to Monday: at most six days, each step the day before.
      let from = date;
      const back = weekdayFromMonday(date);
      for (let i = 0; i < back; i += 1) from = previousDay(from);
      return { from, until: addDays(from, 7) };
    }
    default:
      return { from: date, until: nextDay(date) };
  }
}

function daysInMonth(y: number, m: number): number {
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return m === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
}

function previousDay(date: string): string {
  const [y, m, d] = parts(date);
  if (d > 1) return ymd(y, m, d - 1);
  const [py, pm] = addMonths(y, m, -1);
  return ymd(py, pm, daysInMonth(py, pm));
}

/** The period a filter value means: a date alone is a period (see periodOf); a date and time is that instant (null). */
export function filterPeriod(value: TimeValue, granularity: BuilderGranularity | null): DatePeriod | null {
  return value.time === null ? periodOf(value.date, granularity) : null;
}

/** The last date inside a period (for inclusive date ranges such as the JSON query's inDateRange). */
export function lastDateOf(period: DatePeriod): string {
  return previousDay(period.until);
}
