/** The preview of a draft report: its first rows as a `LIMIT 50` query, laid out by the core as Insert writes them. */
import { parseBuilderState } from '../builder/builder-state';
import { compileBuilder } from '../builder/compile';
import { hasTopLevelLimit } from '../builder/default-cap';
import { displayValue } from '../cells/cell-display';
import type { Matrix } from '../cells/matrix';
import type { Meta } from '../wire/schemas';
import type { ReportDraft } from './addin-service';
import type { PreviewTable } from './preview-table';

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

/**
 * The preview of a laid-out result (the matrix Insert would write, from Orchestrator.layOut): its cells, formats and bold,
 * each cell's text as the sheet shows it, and its sheet rows.
 */
export function previewTable(laidOut: { matrix: Matrix; queryRows: number }): PreviewTable {
  const { matrix } = laidOut;
  const bold = matrix.bold ?? matrix.values.map((row, r) => row.map(() => r < matrix.headerRows));
  return {
    headerRows: matrix.headerRows,
    values: matrix.values,
    formats: matrix.formats,
    texts: matrix.values.map((row, r) => row.map((v, c) => displayValue(v, matrix.formats[r]?.[c] ?? null).text)),
    bold,
    rows: matrix.rows - matrix.headerRows,
    more: laidOut.queryRows >= PREVIEW_ROWS,
  };
}
