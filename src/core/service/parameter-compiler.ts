/** The service's parameter compiler: a builder report compiled again with its placement's bound values, per run. */
import { AddinError } from '../errors/addin-error';
import { parseBuilderState } from '../builder/builder-state';
import { compileBuilder } from '../builder/compile';
import { applyParameters } from '../params/apply-parameters';
import type { BoundValue } from '../params/bound-values';
import type { QueryContext } from '../placements/placement-types';
import type { Meta, Report } from '../wire/schemas';
import type { ReportDraft } from './addin-service';
import { META_BUILDER_STATE, META_MODE } from './report-draft';

/**
 * `report` with its builder state's bound values replaced and its SQL, JSON query and state compiled again (the values
 * enter the SQL as literals of their member's type, through the builder). Only builder reports have filters to bind: a
 * SQL-mode report, or one whose state cannot be read, is refused.
 */
export async function compileWithParameters(
  context: QueryContext,
  report: Report,
  bound: readonly BoundValue[],
  readMeta: (environmentId: string) => Promise<Meta>,
): Promise<Report> {
  const meta = report.meta ?? {};
  const state = meta[META_MODE] === 'builder' ? parseBuilderState(meta[META_BUILDER_STATE]) : null;
  if (state === null)
    throw new AddinError(
      'validation',
      `"${report.name}" is not a builder report, so its filters cannot read cells. Remove the bindings to refresh.`,
    );
  if (context.environmentId === undefined)
    throw new AddinError('validation', 'Parameters are compiled in an environment: choose one for this workbook, then run again.');
  const next = applyParameters(state, bound);
  const compiled = compileBuilder(next, await readMeta(context.environmentId));
  return { ...report, sqlQuery: compiled.sqlQuery, jsonQuery: compiled.jsonQuery, meta: { ...meta, [META_BUILDER_STATE]: next } };
}

/**
 * A new report's draft with its bound values in place, so its Insert runs the cells' values in its one query (the
 * definition saved on the platform then holds them, as the builder would with them typed). Only builder drafts bind.
 */
export function draftWithParameters(draft: ReportDraft, bound: readonly BoundValue[], meta: Meta): ReportDraft {
  const state = draft.mode === 'builder' ? parseBuilderState(draft.builderState) : null;
  if (state === null)
    throw new AddinError('validation', 'Only a report built from fields can read filter values from cells: switch to the builder.');
  const next = applyParameters(state, bound);
  const compiled = compileBuilder(next, meta);
  return {
    ...draft,
    sqlQuery: compiled.sqlQuery,
    jsonQuery: compiled.jsonQuery,
    pivotItems: draft.pivotItems === null ? null : compiled.pivotItems,
    builderState: next,
  };
}
