/** The preview of a draft report: its first rows as a `LIMIT 50` query, laid out with the titles and formats the sheet gets. */
import type { QueryResult } from '../api/query-result';
import { parseBuilderState } from '../builder/builder-state';
import { compileBuilder } from '../builder/compile';
import { hasTopLevelLimit } from '../builder/default-cap';
import { withMeasurePlacement } from '../builder/pivot-placement';
import { buildFlatMatrix } from '../cells/flat-layout';
import { buildPivotMatrix } from '../cells/pivot-layout';
import type { Meta } from '../wire/schemas';
import type { ReportDraft } from './addin-service';
import type { PreviewTable } from './preview-table';
import { builderHeaderTitles } from './header-titles';
import { META_BUILDER_STATE, META_MODE } from './report-draft';

/** Query rows a preview asks for at most. */
export const PREVIEW_ROWS = 50;

/**
 * The preview's SQL: a builder draft compiled with its row limit capped at PREVIEW_ROWS; a SQL draft with `LIMIT 50`
 * appended when it has no top-level LIMIT of its own (a query with one runs as written and is cut to PREVIEW_ROWS rows).
 */
export function previewSql(draft: ReportDraft, meta: Meta | null): string {
  const state = draft.mode === 'builder' ? parseBuilderState(draft.builderState) : null;
  if (state !== null && meta !== null) {
    const limit = Math.min(state.limit ?? PREVIEW_ROWS, PREVIEW_ROWS);
    return compileBuilder({ ...state, limit }, meta).sqlQuery;
  }
  const sql = draft.sqlQuery.trim().replace(/;+\s*$/, '');
  return hasTopLevelLimit(sql) ? sql : `${sql}\nLIMIT ${PREVIEW_ROWS}`;
}

/** The preview of a result: the draft's pivot or flat layout, builder members titled from the metadata. */
export function previewTable(result: Pick<QueryResult, 'columns' | 'rows'>, draft: ReportDraft, meta: Meta | null): PreviewTable {
  const rows = result.rows.slice(0, PREVIEW_ROWS);
  const cut = { columns: result.columns, rows };
  const builderMeta = draft.mode === 'builder' ? { [META_MODE]: 'builder', [META_BUILDER_STATE]: draft.builderState } : {};
  const titles = meta === null ? undefined : builderHeaderTitles({ meta: builderMeta }, meta);
  const options = titles ? { titles } : {};
  const pivot = draft.mode === 'builder' ? draft.pivotItems : null;
  const state = draft.mode === 'builder' ? parseBuilderState(draft.builderState) : null;
  const matrix =
    pivot && pivot.columns.length > 0 ? buildPivotMatrix(cut, withMeasurePlacement(pivot, state), options) : buildFlatMatrix(cut, options);
  return {
    headerRows: matrix.headerRows,
    values: matrix.values,
    formats: matrix.formats,
    queryRows: rows.length,
    more: result.rows.length >= PREVIEW_ROWS,
  };
}
