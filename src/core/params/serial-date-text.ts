/** A spreadsheet serial date (days since 1899-12-30, the day's fraction as its time) as the builder's date text. */

import { civilOfSerial } from '../cells/date-serial';

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

/**
 * `2026-01-31` for a whole serial, `2026-01-31 10:30:00` when it has a time of day (to the second, rounded: a cell shows
 * no finer time unless formatted to, and a filter on a time to the millisecond is not what a parameter cell means).
 */
export function serialDateText(serial: number): string {
  const seconds = Math.round(serial * 86_400);
  const days = Math.floor(seconds / 86_400);
  const rest = seconds - days * 86_400;
  const { year: y, month: m, day: d } = civilOfSerial(days);
  const date = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
  if (rest === 0) return date;
  return `${date} ${pad(Math.floor(rest / 3600), 2)}:${pad(Math.floor((rest % 3600) / 60), 2)}:${pad(rest % 60, 2)}`;
}
