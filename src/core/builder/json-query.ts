/** Renders a resolved builder query in the platform's JSON query form (measures, dimensions, timeDimensions, filters, order, limit). */
import type { BuilderGranularity, BuilderOperator } from './builder-state';
import type { ResolvedCondition, ResolvedFilter, ResolvedQuery } from './resolved-query';
import { parseRelativePeriod, type RelativePeriod } from './relative-period';
import { granularityOf, timeValue } from './sql-query';
import { filterPeriod, lastDateOf } from './time-period';

export type JsonQueryFilter =
  { member: string; operator: string; values?: string[] } | { or: JsonQueryFilter[] } | { and: JsonQueryFilter[] };

export interface JsonQuery {
  measures: string[];
  dimensions: string[];
  /** A grouped time dimension has a granularity; a relative period filter is a dateRange phrase. */
  timeDimensions: Array<{ dimension: string; granularity?: string; dateRange?: string }>;
  filters: JsonQueryFilter[];
  order: Array<[string, 'asc' | 'desc']>;
  limit?: number;
}

/** The JSON form names comparisons on times afterDate / beforeDate; other operators keep their names. */
function jsonOperator(f: ResolvedCondition): string {
  const op: BuilderOperator = f.operator;
  if (f.member.type === 'time' && op === 'gt') return 'afterDate';
  if (f.member.type === 'time' && op === 'lt') return 'beforeDate';
  return op;
}

/**
 * "equals" / "not equals" on a time dimension, as the SQL means them: a date alone is its day (or its granularity's
 * period), an inclusive date range; a date and time is an exact value.
 */
function timeEqualsFilter(f: ResolvedCondition, granularity: BuilderGranularity | null): JsonQueryFilter {
  const negate = f.operator === 'notEquals';
  const parts: JsonQueryFilter[] = f.values.map((v) => {
    const period = filterPeriod(timeValue(f.member, v), granularity);
    return period === null
      ? { member: f.member.name, operator: f.operator, values: [v] }
      : { member: f.member.name, operator: negate ? 'notInDateRange' : 'inDateRange', values: [period.from, lastDateOf(period)] };
  });
  if (parts.length === 1 && parts[0] !== undefined) return parts[0];
  return negate ? { and: parts } : { or: parts };
}

/** A relative period as the JSON query's relative dateRange phrase ("last 7 days", "this quarter", "from this month to now"). */
export function dateRangePhrase(p: RelativePeriod): string {
  switch (p.kind) {
    case 'today':
    case 'yesterday':
      return p.kind;
    case 'last':
      return `last ${p.n} ${p.n === 1 ? p.unit : `${p.unit}s`}`;
    case 'this':
      return `this ${p.unit}`;
    case 'previous':
      return `last ${p.unit}`;
    case 'toDate':
      return `from this ${p.unit} to now`;
  }
}

function conditionOf(q: ResolvedQuery, f: ResolvedCondition): JsonQueryFilter {
  if ((f.operator === 'equals' || f.operator === 'notEquals') && f.member.kind === 'dimension' && f.member.type === 'time')
    return timeEqualsFilter(f, granularityOf(q, f.member.name));
  const out: { member: string; operator: string; values?: string[] } = { member: f.member.name, operator: jsonOperator(f) };
  if (f.operator !== 'set' && f.operator !== 'notSet') out.values = [...f.values];
  return out;
}

function filterOf(q: ResolvedQuery, f: ResolvedFilter): JsonQueryFilter {
  const first = conditionOf(q, f);
  return f.or.length === 0 ? first : { or: [first, ...f.or.map((c) => conditionOf(q, c))] };
}

/** Relative period filters not inside an OR: the JSON form states them as time dimensions with a relative dateRange. */
function isPlainPeriod(f: ResolvedFilter): boolean {
  return f.operator === 'inPeriod' && f.or.length === 0;
}

export function buildJsonQuery(q: ResolvedQuery): JsonQuery {
  const json: JsonQuery = {
    measures: q.selected.filter((s) => s.member.kind === 'measure').map((s) => s.member.name),
    dimensions: q.selected.filter((s) => s.member.kind === 'dimension' && s.granularity === null).map((s) => s.member.name),
    timeDimensions: [
      ...q.selected.flatMap((s) => (s.granularity === null ? [] : [{ dimension: s.member.name, granularity: s.granularity }])),
      ...q.filters.filter(isPlainPeriod).flatMap((f) => {
        const p = parseRelativePeriod(f.values[0] ?? '');
        return p === null ? [] : [{ dimension: f.member.name, dateRange: dateRangePhrase(p) }];
      }),
    ],
    filters: q.filters.filter((f) => !isPlainPeriod(f)).map((f) => filterOf(q, f)),
    order: q.order.map((o) => [o.member.name, o.desc ? 'desc' : 'asc']),
  };
  if (q.limit !== null) json.limit = q.limit;
  return json;
}

/** Serialized with keys in a fixed order, so the same state always gives the same text. */
export function renderJsonQuery(q: ResolvedQuery): string {
  return JSON.stringify(buildJsonQuery(q));
}
