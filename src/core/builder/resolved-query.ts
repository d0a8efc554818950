/** A builder state checked against the metadata: members resolved to their kind and type, every rule of the builder enforced. */
import { AddinError } from '../errors/addin-error';
import type { Meta } from '../wire/schemas';
import type { BuilderCondition, BuilderGranularity, BuilderOperator, BuilderState } from './builder-state';
import { parseRelativePeriod } from './relative-period';
import { membersOf, type BuilderMember } from './view-members';

/** One selected result column, in SELECT order: Rows dimensions, then Columns dimensions, then measures. */
export interface SelectedMember {
  member: BuilderMember;
  zone: 'rows' | 'columns' | 'measures';
  /** Time dimensions grouped by a granularity; null otherwise. */
  granularity: BuilderGranularity | null;
}

export interface ResolvedFilter {
  member: BuilderMember;
  operator: BuilderOperator;
  /** Trimmed of nothing: values are taken as typed (empty values are refused). */
  values: string[];
  /** Alternatives: a row (or group) passes when this condition or any of these holds; all on the same kind of member. */
  or: ResolvedCondition[];
}

/** One condition of a filter (the filter itself, or one of its alternatives). */
export type ResolvedCondition = Omit<ResolvedFilter, 'or'>;

export interface ResolvedQuery {
  view: string;
  selected: SelectedMember[];
  filters: ResolvedFilter[];
  /** 1-based SELECT positions; the default order (empty state order) sorts by every dimension ascending. */
  order: Array<{ position: number; member: BuilderMember; desc: boolean }>;
  limit: number | null;
}

function invalid(message: string, data: Record<string, unknown> = {}): AddinError {
  return new AddinError('validation', message, { data });
}

function label(m: BuilderMember): string {
  return m.title === m.name ? `"${m.name}"` : `"${m.title}" (${m.name})`;
}

const ARITY: Record<BuilderOperator, 'none' | 'one' | 'two' | 'many'> = {
  equals: 'many',
  notEquals: 'many',
  contains: 'many',
  gt: 'one',
  lt: 'one',
  inDateRange: 'two',
  inPeriod: 'one',
  set: 'none',
  notSet: 'none',
};

const OPERATOR_WORDS: Record<BuilderOperator, string> = {
  equals: 'equals',
  notEquals: 'not equals',
  contains: 'contains',
  gt: 'greater than',
  lt: 'less than',
  inDateRange: 'in date range',
  inPeriod: 'in the period',
  set: 'is set',
  notSet: 'is not set',
};

function checkFilter(member: BuilderMember, operator: BuilderOperator, values: readonly string[]): string[] {
  const op = OPERATOR_WORDS[operator];
  if (operator === 'contains' && member.type !== 'string') {
    throw invalid(`The filter "${op}" works on text fields; ${label(member)} is of type ${member.type}.`, {
      member: member.name,
      operator,
    });
  }
  if ((operator === 'gt' || operator === 'lt') && member.type !== 'number' && member.type !== 'time') {
    throw invalid(`The filter "${op}" works on numbers and times; ${label(member)} is of type ${member.type}.`, {
      member: member.name,
      operator,
    });
  }
  if ((operator === 'inDateRange' || operator === 'inPeriod') && member.type !== 'time') {
    throw invalid(`The filter "${op}" works on time fields; ${label(member)} is of type ${member.type}.`, {
      member: member.name,
      operator,
    });
  }
  const arity = ARITY[operator];
  if (arity === 'none') return [];
  const kept = [...values];
  if (kept.length === 0 || kept.some((v) => v.trim() === '')) {
    throw invalid(
      `The filter on ${label(member)} (${op}) needs ${arity === 'two' ? 'a start and an end' : 'a value'}; fill it in or remove the filter.`,
      {
        member: member.name,
        operator,
      },
    );
  }
  if (arity === 'one' && kept.length !== 1)
    throw invalid(`The filter on ${label(member)} (${op}) takes one value.`, { member: member.name, operator });
  if (arity === 'two' && kept.length !== 2)
    throw invalid(`The filter on ${label(member)} (${op}) takes a start and an end.`, { member: member.name, operator });
  if (operator === 'inPeriod' && parseRelativePeriod(kept[0] ?? '') === null)
    throw invalid(`The period "${kept[0] ?? ''}" for ${label(member)} is not one the builder knows; choose it again from the list.`, {
      member: member.name,
      operator,
    });
  return kept;
}

