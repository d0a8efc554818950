/** The bodies the Orchestrator sends the platform: a report's upsert body and the connect-workbook body of a placement. */
import { formatCellRef, formatRangeRef } from '../cells/a1';
import type { GridRange, WorkbookLayout } from '../host';
import type { ConnectWorkbookBody, ReportUpsertBody } from '../wire/schemas';
import type { PivotSpec } from './placement-types';

/** A report definition's fields, as a draft or a saved report holds them. */
export interface DefinitionFields {
  name: string;
  sqlQuery: string;
  description?: string | null | undefined;
  jsonQuery?: string | null | undefined;
  meta?: Record<string, unknown> | null | undefined;
  pivotItems?: PivotSpec | null | undefined;
}

/**
 * How the body is used: a new report sends only the fields it has and the host it was made in; a replacement of a saved
 * definition sends its description when given and its pivot always (none is an empty pivot), so a field taken out is cleared.
 */
export type UpsertMode = { kind: 'new'; source: NonNullable<ReportUpsertBody['source']> } | { kind: 'replace' };

const NO_PIVOT: PivotSpec = { rows: [], columns: [], measures: [], filters: [] };

function pivotBody(p: PivotSpec): NonNullable<ReportUpsertBody['pivotItems']> {
  return { columns: [...p.columns], filters: [...p.filters], measures: [...p.measures], rows: [...p.rows] };
}

/** The upsert body of `publicId` holding `fields`. */
export function upsertBody(publicId: string, fields: DefinitionFields, mode: UpsertMode): ReportUpsertBody {
  const { description, jsonQuery, meta, pivotItems } = fields;
  const isNew = mode.kind === 'new';
  return {
    publicId,
    name: fields.name,
    sqlQuery: fields.sqlQuery,
    ...(isNew ? { source: mode.source } : {}),
    ...((isNew ? description : description !== undefined && description !== null) ? { description: description ?? '' } : {}),
    ...(jsonQuery ? { jsonQuery } : {}),
    ...(meta ? { meta } : {}),
    ...(isNew ? (pivotItems ? { pivotItems: pivotBody(pivotItems) } : {}) : { pivotItems: pivotBody(pivotItems ?? NO_PIVOT) }),
  };
}

/** The connect-workbook body of a placement at `area` (null: its cells were deleted, so only the workbook is named). */
export function connectBody(
  placementId: string,
  area: GridRange | null,
  layout: WorkbookLayout,
  knownSheetName?: string,
): ConnectWorkbookBody {
  const wb = layout.workbook;
  const body: ConnectWorkbookBody = { externalWorkbookId: wb.id, placementId, workbookName: wb.name };
  if (!area) return body;
  const sheetName = knownSheetName ?? layout.sheets.find((s) => s.id === area.sheetId)?.name;
  body.sheetId = area.sheetId;
  if (sheetName !== undefined) body.sheetName = sheetName;
  body.resultLocation = formatRangeRef(sheetName ?? null, area);
  body.anchorCell = formatCellRef(area.row, area.col);
  body.endResultCell = formatCellRef(area.row + area.rows - 1, area.col + area.cols - 1);
  return body;
}
