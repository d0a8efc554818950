/** Pure edits of the report builder's state (add, remove, reorder members; filters; granularity; order; limit). */
import type { BuilderState } from '../core/builder/builder-state';

export type Zone = 'rows' | 'columns' | 'measures';
export type Filter = BuilderState['filters'][number];
export type FilterOperator = Filter['operator'];
export type Granularity = NonNullable<BuilderState['timeGranularity'][string]>;
export type OrderEntry = BuilderState['order'][number];

export const GRANULARITIES: readonly Granularity[] = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'];
export const DEFAULT_GRANULARITY: Granularity = 'day';

function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** Members placed in rows, columns or measures (what order entries may refer to). */
export function placedMembers(state: BuilderState): string[] {
  return [...state.rows, ...state.columns, ...state.measures];
}

function dropDangling(state: BuilderState): BuilderState {
  const placed = new Set(placedMembers(state));
  const timeGranularity: BuilderState['timeGranularity'] = {};
  for (const [member, g] of Object.entries(state.timeGranularity))
    if (state.rows.includes(member) || state.columns.includes(member)) timeGranularity[member] = g;
  return { ...state, order: state.order.filter((o) => placed.has(o.member)), timeGranularity };
}

/** A new view starts from empty zones (members belong to one view) and the filters its model asks for (`defaults`). */
export function withView(state: BuilderState, view: string, defaults: readonly Filter[] = []): BuilderState {
  if (state.view === view) return state;
  return { ...state, view, measures: [], rows: [], columns: [], filters: [...defaults], timeGranularity: {}, order: [] };
}

/** Adds a member to a zone; a dimension lives in rows or columns, not both. Time dimensions get a default granularity. */
export function addToZone(state: BuilderState, zone: Zone, member: string, isTime: boolean): BuilderState {
  if (state[zone].includes(member)) return state;
  let next: BuilderState = { ...state, [zone]: [...state[zone], member] };
  if (zone === 'rows') next = { ...next, columns: next.columns.filter((m) => m !== member) };
  if (zone === 'columns') next = { ...next, rows: next.rows.filter((m) => m !== member) };
  if (zone !== 'measures' && isTime && next.timeGranularity[member] === undefined) {
    next = { ...next, timeGranularity: { ...next.timeGranularity, [member]: DEFAULT_GRANULARITY } };
  }
  return dropDangling(next);
}

export function removeFromZone(state: BuilderState, zone: Zone, index: number): BuilderState {
  return dropDangling({ ...state, [zone]: state[zone].filter((_, i) => i !== index) });
}

export function moveInZone(state: BuilderState, zone: Zone, index: number, delta: number): BuilderState {
  return { ...state, [zone]: move(state[zone], index, delta) };
}

/**
 * Moves the member at `index` of `from` to the end of `to`. Only dimensions move, between Rows and Columns (a dimension
 * is not a measure, nor a measure a dimension): any other move leaves the state as it is.
 */
export function moveToZone(state: BuilderState, from: Zone, index: number, to: Zone): BuilderState {
  const member = state[from][index];
  if (member === undefined || from === to || from === 'measures' || to === 'measures') return state;
  return addToZone(state, to, member, false);
}

/** Where a pivot's measures go: on the columns or the rows, before (outside) or after (inside) the members. */
export function setMeasurePlacement(
  state: BuilderState,
  placement: Partial<Pick<BuilderState, 'measuresAxis' | 'measuresPosition'>>,
): BuilderState {
  return { ...state, ...placement };
}

export function setGranularity(state: BuilderState, member: string, granularity: Granularity | null): BuilderState {
  return { ...state, timeGranularity: { ...state.timeGranularity, [member]: granularity } };
}

export function addFilter(state: BuilderState, member: string): BuilderState {
  return { ...state, filters: [...state.filters, { member, operator: 'equals', values: [''] }] };
}

/** The relative period a new "in the period" filter starts with. */
export const DEFAULT_PERIOD = 'last-7-day';

/** How many values an operator takes: none, one, two (a range), one relative period code, or any number. */
export function operatorArity(op: FilterOperator): 'none' | 'one' | 'range' | 'period' | 'many' {
  switch (op) {
    case 'inPeriod':
      return 'period';
    case 'set':
    case 'notSet':
      return 'none';
    case 'gt':
    case 'lt':
      return 'one';
    case 'inDateRange':
      return 'range';
    case 'equals':
    case 'notEquals':
    case 'contains':
      return 'many';
  }
}