/** Checks `state` against `meta`; every problem is an AddinError 'validation' naming the member at fault. */
export function resolveBuilder(state: BuilderState, meta: Meta): ResolvedQuery {
  if (state.view === null || state.view === '') throw invalid('Choose a view to build the report from.');
  const view = state.view;
  const members = membersOf(meta, view);
  const byName = new Map<string, BuilderMember>();
  for (const m of [...members.measures, ...members.dimensions]) byName.set(m.name, m);
  const lookup = (name: string, where: string): BuilderMember => {
    const m = byName.get(name);
    if (m === undefined)
      throw invalid(`Unknown member "${name}" in ${where}: the view "${view}" has no such measure or dimension.`, { member: name, view });
    return m;
  };

  const selected: SelectedMember[] = [];
  const seen = new Set<string>();
  for (const zone of ['rows', 'columns', 'measures'] as const) {
    for (const name of state[zone]) {
      const member = lookup(name, zone === 'measures' ? 'Measures' : zone === 'rows' ? 'Rows' : 'Columns');
      if (seen.has(name)) throw invalid(`${label(member)} is placed twice; keep it in one place.`, { member: name });
      seen.add(name);
      if (zone === 'measures' && member.kind !== 'measure')
        throw invalid(`${label(member)} is a dimension; put it under Rows or Columns.`, { member: name });
      if (zone !== 'measures' && member.kind !== 'dimension')
        throw invalid(`${label(member)} is a measure; put it under Measures.`, { member: name });
      let granularity: BuilderGranularity | null = null;
      if (zone !== 'measures') {
        granularity = state.timeGranularity[name] ?? null;
        if (granularity !== null && member.type !== 'time') {
          throw invalid(`${label(member)} is not a time dimension, so it cannot be grouped by ${granularity}.`, { member: name });
        }
      }
      selected.push({ member, zone, granularity });
    }
  }
  if (selected.length === 0) throw invalid('Add at least one measure or dimension.');

  const condition = (c: BuilderCondition): ResolvedCondition => {
    const member = lookup(c.member, 'Filters');
    return { member, operator: c.operator, values: checkFilter(member, c.operator, c.values) };
  };
  const filters: ResolvedFilter[] = state.filters.map((f) => {
    const first = condition(f);
    const or = (f.or ?? []).map(condition);
    const mixed = or.find((c) => c.member.kind !== first.member.kind);
    if (mixed)
      throw invalid(
        `The filter on ${label(first.member)} has the alternative ${label(mixed.member)}, but one filters rows and the other groups: keep a filter's alternatives all on dimensions or all on measures.`,
        { member: mixed.member.name },
      );
    return { ...first, or };
  });

  const position = new Map(selected.map((s, i) => [s.member.name, i + 1]));
  const order: ResolvedQuery['order'] = [];
  const ordered = new Set<string>();
  for (const o of state.order) {
    const member = lookup(o.member, 'Order');
    const p = position.get(o.member);
    if (p === undefined)
      throw invalid(
        `The report is ordered by ${label(member)}, which is not in Rows, Columns or Measures; add it there or drop it from the order.`,
        { member: o.member },
      );
    if (ordered.has(o.member)) throw invalid(`The order lists ${label(member)} twice.`, { member: o.member });
    ordered.add(o.member);
    order.push({ position: p, member, desc: o.desc });
  }
  if (order.length === 0) {
    selected.forEach((s, i) => {
      if (s.zone !== 'measures') order.push({ position: i + 1, member: s.member, desc: false });
    });
  }

  if (state.limit !== null && (!Number.isSafeInteger(state.limit) || state.limit < 1)) {
    throw invalid(`The row limit must be a whole number of at least 1 (got ${state.limit}).`);
  }
  return { view, selected, filters, order, limit: state.limit };
}
