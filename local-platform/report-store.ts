/** SQL over control.reports and control.placements: rows to records and back. Callers provide the critical section. */
import { z } from 'zod';
import { reportSourceSchema } from '../src/core/wire/schemas';
import type { Row, Sql } from './database';
import type { PivotLayout, PlacementRecord, ReportDefinition, ReportRecord } from './report-record';
import { checkRoomForReport } from './stored-growth';

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const reqStr = (v: unknown): string => String(v);
const reqNum = (v: unknown): number => Number(v);

const pivotLayoutSchema = z.object({
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  measures: z.array(z.string()),
  filters: z.array(z.string()),
});

function parseJsonColumn<T>(v: unknown, schema: z.ZodType<T>, fallback: T): T {
  if (typeof v !== 'string') return fallback;
  const parsed = schema.safeParse(JSON.parse(v));
  return parsed.success ? parsed.data : fallback;
}

function toReportRecord(row: Row): ReportRecord {
  const source = reportSourceSchema.safeParse(row.source);
  return {
    id: reqNum(row.id),
    publicId: str(row.public_id),
    legacyRef: num(row.legacy_ref),
    deploymentId: reqStr(row.deployment_id),
    name: reqStr(row.name),
    title: str(row.title),
    description: str(row.description),
    type: 'REPORT',
    source: source.success ? source.data : null,
    createdAt: reqStr(row.created_at),
    updatedAt: reqStr(row.updated_at),
    createdBy: reqNum(row.created_by),
    updatedBy: reqNum(row.updated_by),
    jsonQuery: str(row.json_query),
    sqlQuery: str(row.sql_query),
    meta: parseJsonColumn(row.meta, z.record(z.string(), z.unknown()), {}),
    pivotItems: parseJsonColumn<PivotLayout | null>(row.pivot_items, pivotLayoutSchema, null),
    folderId: num(row.folder_id),
    workbookId: num(row.workbook_id),
    workbookName: str(row.workbook_name),
    externalWorkbookId: str(row.external_workbook_id),
    sheetId: str(row.sheet_id),
    resultLocation: str(row.result_location),
    endResultCell: str(row.end_result_cell),
    version: reqNum(row.version),
  };
}

function toPlacementRecord(row: Row): PlacementRecord {
  return {
    reportId: reqNum(row.report_id),
    externalWorkbookId: reqStr(row.external_workbook_id),
    placementId: reqStr(row.placement_id),
    host: reqStr(row.host),
    workbookName: str(row.workbook_name),
    sheetId: str(row.sheet_id),
    sheetName: str(row.sheet_name),
    anchorCell: str(row.anchor_cell),
    endResultCell: str(row.end_result_cell),
    resultLocation: str(row.result_location),
    placedAt: reqStr(row.placed_at),
    refreshedAt: reqStr(row.refreshed_at),
    placedBy: reqNum(row.placed_by),
    refreshedBy: reqNum(row.refreshed_by),
    queryChecksum: reqStr(row.query_checksum),
  };
}

/** The report holding this real publicId, in any deployment of the account. */
export async function findByPublicId(sql: Sql, publicId: string): Promise<ReportRecord | null> {
  const rows = await sql.all('SELECT * FROM control.reports WHERE public_id = $1', [publicId]);
  return rows[0] ? toReportRecord(rows[0]) : null;
}

/** Legacy reports (no real publicId) of the deployment whose synthesized id uses this legacy number. */
export async function findLegacy(sql: Sql, deploymentId: string, legacyRef: number): Promise<ReportRecord[]> {
  const rows = await sql.all(
    'SELECT * FROM control.reports WHERE deployment_id = $1 AND public_id IS NULL AND legacy_ref = $2 ORDER BY id',
    [deploymentId, legacyRef],
  );
  return rows.map(toReportRecord);
}

export async function findById(sql: Sql, deploymentId: string, id: number): Promise<ReportRecord | null> {
  const rows = await sql.all('SELECT * FROM control.reports WHERE deployment_id = $1 AND id = $2', [deploymentId, id]);
  return rows[0] ? toReportRecord(rows[0]) : null;
}

