/** A report's filters in words on one line, as the filter summary row shows them: "Created at: 2023; City: Zürich, Kraków". */
import { parseBuilderState, type BuilderCondition, type BuilderState } from './builder-state';
import { parseRelativePeriod, relativePeriodWords } from './relative-period';
import { META_BUILDER_STATE, META_MODE } from './report-meta-keys';

/** The line when the report has no filters. */
export const NO_FILTERS = 'No filters';
/** The line for a report written in SQL: its filters are in its query, not in a form the add-in can name. */
export const SQL_FILTERS = 'Filters: as written in the report’s SQL';

/** "orders.created_at" as "Created at" (the member's last part, underscores as spaces, first letter capital). */
export function memberWords(member: string): string {
  const last = member
    .slice(member.lastIndexOf('.') + 1)
    .replace(/_+/g, ' ')
    .trim();
  return last === '' ? member : last.charAt(0).toUpperCase() + last.slice(1);
}

function valuesWords(values: readonly string[]): string {
  const shown = values.filter((v) => v !== '');
  return shown.length === 0 ? '(no value)' : shown.join(', ');
}

/** One condition's value part: "Zürich, Kraków", "not Zürich", "> 1000", "Last 7 days (before today)", "any value". */
function valueWords(c: BuilderCondition): string {
  switch (c.operator) {
    case 'equals':
      return valuesWords(c.values);
    case 'notEquals':
      return `not ${valuesWords(c.values)}`;
    case 'contains':
      return `contains ${valuesWords(c.values)}`;
    case 'gt':
      return `> ${valuesWords(c.values)}`;
    case 'lt':
      return `< ${valuesWords(c.values)}`;
    case 'inDateRange':
      return `${c.values[0] ?? '…'} to ${c.values[1] ?? '…'}`;
    case 'inPeriod': {
      const period = parseRelativePeriod(c.values[0] ?? '');
      return period ? relativePeriodWords(period) : valuesWords(c.values);
    }
    case 'set':
      return 'any value';
    case 'notSet':
      return 'empty';
  }
}

/** The builder state's filters on one line; `titles` names members (by full or in-view name) as the header titles do. */
export function filterWords(state: Pick<BuilderState, 'filters'>, titles: Readonly<Record<string, string>> = {}): string {
  if (state.filters.length === 0) return NO_FILTERS;
  const title = (m: string): string => titles[m] ?? titles[m.slice(m.lastIndexOf('.') + 1)] ?? memberWords(m);
  const condition = (c: BuilderCondition): string => `${title(c.member)}: ${valueWords(c)}`;
  return state.filters.map((f) => [f, ...(f.or ?? [])].map(condition).join(' or ')).join('; ');
}

/**
 * The filter line of a report definition as it runs (bound cells' values already in its builder state): its builder
 * filters in words, SQL_FILTERS for a report written in SQL.
 */
export function reportFilterWords(
  meta: Readonly<Record<string, unknown>> | null | undefined,
  titles?: Readonly<Record<string, string>>,
): string {
  const state = meta?.[META_MODE] === 'builder' ? parseBuilderState(meta[META_BUILDER_STATE]) : null;
  return state ? filterWords(state, titles) : SQL_FILTERS;
}
