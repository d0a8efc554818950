/** A builder state with its bound filter values replaced by the values read from their cells. */
import { AddinError } from '../errors/addin-error';
import type { BuilderCondition, BuilderState } from '../builder/builder-state';
import type { BoundValue } from './bound-values';

/** What applying a value needs of a binding: which filter value it fills, the cell it was read from and the values. */
export type AppliedValue = Pick<BoundValue, 'refNow' | 'values'> & {
  binding: Pick<BoundValue['binding'], 'filter' | 'alternative' | 'value' | 'member'>;
};

function filterGone(b: AppliedValue): AddinError {
  return new AddinError(
    'validation',
    `The filter bound to ${b.refNow} (${b.binding.member}) is no longer in the report. Bind the report's filter to the cell again, then refresh.`,
    { data: { cell: b.refNow, member: b.binding.member } },
  );
}

function valueGone(b: AppliedValue, index: number, count: number): AddinError {
  return new AddinError(
    'validation',
    `The filter on ${b.binding.member} has ${count} value${count === 1 ? '' : 's'}, so the value bound to ${b.refNow} (number ${index + 1}) is not one of them. Bind the report's filter to the cell again, then refresh.`,
    { data: { cell: b.refNow, member: b.binding.member } },
  );
}

/** The condition a binding names, or null when the report no longer has it on the same member. */
function conditionOf(state: BuilderState, b: AppliedValue): BuilderCondition | null {
  const filter = state.filters[b.binding.filter];
  if (!filter) return null;
  const condition = b.binding.alternative === undefined ? filter : filter.or?.[b.binding.alternative];
  return condition && condition.member === b.binding.member ? condition : null;
}

/**
 * `state` with each bound value in place (a copy; `state` is left as it is). A value binding replaces the value at its
 * index (the values before it kept; a missing one is refused by the builder as usual), a list binding replaces them all.
 * Throws when a binding's filter is gone or is now on another member.
 */
export function applyParameters(state: BuilderState, bound: readonly AppliedValue[]): BuilderState {
  const filters = state.filters.map((f) => ({
    ...f,
    values: [...f.values],
    ...(f.or ? { or: f.or.map((c) => ({ ...c, values: [...c.values] })) } : {}),
  }));
  const next: BuilderState = { ...state, filters };
  for (const b of bound) {
    const condition = conditionOf(next, b);
    if (!condition) throw filterGone(b);
    if (b.binding.value === 'list') condition.values = [...b.values];
    else {
      // A value binding replaces one of the condition's values or adds the next one, never a gap of empty values.
      if (b.binding.value > condition.values.length) throw valueGone(b, b.binding.value, condition.values.length);
      condition.values[b.binding.value] = b.values[0] ?? '';
    }
  }
  return next;
}
