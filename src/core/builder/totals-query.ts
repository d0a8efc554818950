/**
 * The queries that compute a report's totals on the platform, over the report's own filters, so count-distinct, averages
 * and ratios total correctly (a total summed in the sheet would not be): the grand total, and for a pivot the totals by
 * its Rows members (one per row) and by its Columns members (one per column).
 */
import { AddinError } from '../errors/addin-error';
import type { ResolvedQuery, SelectedMember } from './resolved-query';
import { renderSql } from './sql-query';

export interface TotalsQueries {
  /** Every measure over every row the filters select. */
  grand: string;
  /** Grouped by the Rows members (a pivot's row totals); absent without Rows members or Columns members. */
  byRows?: string;
  /** Grouped by the Columns members (a pivot's column totals); absent for a flat report. */
  byColumns?: string;
}

/**
 * The totals queries of a resolved report. They keep its dimension filters and drop its order and row limit (totals
 * cover every row the filters select, as the platform's own totals do). A filter on a measure picks groups, which a
 * total cannot honour, and a report without measures has nothing to total: both are refused with what to change.
 */
export function totalsQueries(q: ResolvedQuery): TotalsQueries {
  const measures = q.selected.filter((s) => s.zone === 'measures');
  if (measures.length === 0) throw new AddinError('validation', 'Totals need at least one measure: add one, or turn totals off.');
  const measureFilter = q.filters.find((f) => f.member.kind === 'measure');
  if (measureFilter)
    throw new AddinError(
      'validation',
      `Totals cannot honour the filter on the measure "${measureFilter.member.title}", which picks groups rather than rows: remove that filter, or turn totals off.`,
      { data: { member: measureFilter.member.name } },
    );
  const sql = (groups: readonly SelectedMember[]) =>
    renderSql({ view: q.view, selected: [...groups, ...measures], filters: q.filters, order: [], limit: null });
  const rows = q.selected.filter((s) => s.zone === 'rows');
  const columns = q.selected.filter((s) => s.zone === 'columns');
  const out: TotalsQueries = { grand: sql([]) };
  if (columns.length > 0) {
    out.byColumns = sql(columns);
    if (rows.length > 0) out.byRows = sql(rows);
  }
  return out;
}
