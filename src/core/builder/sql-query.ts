/**
 * Renders a resolved builder query as the platform's SQL.
 * MEASURE() for measures, DATE_TRUNC for time grouping, positional GROUP BY / ORDER BY.
 */
import { AddinError } from '../errors/addin-error';
import type { BuilderGranularity } from './builder-state';
import type { ResolvedCondition, ResolvedFilter, ResolvedQuery, SelectedMember } from './resolved-query';
import { parseRelativePeriod, relativeConditionSql } from './relative-period';
import {
  LIKE_ESCAPE,
  containsPattern,
  nextDay,
  numberLiteral,
  parseTimeValue,
  quoteIdent,
  stringLiteral,
  timestampLiteral,
  type TimeValue,
} from './sql-text';
import { filterPeriod } from './time-period';
import type { BuilderMember } from './view-members';

function invalidValue(member: BuilderMember, value: string, expected: string): AddinError {
  return new AddinError('validation', `The filter value "${value}" for "${member.title}" (${member.name}) is not ${expected}.`, {
    data: { member: member.name, value },
  });
}

export function timeValue(member: BuilderMember, value: string): TimeValue {
  const t = parseTimeValue(value);
  if (t === null) throw invalidValue(member, value, 'a date (2024-01-31) or date and time (2024-01-31 10:00)');
  return t;
}

/** A literal of the member's type: numbers and times checked and written as such, booleans as TRUE/FALSE, the rest as text. */
function literal(member: BuilderMember, value: string): string {
  switch (member.type) {
    case 'number': {
      const n = numberLiteral(value);
      if (n === null) throw invalidValue(member, value, 'a number');
      return n;
    }
    case 'time':
      return timestampLiteral(timeValue(member, value));
    case 'boolean': {
      const b = value.trim().toLowerCase();
      if (b !== 'true' && b !== 'false') throw invalidValue(member, value, 'true or false');
      return b.toUpperCase();
    }
    default:
      return stringLiteral(value);
  }
}

/** The expression a member's values are read from: MEASURE(x) for measures, the column for dimensions. */
function valueExpr(member: BuilderMember): string {
  const id = quoteIdent(member.shortName);
  return member.kind === 'measure' ? `MEASURE(${id})` : id;
}

function selectItem(s: SelectedMember): string {
  const id = quoteIdent(s.member.shortName);
  if (s.member.kind === 'measure') return `MEASURE(${id}) AS ${id}`;
  if (s.granularity !== null) return `DATE_TRUNC(${stringLiteral(s.granularity)}, ${id}) AS ${id}`;
  return id;
}

/**
 * "equals" on a time dimension: a date alone means that whole day, or the whole period of the member's granularity when
 * it is grouped by one (a week, month, quarter or year), so `created_at equals 2024-01-01` does not match only midnight.
 * A date and time stays an exact match. Several values match any of them.
 */
function timeEquals(e: string, f: ResolvedCondition, granularity: BuilderGranularity | null): string {
  const parts = f.values.map((v) => {
    const t = timeValue(f.member, v);
    const period = filterPeriod(t, granularity);
    if (period === null) return { range: false, text: `${e} = ${timestampLiteral(t)}` };
    const from = timestampLiteral({ date: period.from, time: null });
    const until = timestampLiteral({ date: period.until, time: null });
    return { range: true, text: `${e} >= ${from} AND ${e} < ${until}` };
  });
  if (parts.length === 1) return parts[0]?.text ?? '';
  return `(${parts.map((p) => (p.range ? `(${p.text})` : p.text)).join(' OR ')})`;
}

