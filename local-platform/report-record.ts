/** A stored report and placement as the control plane holds them, the definition fields an update may change, and the query checksum. */
import { createHash } from 'node:crypto';
import type { ReportSource, ReportUpsertBody } from '../src/core/wire/schemas';

export interface PivotLayout {
  rows: string[];
  columns: string[];
  measures: string[];
  filters: string[];
}

/** The fields a create or an update sets (the body fields of 4.9 except `publicId` and `source`). */
export interface ReportDefinition {
  name: string;
  title: string | null;
  description: string | null;
  sqlQuery: string | null;
  jsonQuery: string | null;
  meta: Record<string, unknown>;
  pivotItems: PivotLayout | null;
  folderId: number | null;
  workbookId: number | null;
  workbookName: string | null;
  externalWorkbookId: string | null;
  sheetId: string | null;
  resultLocation: string | null;
  endResultCell: string | null;
}

export interface ReportRecord extends ReportDefinition {
  id: number;
  /** The real publicId; null for a legacy report (which answers with its synthesized id). */
  publicId: string | null;
  legacyRef: number | null;
  deploymentId: string;
  type: 'REPORT';
  source: ReportSource | null;
  createdAt: string;
  updatedAt: string;
  createdBy: number;
  updatedBy: number;
  version: number;
}

export interface PlacementRecord {
  reportId: number;
  externalWorkbookId: string;
  placementId: string;
  host: string;
  workbookName: string | null;
  sheetId: string | null;
  sheetName: string | null;
  anchorCell: string | null;
  endResultCell: string | null;
  resultLocation: string | null;
  placedAt: string;
  refreshedAt: string;
  placedBy: number;
  refreshedBy: number;
  queryChecksum: string;
}

export const DEFINITION_KEYS = [
  'name',
  'title',
  'description',
  'sqlQuery',
  'jsonQuery',
  'meta',
  'pivotItems',
  'folderId',
  'workbookId',
  'workbookName',
  'externalWorkbookId',
  'sheetId',
  'resultLocation',
  'endResultCell',
] as const satisfies ReadonlyArray<keyof ReportDefinition>;

/** The definition after applying the fields present in `body` to `base` (absent fields keep their value). */
export function applyBody(base: ReportDefinition, body: ReportUpsertBody): ReportDefinition {
  const next: ReportDefinition = { ...base };
  if (body.name !== undefined) next.name = body.name;
  if (body.title !== undefined) next.title = body.title;
  if (body.description !== undefined) next.description = body.description;
  if (body.sqlQuery !== undefined) next.sqlQuery = body.sqlQuery;
  if (body.jsonQuery !== undefined) next.jsonQuery = body.jsonQuery;
  if (body.meta !== undefined) next.meta = body.meta;
  if (body.pivotItems !== undefined) {
    const p = body.pivotItems;
    next.pivotItems = { rows: p.rows, columns: p.columns, measures: p.measures, filters: p.filters };
  }
  if (body.folderId !== undefined) next.folderId = body.folderId;
  if (body.workbookId !== undefined) next.workbookId = body.workbookId;
  if (body.workbookName !== undefined) next.workbookName = body.workbookName;
  if (body.externalWorkbookId !== undefined) next.externalWorkbookId = body.externalWorkbookId;
  if (body.sheetId !== undefined) next.sheetId = body.sheetId;
  if (body.resultLocation !== undefined) next.resultLocation = body.resultLocation;
  if (body.endResultCell !== undefined) next.endResultCell = body.endResultCell;
  return next;
}

export const EMPTY_DEFINITION: ReportDefinition = {
  name: '',
  title: null,
  description: null,
  sqlQuery: null,
  jsonQuery: null,
  meta: {},
  pivotItems: null,
  folderId: null,
  workbookId: null,
  workbookName: null,
  externalWorkbookId: null,
  sheetId: null,
  resultLocation: null,
  endResultCell: null,
};

/** JSON with object keys sorted, so equal values compare and hash equal whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function sameDefinition(a: ReportDefinition, b: ReportDefinition): boolean {
  return DEFINITION_KEYS.every((k) => canonicalJson(a[k]) === canonicalJson(b[k]));
}

/** `currentQueryChecksum`: sha256 (hex) of the query: sqlQuery, jsonQuery and pivot layout. */
export function queryChecksum(d: Pick<ReportDefinition, 'sqlQuery' | 'jsonQuery' | 'pivotItems'>): string {
  const text = canonicalJson({ sqlQuery: d.sqlQuery, jsonQuery: d.jsonQuery, pivotItems: d.pivotItems });
  return createHash('sha256').update(text).digest('hex');
}
