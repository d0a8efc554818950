/** Every route the platform serves, with the zod schemas and notes its OpenAPI description is generated from. */
import { z } from 'zod';
import {
  connectWorkbookBodySchema,
  deploymentListSchema,
  environmentListSchema,
  environmentTypeSchema,
  listEnvelopeSchema,
  metaSchema,
  metaSyncTokenRequestSchema,
  metaSyncTokenResponseSchema,
  reportCreateBodySchema,
  reportSchema,
  reportUpdateBodySchema,
  reportUpsertBodySchema,
  sqlQueryRequestSchema,
  streamDataLineSchema,
  streamErrorLineSchema,
  streamHeaderSchema,
} from '../src/core/wire/schemas';
import { CONTROL_PLANE_ROOT } from '../src/core/wire/wire-names';
import type { Handler } from './context';
import { META_ROUTE, QUERY_ROUTE } from './deployments';
import { MAX_LIMIT } from './pagination';
import type { Route } from './router';
import { connectWorkbook } from './routes/connect-workbook';
import { listDeployments, listEnvironments } from './routes/deployments';
import { createMetaSyncToken, getMeta } from './routes/meta-sync';
import { runSqlQuery } from './routes/query';
import { createReport, getReport, listReportsRoute, updateReportById, upsertReportByPublicId } from './routes/reports';
import { getSpec } from './routes/spec';

export type Security = 'apiKey' | 'metaSyncToken' | 'queryKey' | 'none';

export interface RouteDoc {
  summary: string;
  description?: string;
  security: Security;
  query?: Array<{ name: string; schema: z.ZodType; description: string }>;
  body?: z.ZodType;
  response: { status: number; schema: z.ZodType; description: string };
  /** Statuses of `{"error": ...}` answers besides the usual ones. */
  errors: number[];
  /** Not in the contract: the shape is this platform's choice. */
  localOnly?: boolean;
}

export interface PlatformRoute extends Route<Handler> {
  doc: RouteDoc;
  /** Which `x-fault` control-plane faults apply here: all (status, delay-ms), status only (the query API delays by itself), none. */
  faults: 'all' | 'status' | 'none';
}

const pageQuery = [
  { name: 'offset', schema: z.number().int().nonnegative(), description: 'items to skip; default 0' },
  {
    name: 'limit',
    schema: z.number().int().nonnegative(),
    description: `maximum items returned; default 20; a larger value than ${MAX_LIMIT} returns ${MAX_LIMIT} (echoed in pagination.limit)`,
  },
];

const reportListSchema = listEnvelopeSchema('reports', reportSchema);
const cp = CONTROL_PLANE_ROOT;
const deploymentPath = `${cp}/deployments/{deploymentId}`;