/** A page of the deployment's reports by id, optionally only those placed in one external workbook. */
export async function listReports(
  sql: Sql,
  deploymentId: string,
  page: { offset: number; limit: number },
  externalWorkbookId: string | null,
): Promise<{ reports: ReportRecord[]; total: number }> {
  const filter = externalWorkbookId === null ? '' : 'AND id IN (SELECT report_id FROM control.placements WHERE external_workbook_id = $2)';
  const params = externalWorkbookId === null ? [deploymentId] : [deploymentId, externalWorkbookId];
  const count = await sql.all(`SELECT count(*) AS n FROM control.reports WHERE deployment_id = $1 ${filter}`, params);
  const rows = await sql.all(
    `SELECT * FROM control.reports WHERE deployment_id = $1 ${filter} ORDER BY id LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
  return { reports: rows.map(toReportRecord), total: Number(count[0]?.n ?? 0) };
}

function definitionParams(d: ReportDefinition): Array<string | number | null> {
  return [
    d.name,
    d.title,
    d.description,
    d.jsonQuery,
    d.sqlQuery,
    JSON.stringify(d.meta),
    d.pivotItems === null ? null : JSON.stringify(d.pivotItems),
    d.folderId,
    d.workbookId,
    d.workbookName,
    d.externalWorkbookId,
    d.sheetId,
    d.resultLocation,
    d.endResultCell,
  ];
}

/**
 * Inserts a report; a new id comes from the sequence unless `record.id` is given. Returns the id. Every path that
 * creates a report comes here, so its creator's cap (409 past MAX_REPORTS_PER_USER) is checked here.
 */
export async function insertReport(sql: Sql, record: Omit<ReportRecord, 'id'> & { id?: number }): Promise<number> {
  await checkRoomForReport(sql, record.createdBy);
  const idRows = record.id === undefined ? await sql.all(`SELECT nextval('control.report_ids') AS id`) : [{ id: record.id }];
  const id = reqNum(idRows[0]?.id);
  await sql.run(
    `INSERT INTO control.reports (id, public_id, legacy_ref, deployment_id, type, source, created_at, updated_at, created_by,
       updated_by, version, name, title, description, json_query, sql_query, meta, pivot_items, folder_id, workbook_id,
       workbook_name, external_workbook_id, sheet_id, result_location, end_result_cell)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)`,
    [
      id,
      record.publicId,
      record.legacyRef,
      record.deploymentId,
      record.type,
      record.source,
      record.createdAt,
      record.updatedAt,
      record.createdBy,
      record.updatedBy,
      record.version,
      ...definitionParams(record),
    ],
  );
  return id;
}

/** Writes the definition, publicId, version and update stamp of an existing report. */
export async function updateReport(sql: Sql, record: ReportRecord): Promise<void> {
  await sql.run(
    `UPDATE control.reports SET public_id = $2, updated_at = $3, updated_by = $4, version = $5,
       name = $6, title = $7, description = $8, json_query = $9, sql_query = $10, meta = $11, pivot_items = $12,
       folder_id = $13, workbook_id = $14, workbook_name = $15, external_workbook_id = $16, sheet_id = $17,
       result_location = $18, end_result_cell = $19
     WHERE id = $1`,
    [record.id, record.publicId, record.updatedAt, record.updatedBy, record.version, ...definitionParams(record)],
  );
}

/** Deletes a report and its placements. */
export async function deleteReport(sql: Sql, id: number): Promise<void> {
  await sql.run('DELETE FROM control.placements WHERE report_id = $1', [id]);
  await sql.run('DELETE FROM control.reports WHERE id = $1', [id]);
}

export async function listPlacements(sql: Sql, reportId: number): Promise<PlacementRecord[]> {
  const rows = await sql.all(
    'SELECT * FROM control.placements WHERE report_id = $1 ORDER BY placed_at, external_workbook_id, placement_id',
    [reportId],
  );
  return rows.map(toPlacementRecord);
}

export async function findPlacement(
  sql: Sql,
  reportId: number,
  externalWorkbookId: string,
  placementId: string,
): Promise<PlacementRecord | null> {
  const rows = await sql.all('SELECT * FROM control.placements WHERE report_id = $1 AND external_workbook_id = $2 AND placement_id = $3', [
    reportId,
    externalWorkbookId,
    placementId,
  ]);
  return rows[0] ? toPlacementRecord(rows[0]) : null;
}

/** Inserts or replaces the placement keyed by (report, external workbook, placement id). */
export async function upsertPlacement(sql: Sql, p: PlacementRecord): Promise<void> {
  await sql.run(
    `INSERT OR REPLACE INTO control.placements (report_id, external_workbook_id, placement_id, host, workbook_name, sheet_id,
       sheet_name, anchor_cell, end_result_cell, result_location, placed_at, refreshed_at, placed_by, refreshed_by, query_checksum)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      p.reportId,
      p.externalWorkbookId,
      p.placementId,
      p.host,
      p.workbookName,
      p.sheetId,
      p.sheetName,
      p.anchorCell,
      p.endResultCell,
      p.resultLocation,
      p.placedAt,
      p.refreshedAt,
      p.placedBy,
      p.refreshedBy,
      p.queryChecksum,
    ],
  );
}
