/**
 * Relative date periods for filters on time fields (today, yesterday, the last N days/weeks/months/quarters/years, this
 * or last week/month/quarter/year, year/quarter/month to date): their stored codes, their words for the card, and their
 * SQL, which the platform evaluates at query time against `CURRENT_DATE` in the query's time zone, so a refresh next
 * month moves with the calendar.
 */

export const RELATIVE_UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type RelativeUnit = (typeof RELATIVE_UNITS)[number];
/** Units a calendar period ("this month") or a period to date ("month to date") can be. */
export type CalendarUnit = Exclude<RelativeUnit, 'day'>;

export type RelativePeriod =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  /** The N whole units before the current one: "last 7 days" ends yesterday, "last 3 months" ends with last month. */
  | { kind: 'last'; n: number; unit: RelativeUnit }
  | { kind: 'this'; unit: CalendarUnit }
  | { kind: 'previous'; unit: CalendarUnit }
  /** From the start of the current unit through today. */
  | { kind: 'toDate'; unit: CalendarUnit };

/** The largest N a "last N" period takes (about 270 years of days: any larger is a typing slip). */
export const MAX_RELATIVE_COUNT = 100_000;

const isUnit = (u: string): u is RelativeUnit => (RELATIVE_UNITS as readonly string[]).includes(u);
const isCalendarUnit = (u: string): u is CalendarUnit => u !== 'day' && isUnit(u);

/** The stored code of a period: `today`, `yesterday`, `last-7-day`, `this-month`, `previous-quarter`, `to-date-year`. */
export function relativePeriodCode(p: RelativePeriod): string {
  switch (p.kind) {
    case 'today':
    case 'yesterday':
      return p.kind;
    case 'last':
      return `last-${p.n}-${p.unit}`;
    case 'this':
      return `this-${p.unit}`;
    case 'previous':
      return `previous-${p.unit}`;
    case 'toDate':
      return `to-date-${p.unit}`;
  }
}

/** The period a stored code names, or `null` when it names none. */
export function parseRelativePeriod(code: string): RelativePeriod | null {
  if (code === 'today' || code === 'yesterday') return { kind: code };
  const last = /^last-(\d{1,6})-([a-z]+)$/.exec(code);
  if (last) {
    const n = Number(last[1]);
    const unit = last[2] ?? '';
    return n >= 1 && n <= MAX_RELATIVE_COUNT && isUnit(unit) ? { kind: 'last', n, unit } : null;
  }
  const calendar = /^(this|previous|to-date)-([a-z]+)$/.exec(code);
  if (calendar && isCalendarUnit(calendar[2] ?? '')) {
    const unit = calendar[2] as CalendarUnit;
    const kind = calendar[1] === 'to-date' ? 'toDate' : (calendar[1] as 'this' | 'previous');
    return { kind, unit };
  }
  return null;
}

const plural = (n: number, unit: RelativeUnit): string => (n === 1 ? unit : `${unit}s`);
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The period in words, as the card shows it: "Last 7 days (before today)", "This quarter", "Year to date". */
export function relativePeriodWords(p: RelativePeriod): string {
  switch (p.kind) {
    case 'today':
      return 'Today';
    case 'yesterday':
      return 'Yesterday';
    case 'last':
      return `Last ${p.n} ${plural(p.n, p.unit)} (before ${p.unit === 'day' ? 'today' : `this ${p.unit}`})`;
    case 'this':
      return `This ${p.unit}`;
    case 'previous':
      return `Last ${p.unit}`;
    case 'toDate':
      return `${capital(p.unit)} to date`;
  }
}

/** An interval of `n` units as SQL: days and weeks in days, months, quarters and years in months. */
function interval(n: number, unit: RelativeUnit): string {
  switch (unit) {
    case 'day':
      return `INTERVAL '${n} day'`;
    case 'week':
      return `INTERVAL '${n * 7} day'`;
    case 'month':
      return `INTERVAL '${n} month'`;
    case 'quarter':
      return `INTERVAL '${n * 3} month'`;
    case 'year':
      return `INTERVAL '${n * 12} month'`;
  }
}

/** The SQL expression of the first day of the current `unit` (weeks start on Monday, as DATE_TRUNC has them). */
function startOf(unit: RelativeUnit, today: string): string {
  return unit === 'day' ? today : `DATE_TRUNC('${unit}', ${today})`;
}

/** The half-open span `[from, until)` of a period as SQL expressions over `today` (by default the platform's CURRENT_DATE). */
export function relativeBoundsSql(p: RelativePeriod, today = 'CURRENT_DATE'): { from: string; until: string } {
  const tomorrow = `${today} + INTERVAL '1 day'`;
  switch (p.kind) {
    case 'today':
      return { from: today, until: tomorrow };
    case 'yesterday':
      return { from: `${today} - INTERVAL '1 day'`, until: today };
    case 'last': {
      const start = startOf(p.unit, today);
      return { from: `${start} - ${interval(p.n, p.unit)}`, until: start };
    }
    case 'this': {
      const start = startOf(p.unit, today);
      return { from: start, until: `${start} + ${interval(1, p.unit)}` };
    }
    case 'previous': {
      const start = startOf(p.unit, today);
      return { from: `${start} - ${interval(1, p.unit)}`, until: start };
    }
    case 'toDate':
      return { from: startOf(p.unit, today), until: tomorrow };
  }
}

/** The condition that `expr` (a time column) lies in the period. */
export function relativeConditionSql(expr: string, p: RelativePeriod, today?: string): string {
  const { from, until } = relativeBoundsSql(p, today);
  return `${expr} >= ${from} AND ${expr} < ${until}`;
}
