/** Conversions between the pane's ReportDraft and the platform's Report: builder state in `meta.builderState`, mode in `meta.mode`. */
import { z } from 'zod';
import type { Report } from '../wire/schemas';
import type { PlacementDraft } from '../placements/placement-types';
import { META_BUILDER_STATE, META_MODE } from '../builder/report-meta-keys';
import type { ReportDraft } from './addin-service';

export { META_BUILDER_STATE, META_MODE };

const objectSchema = z.record(z.string(), z.unknown());

/** The draft a placed report reopens as: SQL mode unless its meta says builder and holds a builder state. */
export function draftFromReport(report: Report): ReportDraft {
  const meta = report.meta ?? {};
  const stored = objectSchema.safeParse(meta[META_BUILDER_STATE]);
  const builderState = stored.success ? stored.data : null;
  const mode: ReportDraft['mode'] = meta[META_MODE] === 'builder' && builderState !== null ? 'builder' : 'sql';
  const pivot = report.pivotItems;
  return {
    name: report.name,
    description: report.description ?? '',
    mode,
    sqlQuery: report.sqlQuery ?? '',
    jsonQuery: report.jsonQuery ?? null,
    pivotItems: pivot
      ? { rows: [...pivot.rows], columns: [...pivot.columns], measures: [...pivot.measures], filters: [...pivot.filters] }
      : null,
    builderState: mode === 'builder' ? builderState : null,
  };
}

/**
 * The orchestrator's draft for `draft` in a deployment/environment. `baseMeta` (the report's meta as last read) keeps keys
 * other tools wrote; the add-in's keys are replaced (a SQL-mode draft drops a stale builder state).
 */
export function placementDraftOf(
  draft: ReportDraft,
  where: { deploymentId: string; environmentId: string | null },
  baseMeta: Record<string, unknown> | null = null,
): PlacementDraft {
  const meta: Record<string, unknown> = { ...(baseMeta ?? {}), [META_MODE]: draft.mode };
  if (draft.mode === 'builder' && draft.builderState !== null) meta[META_BUILDER_STATE] = draft.builderState;
  else delete meta[META_BUILDER_STATE];
  const out: PlacementDraft = {
    deploymentId: where.deploymentId,
    name: draft.name,
    description: draft.description,
    sqlQuery: draft.sqlQuery,
    meta,
    pivotItems: draft.mode === 'builder' && draft.pivotItems !== null ? { ...draft.pivotItems } : null,
  };
  if (where.environmentId !== null) out.environmentId = where.environmentId;
  if (draft.mode === 'builder' && draft.jsonQuery !== null) out.jsonQuery = draft.jsonQuery;
  return out;
}