/** Changes a filter's operator, reshaping its values to what the operator takes. */
export function setFilterOperator(state: BuilderState, index: number, operator: FilterOperator): BuilderState {
  return {
    ...state,
    filters: state.filters.map((f, i) => {
      if (i !== index) return f;
      const arity = operatorArity(operator);
      const values =
        arity === 'none'
          ? []
          : arity === 'one'
            ? [f.values[0] ?? '']
            : arity === 'range'
              ? [f.values[0] ?? '', f.values[1] ?? '']
              : arity === 'period'
                ? [DEFAULT_PERIOD]
                : f.values.length > 0
                  ? f.values
                  : [''];
      return { ...f, operator, values };
    }),
  };
}

export function setFilterValues(state: BuilderState, index: number, values: string[]): BuilderState {
  return { ...state, filters: state.filters.map((f, i) => (i === index ? { ...f, values } : f)) };
}

export function removeFilter(state: BuilderState, index: number): BuilderState {
  return { ...state, filters: state.filters.filter((_, i) => i !== index) };
}

export function moveFilter(state: BuilderState, index: number, delta: number): BuilderState {
  return { ...state, filters: move(state.filters, index, delta) };
}

export function addOrder(state: BuilderState): BuilderState {
  const used = new Set(state.order.map((o) => o.member));
  const member = placedMembers(state).find((m) => !used.has(m));
  if (member === undefined) return state;
  return { ...state, order: [...state.order, { member, desc: false }] };
}

export function setOrder(state: BuilderState, index: number, entry: OrderEntry): BuilderState {
  return { ...state, order: state.order.map((o, i) => (i === index ? entry : o)) };
}

export function removeOrder(state: BuilderState, index: number): BuilderState {
  return { ...state, order: state.order.filter((_, i) => i !== index) };
}

export function moveOrder(state: BuilderState, index: number, delta: number): BuilderState {
  return { ...state, order: move(state.order, index, delta) };
}

export function setLimit(state: BuilderState, limit: number | null): BuilderState {
  return { ...state, limit };
}

export type Totals = NonNullable<BuilderState['totals']>;
export type Condition = NonNullable<Filter['or']>[number];

/** Turns one totals switch on or off (an absent totals setting reads as all off). */
export function setTotal(state: BuilderState, which: keyof Totals, on: boolean): BuilderState {
  const totals: Totals = { rows: false, columns: false, grand: false, ...state.totals, [which]: on };
  return { ...state, totals };
}

/** Adds an alternative (OR) to a filter: on the same member, starting as the operator's empty value. */
export function addAlternative(state: BuilderState, index: number): BuilderState {
  return {
    ...state,
    filters: state.filters.map((f, i) =>
      i === index ? { ...f, or: [...(f.or ?? []), { member: f.member, operator: 'equals' as const, values: [''] }] } : f,
    ),
  };
}

/** Replaces alternative `alt` of filter `index` (its member, operator and values). */
export function setAlternative(state: BuilderState, index: number, alt: number, condition: Condition): BuilderState {
  return {
    ...state,
    filters: state.filters.map((f, i) => (i === index ? { ...f, or: (f.or ?? []).map((c, j) => (j === alt ? condition : c)) } : f)),
  };
}

export function removeAlternative(state: BuilderState, index: number, alt: number): BuilderState {
  return { ...state, filters: state.filters.map((f, i) => (i === index ? { ...f, or: (f.or ?? []).filter((_, j) => j !== alt) } : f)) };
}

/** The values a condition takes once its operator changes (reshaped to what the operator takes). */
export function valuesForOperator(values: readonly string[], operator: FilterOperator): string[] {
  const arity = operatorArity(operator);
  if (arity === 'none') return [];
  if (arity === 'one') return [values[0] ?? ''];
  if (arity === 'range') return [values[0] ?? '', values[1] ?? ''];
  if (arity === 'period') return [DEFAULT_PERIOD];
  return values.length > 0 ? [...values] : [''];
}
