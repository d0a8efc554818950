/** Renders a resolved builder query in the platform's JSON query form (measures, dimensions, timeDimensions, filters, order, limit). */
import type { BuilderOperator } from './builder-state';
import type { ResolvedFilter, ResolvedQuery } from './resolved-query';

export interface JsonQueryFilter {
  member: string;
  operator: string;
  values?: string[];
}

export interface JsonQuery {
  measures: string[];
  dimensions: string[];
  timeDimensions: Array<{ dimension: string; granularity: string }>;
  filters: JsonQueryFilter[];
  order: Array<[string, 'asc' | 'desc']>;
  limit?: number;
}

/** The JSON form names comparisons on times afterDate / beforeDate; other operators keep their names. */
function jsonOperator(f: ResolvedFilter): string {
  const op: BuilderOperator = f.operator;
  if (f.member.type === 'time' && op === 'gt') return 'afterDate';
  if (f.member.type === 'time' && op === 'lt') return 'beforeDate';
  return op;
}

export function buildJsonQuery(q: ResolvedQuery): JsonQuery {
  const json: JsonQuery = {
    measures: q.selected.filter((s) => s.member.kind === 'measure').map((s) => s.member.name),
    dimensions: q.selected.filter((s) => s.member.kind === 'dimension' && s.granularity === null).map((s) => s.member.name),
    timeDimensions: q.selected.flatMap((s) => (s.granularity === null ? [] : [{ dimension: s.member.name, granularity: s.granularity }])),
    filters: q.filters.map((f) => {
      const out: JsonQueryFilter = { member: f.member.name, operator: jsonOperator(f) };
      if (f.operator !== 'set' && f.operator !== 'notSet') out.values = [...f.values];
      return out;
    }),
    order: q.order.map((o) => [o.member.name, o.desc ? 'desc' : 'asc']),
  };
  if (q.limit !== null) json.limit = q.limit;
  return json;
}

/** Serialized with keys in a fixed order, so the same state always gives the same text. */
export function renderJsonQuery(q: ResolvedQuery): string {
  return JSON.stringify(buildJsonQuery(q));
}
