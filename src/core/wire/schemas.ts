/** Zod schemas for every wire shape the add-in touches: the only definition of them; types are inferred from here. */
import { z } from 'zod';
import { CACHE_MODES, ENVIRONMENT_TYPES, REPORT_SOURCES, REPORT_TYPES, SPREADSHEET_HOSTS } from './wire-names';

/** The report publicId pattern of 2.8 / 4.9: exactly 12 characters of [0-9A-Za-z]. */
export const PUBLIC_ID_PATTERN = /^[0-9A-Za-z]{12}$/;

/** Ids the contract types as string but treats as numbers in paths: accept both, keep a string. */
const idString = z.union([z.string().min(1), z.number().int()]).transform((v) => String(v));

// ---------- 2.1 pagination ----------
export const paginationSchema = z.object({
  offset: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

/** `{ data: {<key>: [item]}, pagination }` (2.1). */
export function listEnvelopeSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    data: z.object({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> }),
    pagination: paginationSchema,
  });
}

/**
 * An absolute URL (scheme://host...), checked without the URL class: zod's url() builds a `URL`, which a bare
 * ECMAScript runtime such as Apps Script does not have (every URL is then "invalid"); parseServiceUrl checks it fully.
 */
const absoluteUrl = z.string().regex(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/?#]+(?:[/?#]\S*)?$/, 'Invalid URL');

// ---------- 2.2 deployment ----------
export const deploymentSchema = z.object({
  id: idString,
  name: z.string(),
  created_at: z.string().optional(),
  deploymentUrl: absoluteUrl,
});
export type Deployment = z.infer<typeof deploymentSchema>;
export const deploymentListSchema = listEnvelopeSchema('deployments', deploymentSchema);

// ---------- 2.3 environment ----------
export const environmentTypeSchema = z.enum(ENVIRONMENT_TYPES);
export type EnvironmentType = z.infer<typeof environmentTypeSchema>;
export const environmentSchema = z.object({
  id: idString,
  name: z.string(),
  type: environmentTypeSchema,
  api_credentials: z.object({
    rest: z.object({ url: absoluteUrl }),
    sql: z.object({ host: z.string(), port: z.number().int() }).optional(),
  }),
});
export type Environment = z.infer<typeof environmentSchema>;
export const environmentListSchema = listEnvelopeSchema('environments', environmentSchema);

// ---------- 2.6 / 4.4 meta-sync token ----------
export const metaSyncTokenRequestSchema = z.object({
  security_context: z.record(z.string(), z.unknown()),
  expires_in: z.number().positive().optional(),
});
export type MetaSyncTokenRequest = z.infer<typeof metaSyncTokenRequestSchema>;
export const metaSyncTokenResponseSchema = z.object({
  data: z.object({ token: z.string().min(1), created_at: z.string(), expires_at: z.string() }),
});
export type MetaSyncToken = z.infer<typeof metaSyncTokenResponseSchema>['data'];

// ---------- 2.8 report ----------
export const reportTypeSchema = z.enum(REPORT_TYPES);
export const reportSourceSchema = z.enum(REPORT_SOURCES);
export type ReportSource = z.infer<typeof reportSourceSchema>;
export const spreadsheetHostSchema = z.enum(SPREADSHEET_HOSTS);
export type SpreadsheetHostValue = z.infer<typeof spreadsheetHostSchema>;

/** Pivot layout: arrays of member names; responses also carry measuresAxis / measuresPosition. */
export const pivotItemsSchema = z.object({
  rows: z.array(z.string()).default([]),
  columns: z.array(z.string()).default([]),
  measures: z.array(z.string()).default([]),
  filters: z.array(z.string()).default([]),
  measuresAxis: z.string().optional(),
  measuresPosition: z.string().optional(),
});
export type PivotItems = z.infer<typeof pivotItemsSchema>;

export const reportUserSchema = z.object({
  email: z.string().nullish(),
  id: z.number().int(),
  firstName: z.string().nullish(),
  picture: z.string().nullish(),
});

/** 2.9 external workbook placement. */
export const placementSchema = z.object({
  id: z.string(),
  host: spreadsheetHostSchema,
  workbookId: z.string(),
  workbookName: z.string().nullish(),
  sheetId: z.string().nullish(),
  sheetName: z.string().nullish(),
  anchorCell: z.string().nullish(),
  endResultCell: z.string().nullish(),
  resultLocation: z.string().nullish(),
  placedAt: z.string().nullish(),
  refreshedAt: z.string().nullish(),
  placedByUserId: z.number().int().nullish(),
  refreshedByUserId: z.number().int().nullish(),
  queryChecksum: z.string().nullish(),
  syncStatus: z.string().nullish(),
});
export type ExternalWorkbookPlacement = z.infer<typeof placementSchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  publicId: z.string().regex(PUBLIC_ID_PATTERN).nullish(),
  deploymentId: z.number().int(),
  name: z.string(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  type: reportTypeSchema.nullish(),
  source: reportSourceSchema.nullish(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
  createdBy: z.number().int().nullish(),
  userId: z.number().int().nullish(),
  refreshedBy: z.number().int().nullish(),
  user: reportUserSchema.nullish(),
  refreshedByUser: reportUserSchema.nullish(),
  canEdit: z.boolean().nullish(),
  canManage: z.boolean().nullish(),
  currentQueryChecksum: z.string().nullish(),
  jsonQuery: z.string().nullish(),
  sqlQuery: z.string().nullish(),
  meta: z.record(z.string(), z.unknown()).nullish(),
  pivotItems: pivotItemsSchema.nullish(),
  folderId: z.number().int().nullish(),
  folderPath: z.array(z.object({ id: z.number().int(), name: z.string() })).nullish(),
  workbookId: z.number().int().nullish(),
  externalWorkbookId: z.string().nullish(),
  resultLocation: z.string().nullish(),
  endResultCell: z.string().nullish(),
  version: z.number().int().nullish(),
  rolesWithAccess: z.array(z.object({ actions: z.array(z.string()), id: z.number().int(), name: z.string() })).nullish(),
  externalWorkbookPlacements: z.array(placementSchema).nullish(),
});
export type Report = z.infer<typeof reportSchema>;

// ---------- 4.9 upsert body ----------
/** Body of `PUT .../reports/by-public-id/{publicId}`; also the field set of `PUT /reports/{id}` and `POST /reports`. */
export const reportUpsertBodySchema = z.object({
  publicId: z.string().regex(PUBLIC_ID_PATTERN).optional(),
  name: z.string().min(1).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  sqlQuery: z.string().optional(),
  jsonQuery: z.string().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
  pivotItems: z
    .object({
      columns: z.array(z.string()),
      filters: z.array(z.string()),
      measures: z.array(z.string()),
      rows: z.array(z.string()),
    })
    .optional(),
  folderId: z.number().int().optional(),
  workbookId: z.number().int().optional(),
  workbookName: z.string().optional(),
  externalWorkbookId: z.string().optional(),
  sheetId: z.string().optional(),
  resultLocation: z.string().optional(),
  endResultCell: z.string().optional(),
  source: reportSourceSchema.optional(),
});
export type ReportUpsertBody = z.infer<typeof reportUpsertBodySchema>;

/** Body of `PUT .../reports/{reportId}` (not shown by the contract beyond write-once publicId plus report fields). */
export const reportUpdateBodySchema = reportUpsertBodySchema;
export type ReportUpdateBody = z.infer<typeof reportUpdateBodySchema>;

/** Body of `POST .../reports` (not shown by the contract; name is the one field we require). */
export const reportCreateBodySchema = reportUpsertBodySchema.extend({ name: z.string().min(1) });
export type ReportCreateBody = z.infer<typeof reportCreateBodySchema>;

// ---------- 4.10 connect-workbook body ----------
export const connectWorkbookBodySchema = z.object({
  externalWorkbookId: z.string().min(1),
  resultLocation: z.string().optional(),
  anchorCell: z.string().optional(),
  endResultCell: z.string().optional(),
  placementId: z.string().min(1),
  sheetId: z.string().optional(),
  sheetName: z.string().optional(),
  workbookName: z.string().optional(),
});
export type ConnectWorkbookBody = z.infer<typeof connectWorkbookBodySchema>;

// ---------- 4.11 SQL query ----------
export const cacheModeSchema = z.enum(CACHE_MODES);
export type CacheMode = z.infer<typeof cacheModeSchema>;
/** Exactly the documented keys: the server rejects any other key (strict). */
export const sqlQueryRequestSchema = z.strictObject({
  query: z.string().min(1),
  timezone: z.string().optional(),
  cache: cacheModeSchema.optional(),
  throwContinueWait: z.boolean().optional(),
});
export type SqlQueryRequest = z.infer<typeof sqlQueryRequestSchema>;

/** `column_type`: a string, or an object read by its single key (`{"Date":false}`, `{"Decimal":[p,s]}`...). */
export const columnTypeSchema = z.union([z.string(), z.record(z.string(), z.unknown())]);
export type ColumnType = z.infer<typeof columnTypeSchema>;

/** Normalize a column type to its name: `"Int64"` or the key of `{"Decimal":[p,s]}`. */
export function columnTypeName(t: ColumnType): string {
  if (typeof t === 'string') return t;
  const keys = Object.keys(t);
  return keys[0] ?? 'Unknown';
}

export const streamColumnSchema = z.object({
  name: z.string(),
  column_type: columnTypeSchema,
  format: z.unknown().optional(),
  currency: z.string().optional(),
});
export type StreamColumn = z.infer<typeof streamColumnSchema>;

/** 2.10 header line: unknown keys ignored. */
export const streamHeaderSchema = z.object({
  schema: z.array(streamColumnSchema),
  lastRefreshTime: z.string().optional(),
  external: z.boolean().optional(),
  usedPreAggregations: z
    .record(z.string(), z.object({ preAggregationId: z.string(), lastUpdatedAt: z.number(), type: z.string() }).partial())
    .optional(),
});
export type StreamHeader = z.infer<typeof streamHeaderSchema>;

/** A value inside a data row as the engine encodes it: strings (numbers too), booleans, null. */
export const streamValueSchema = z.union([z.string(), z.boolean(), z.null(), z.number()]);
export type StreamValue = z.infer<typeof streamValueSchema>;
export const streamDataLineSchema = z.object({ data: z.array(z.array(streamValueSchema)) });
export const streamErrorLineSchema = z.object({ error: z.string(), requestId: z.string().optional() });

// ---------- metadata (`{rest_url}/meta`) ----------
export const memberFormatSchema = z.union([z.string(), z.object({ type: z.string(), value: z.string().optional() })]);
export const metaMeasureSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  shortTitle: z.string().optional(),
  type: z.string(),
  aggType: z.string().optional(),
  format: memberFormatSchema.optional(),
  drillMembers: z.array(z.string()).optional(),
});
export const metaDimensionSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  shortTitle: z.string().optional(),
  type: z.string(),
  primaryKey: z.boolean().optional(),
  suggestFilterValues: z.boolean().optional(),
  granularities: z.array(z.object({ name: z.string(), title: z.string().optional() })).optional(),
  /** The model's free-form `meta` object, passed through by the engine; read by model-defaults.ts (unknown keys ignored). */
  meta: z.record(z.string(), z.unknown()).optional().catch(undefined),
});
export const metaCubeSchema = z.object({
  name: z.string(),
  type: z.enum(['cube', 'view']).optional(),
  title: z.string().optional(),
  measures: z.array(metaMeasureSchema).default([]),
  dimensions: z.array(metaDimensionSchema).default([]),
  segments: z.array(z.object({ name: z.string(), title: z.string().optional() })).default([]),
});
export type MetaCube = z.infer<typeof metaCubeSchema>;
export const metaSchema = z.object({ cubes: z.array(metaCubeSchema) });
export type Meta = z.infer<typeof metaSchema>;

// ---------- 7 error body ----------
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  type: z.string().optional(),
  requestId: z.string().optional(),
});