export const ROUTES: readonly PlatformRoute[] = [
  {
    method: 'GET',
    template: `${cp}/deployments`,
    handler: listDeployments,
    faults: 'all',
    doc: {
      summary: 'List deployments accessible to the caller (4.2)',
      security: 'apiKey',
      query: pageQuery,
      response: { status: 200, schema: deploymentListSchema, description: 'a page of deployments' },
      errors: [400, 401],
    },
  },
  {
    method: 'GET',
    template: `${deploymentPath}/environments`,
    handler: listEnvironments,
    faults: 'all',
    doc: {
      summary: "List a deployment's environments (4.3)",
      security: 'apiKey',
      query: [...pageQuery, { name: 'type', schema: environmentTypeSchema, description: 'only environments of this type' }],
      response: { status: 200, schema: environmentListSchema, description: 'a page of environments' },
      errors: [400, 401, 404],
    },
  },
  {
    method: 'POST',
    template: `${deploymentPath}/environments/{environmentId}/tokens-for-meta-sync`,
    handler: createMetaSyncToken,
    faults: 'all',
    doc: {
      summary: 'Issue a meta-sync token (4.4)',
      description: 'The JWT opens `{api_credentials.rest.url}/meta` of this environment and nothing else.',
      security: 'apiKey',
      body: metaSyncTokenRequestSchema,
      response: { status: 200, schema: metaSyncTokenResponseSchema, description: 'the token' },
      errors: [400, 401, 404],
    },
  },
  {
    method: 'GET',
    template: `${deploymentPath}/reports`,
    handler: listReportsRoute,
    faults: 'all',
    doc: {
      summary: "List a deployment's reports (local platform only)",
      security: 'apiKey',
      localOnly: true,
      query: [...pageQuery, { name: 'externalWorkbookId', schema: z.string(), description: 'only reports placed in this workbook' }],
      response: { status: 200, schema: reportListSchema, description: 'a page of reports by id' },
      errors: [400, 401, 404],
    },
  },
  {
    method: 'POST',
    template: `${deploymentPath}/reports`,
    handler: createReport,
    faults: 'all',
    doc: {
      summary: 'Create a report',
      description:
        'Shape not shown by the contract: `name` is required; `publicId` is optional (minted when absent); `source` is recorded.',
      security: 'apiKey',
      localOnly: true,
      body: reportCreateBodySchema,
      response: { status: 201, schema: reportSchema, description: 'the created report' },
      errors: [400, 401, 403, 404, 409],
    },
  },
  {
    method: 'PUT',
    template: `${deploymentPath}/reports/by-public-id/{publicId}`,
    handler: upsertReportByPublicId,
    faults: 'all',
    doc: {
      summary: 'Create or update a report by publicId (4.9)',
      description:
        'Create needs the create right, update needs edit access. 409 without `code`: publicId used in another deployment; `upsert_branch_changed`: lost a race, retry; `ambiguous_legacy_id`: the legacy id matches several reports.',
      security: 'apiKey',
      body: reportUpsertBodySchema,
      response: { status: 200, schema: reportSchema, description: 'the report' },
      errors: [400, 401, 403, 404, 409],
    },
  },
  {
    method: 'GET',
    template: `${deploymentPath}/reports/{reportId}`,
    handler: getReport,
    faults: 'all',
    doc: {
      summary: 'Get a report (local platform only)',
      security: 'apiKey',
      localOnly: true,
      response: { status: 200, schema: reportSchema, description: 'the report' },
      errors: [401, 404],
    },
  },
  {
    method: 'PUT',
    template: `${deploymentPath}/reports/{reportId}`,
    handler: updateReportById,
    faults: 'all',
    doc: {
      summary: 'Update a report',
      description:
        'Shape not shown by the contract: the fields of the upsert body, sent fields only. `publicId` is write-once: set when the report has none, 400 when it would change an existing one.',
      security: 'apiKey',
      localOnly: true,
      body: reportUpdateBodySchema,
      response: { status: 200, schema: reportSchema, description: 'the report' },
      errors: [400, 401, 403, 404, 409],
    },
  },
  {
    method: 'PUT',
    template: `${deploymentPath}/reports/{reportId}/connect-workbook`,
    handler: connectWorkbook,
    faults: 'all',
    doc: {
      summary: 'Record a placement of the report in a workbook (4.10)',
      description: 'Read access suffices; the report definition never changes.',
      security: 'apiKey',
      body: connectWorkbookBodySchema,
      response: { status: 200, schema: reportSchema, description: 'the report with its placements' },
      errors: [400, 401, 404],
    },
  },
  {
    method: 'GET',
    template: `${cp}/spec`,
    handler: getSpec,
    faults: 'none',
    doc: {
      summary: 'This OpenAPI document',
      security: 'none',
      response: { status: 200, schema: z.record(z.string(), z.unknown()), description: 'OpenAPI 3.1' },
      errors: [],
    },
  },
  {
    method: 'POST',
    template: QUERY_ROUTE,
    handler: runSqlQuery,
    faults: 'status',
    doc: {
      summary: 'Run SQL and stream newline-delimited JSON (4.11)',
      description:
        'Path under a deployment\'s `deploymentUrl`. `Authorization: <API key>` or `Bearer <API key>`. Status 200 then lines: a header line, `{"data":[...]}` lines, or an error line.',
      security: 'queryKey',
      body: sqlQueryRequestSchema,
      response: {
        status: 200,
        schema: z.union([streamHeaderSchema, streamDataLineSchema, streamErrorLineSchema]),
        description: 'one JSON value per line',
      },
      errors: [400, 403, 404],
    },
  },
  {
    method: 'GET',
    template: META_ROUTE,
    handler: getMeta,
    faults: 'all',
    doc: {
      summary: 'Metadata of the semantic model',
      description: "Path under an environment's `api_credentials.rest.url`. Needs a meta-sync token (raw or Bearer).",
      security: 'metaSyncToken',
      response: { status: 200, schema: metaSchema, description: 'cubes and views' },
      errors: [403],
    },
  },
];
