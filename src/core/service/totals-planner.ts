/** The service's totals planner: a builder report's totals switches compiled against its environment's metadata at run time. */
import { AddinError } from '../errors/addin-error';
import { parseBuilderState } from '../builder/builder-state';
import { plannedTotals, wantsTotals, type PlannedTotals } from '../builder/report-totals';
import type { QueryContext } from '../placements/placement-types';
import type { Meta, Report } from '../wire/schemas';
import { META_BUILDER_STATE, META_MODE } from './report-draft';

/**
 * The totals queries of `report` (null for a SQL-mode report or one without totals). The metadata is read only when a
 * switch is on; a report with totals whose metadata cannot be read fails the run (its totals cannot be computed).
 */
export async function planReportTotals(
  context: QueryContext,
  report: Pick<Report, 'meta'>,
  readMeta: (environmentId: string) => Promise<Meta>,
): Promise<PlannedTotals | null> {
  const meta = report.meta ?? {};
  if (meta[META_MODE] !== 'builder') return null;
  const state = parseBuilderState(meta[META_BUILDER_STATE]);
  if (state === null || !wantsTotals(state)) return null;
  if (context.environmentId === undefined)
    throw new AddinError('validation', 'Totals are computed in an environment: choose one for this workbook, then run again.');
  return plannedTotals(state, await readMeta(context.environmentId));
}
