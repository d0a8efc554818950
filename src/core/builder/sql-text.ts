/**
 * SQL text pieces of the platform's Postgres-flavoured dialect.
 * Quoted identifiers and escaped literals cannot break out of their place.
 */
import { daysInMonth, daysOfIsoDate, isoDateOfDays } from '../cells/civil-date';
import { AddinError } from '../errors/addin-error';

/** Reserved words of Postgres (reserved and type/function-name reserved): used bare they would not parse as names. */
const RESERVED = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation column ' +
    'concurrently constraint create cross current_catalog current_date current_role current_schema current_time ' +
    'current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze from ' +
    'full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit localtime ' +
    'localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references returning ' +
    'right select session_user similar some symmetric table tablesample then to trailing true union unique user using ' +
    'variadic verbose when where window with'
  ).split(' '),
);

const BARE_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function rejectNul(text: string, what: string): void {
  if (text.includes('\u0000'))
    throw new AddinError('validation', `${what} contains a NUL character, which SQL text cannot carry. Remove it.`);
}

/** An identifier: bare when it is lowercase letters, digits and `_` and not a reserved word, else double-quoted (`"` doubled). */
export function quoteIdent(name: string): string {
  rejectNul(name, `The name "${name}"`);
  if (name === '') throw new AddinError('validation', 'An empty name cannot be used in SQL.');
  if (BARE_IDENTIFIER.test(name) && !RESERVED.has(name)) return name;
  return `"${name.replaceAll('"', '""')}"`;
}

/** A standard string literal: single quotes doubled; backslashes are ordinary characters (standard_conforming_strings). */
export function stringLiteral(value: string): string {
  rejectNul(value, 'A filter value');
  return `'${value.replaceAll("'", "''")}'`;
}

/** The ESCAPE clause paired with `containsPattern`. */
export const LIKE_ESCAPE = "ESCAPE '\\'";

/** `%value%` for ILIKE, with `\`, `%` and `_` escaped by a backslash so they match literally (use with LIKE_ESCAPE). */
export function containsPattern(value: string): string {
  return stringLiteral(`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A numeric literal from user text (`1`, `-2.5`, `1e6`), or null when the text is not a number. */
export function numberLiteral(text: string): string | null {
  const t = text.trim();
  if (!NUMBER.test(t)) return null;
  return t.startsWith('+') ? t.slice(1) : t;
}

const TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?$/;

export interface TimeValue {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM[:SS[.fff]]`, or null for a date alone. */
  time: string | null;
}

/** A date (`2024-01-31`) or date-time (`2024-01-31T10:00`, `2024-01-31 10:00:00.5`) from user text, or null when invalid. */
export function parseTimeValue(text: string): TimeValue | null {
  const m = TIME.exec(text.trim());
  if (m === null) return null;
  const [, ys, ms, ds, hh, mi, ss, frac] = m;
  const y = Number(ys);
  const mo = Number(ms);
  const d = Number(ds);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  if (hh === undefined || mi === undefined) return { date: `${ys}-${ms}-${ds}`, time: null };
  if (Number(hh) > 23 || Number(mi) > 59 || (ss !== undefined && Number(ss) > 59)) return null;
  return { date: `${ys}-${ms}-${ds}`, time: `${hh}:${mi}${ss === undefined ? '' : `:${ss}${frac ?? ''}`}` };
}

/** `TIMESTAMP '2024-01-31'` or `TIMESTAMP '2024-01-31 10:00:00'`. */
export function timestampLiteral(value: TimeValue): string {
  return `TIMESTAMP '${value.time === null ? value.date : `${value.date} ${value.time}`}'`;
}

/** The day after `YYYY-MM-DD` (calendar arithmetic, no time zone involved). */
export function nextDay(date: string): string {
  return isoDateOfDays(daysOfIsoDate(date) + 1);
}
