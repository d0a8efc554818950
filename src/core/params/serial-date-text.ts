/** A spreadsheet serial date (days since 1899-12-30, the day's fraction as its time) as the builder's date text. */

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

/** Days from 1970-01-01 back to a civil date (H. Hinnant's civil_from_days). */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** Serial of 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25569;

/**
 * `2026-01-31` for a whole serial, `2026-01-31 10:30:00` when it has a time of day (to the second, rounded: a cell shows
 * no finer time unless formatted to, and a filter on a time to the millisecond is not what a parameter cell means).
 */
export function serialDateText(serial: number): string {
  const seconds = Math.round(serial * 86_400);
  const days = Math.floor(seconds / 86_400);
  const rest = seconds - days * 86_400;
  const [y, m, d] = civilFromDays(days - UNIX_EPOCH_SERIAL);
  const date = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
  if (rest === 0) return date;
  return `${date} ${pad(Math.floor(rest / 3600), 2)}:${pad(Math.floor((rest % 3600) / 60), 2)}:${pad(rest % 60, 2)}`;
}
