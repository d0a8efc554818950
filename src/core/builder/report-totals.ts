/** The totals a builder report asks for (its totals switches), as the platform queries a run adds to the report's own. */
import type { Meta } from '../wire/schemas';
import { parseBuilderState, type BuilderState } from './builder-state';
import { resolveBuilder } from './resolved-query';
import { totalsQueries } from './totals-query';

/** The totals queries of one run and what the layout needs to place their results. */
export interface PlannedTotals {
  /** 'pivot': the report has Columns members (Total column and Total row); 'flat': a totals row under the table. */
  layout: 'flat' | 'pivot';
  /** The measures' result column names (the compiled SQL's aliases), in the report's order. */
  measures: string[];
  /** The grand total: a flat table's totals row, a pivot's corner cell (only with both row and column totals). */
  grand?: string;
  /** A pivot's totals by its Rows members: a Total column after each measure's columns. */
  byRows?: string;
  /** A pivot's totals by its Columns members: the Total row. */
  byColumns?: string;
}

/** Whether a stored builder state turns any total on (read without the metadata, so a report without totals reads none). */
export function wantsTotals(state: BuilderState | null): boolean {
  const t = state?.totals;
  return t !== undefined && (t.rows || t.columns || t.grand);
}

/**
 * The totals queries of a builder state's switches, or null when none is on. A flat table (no Columns members) has one
 * totals row, asked for by any switch; a pivot's Total column, Total row and corner follow their own switches.
 * Throws AddinError 'validation' when the state does not fit the metadata or the report cannot be totalled.
 */
export function plannedTotals(state: BuilderState, meta: Meta): PlannedTotals | null {
  if (!wantsTotals(state)) return null;
  const switches = state.totals ?? { rows: false, columns: false, grand: false };
  const q = resolveBuilder(state, meta);
  const queries = totalsQueries(q);
  const measures = q.selected.filter((s) => s.zone === 'measures').map((s) => s.member.shortName);
  if (state.columns.length === 0) return { layout: 'flat', measures, grand: queries.grand };
  const planned: PlannedTotals = { layout: 'pivot', measures };
  if (switches.rows && queries.byRows !== undefined) planned.byRows = queries.byRows;
  if (switches.columns && queries.byColumns !== undefined) planned.byColumns = queries.byColumns;
  if (switches.grand && planned.byRows !== undefined && planned.byColumns !== undefined) planned.grand = queries.grand;
  return planned.byRows === undefined && planned.byColumns === undefined ? null : planned;
}

/** The planned totals of a report's stored `meta.builderState` (null: not a builder report, or no totals on). */
export function plannedTotalsOfStored(rawState: unknown, meta: Meta): PlannedTotals | null {
  const state = parseBuilderState(rawState);
  return state === null ? null : plannedTotals(state, meta);
}