function condition(f: ResolvedCondition, granularity: BuilderGranularity | null): string {
  const e = valueExpr(f.member);
  const vs = f.values;
  const onTime = f.member.kind === 'dimension' && f.member.type === 'time';
  switch (f.operator) {
    case 'equals':
      if (onTime) return timeEquals(e, f, granularity);
      return vs.length === 1 ? `${e} = ${literal(f.member, vs[0] ?? '')}` : `${e} IN (${vs.map((v) => literal(f.member, v)).join(', ')})`;
    case 'notEquals':
      // As the platform's JSON query does: rows where the member is empty also pass "not equals".
      if (onTime) return `(NOT (${timeEquals(e, f, granularity)}) OR ${e} IS NULL)`;
      return vs.length === 1
        ? `(${e} <> ${literal(f.member, vs[0] ?? '')} OR ${e} IS NULL)`
        : `(${e} NOT IN (${vs.map((v) => literal(f.member, v)).join(', ')}) OR ${e} IS NULL)`;
    case 'contains': {
      const parts = vs.map((v) => `${e} ILIKE ${containsPattern(v)} ${LIKE_ESCAPE}`);
      return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' OR ')})`;
    }
    case 'gt':
      return `${e} > ${literal(f.member, vs[0] ?? '')}`;
    case 'lt':
      return `${e} < ${literal(f.member, vs[0] ?? '')}`;
    case 'inDateRange': {
      const from = timeValue(f.member, vs[0] ?? '');
      const to = timeValue(f.member, vs[1] ?? '');
      // Both ends inclusive, as in the JSON query: a date alone as the end covers that whole day.
      const upper =
        to.time === null ? `${e} < ${timestampLiteral({ date: nextDay(to.date), time: null })}` : `${e} <= ${timestampLiteral(to)}`;
      return `${e} >= ${timestampLiteral(from)} AND ${upper}`;
    }
    case 'inPeriod': {
      // Resolved filters hold known codes only (resolveBuilder checks them); the platform evaluates the bounds at query time.
      const period = parseRelativePeriod(vs[0] ?? '');
      if (period === null) throw invalidValue(f.member, vs[0] ?? '', 'a relative period');
      return relativeConditionSql(e, period);
    }
    case 'set':
      return `${e} IS NOT NULL`;
    case 'notSet':
      return `${e} IS NULL`;
  }
}

/** A filter's condition, OR its alternatives (each in parentheses when there are several). */
function filterCondition(q: ResolvedQuery, f: ResolvedFilter): string {
  const first = condition(f, granularityOf(q, f.member.name));
  if (f.or.length === 0) return first;
  const all = [first, ...f.or.map((c) => condition(c, granularityOf(q, c.member.name)))];
  return `(${all.map((c) => `(${c})`).join(' OR ')})`;
}

/** The granularity a time dimension is grouped by in the report (null when it is not placed, or placed as its exact value). */
export function granularityOf(q: ResolvedQuery, member: string): BuilderGranularity | null {
  return q.selected.find((s) => s.member.name === member && s.zone !== 'measures')?.granularity ?? null;
}

/**
 * The SQL text, one clause per line:
 * `SELECT <rows>, <columns>, MEASURE(m) AS m` / `FROM view` / `WHERE` (dimension filters) / `GROUP BY 1, 2` /
 * `HAVING` (measure filters) / `ORDER BY 1, 3 DESC` / `LIMIT n`.
 */
export function renderSql(q: ResolvedQuery): string {
  const lines = [`SELECT ${q.selected.map(selectItem).join(', ')}`, `FROM ${quoteIdent(q.view)}`];
  const where = q.filters.filter((f) => f.member.kind === 'dimension').map((f) => filterCondition(q, f));
  const having = q.filters.filter((f) => f.member.kind === 'measure').map((f) => filterCondition(q, f));
  if (where.length > 0) lines.push(`WHERE ${where.join(' AND ')}`);
  const groups = q.selected.flatMap((s, i) => (s.member.kind === 'dimension' ? [String(i + 1)] : []));
  if (groups.length > 0) lines.push(`GROUP BY ${groups.join(', ')}`);
  if (having.length > 0) lines.push(`HAVING ${having.join(' AND ')}`);
  if (q.order.length > 0) lines.push(`ORDER BY ${q.order.map((o) => `${o.position}${o.desc ? ' DESC' : ''}`).join(', ')}`);
  if (q.limit !== null) lines.push(`LIMIT ${q.limit}`);
  return lines.join('\n');
}
