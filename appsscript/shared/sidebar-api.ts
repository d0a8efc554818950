/**
 * What the sidebar may call on the server and what each call takes and answers, as zod schemas shared by both sides.
 * The server parses the arguments; the sidebar parses the answers.
 */
import { cellsEditedSchema, MAX_EDITS_PER_CALL } from '../../src/core/service/cells-edited';
import { z } from 'zod';
import { AUTH_SCHEMES } from '../../src/core/wire/auth-scheme';
import { PUBLIC_ID_PATTERN, deploymentSchema, environmentSchema, metaSchema, pivotItemsSchema } from '../../src/core/wire/schemas';
import { jobStatusSchema } from '../../src/core/jobs/job-store';
import { ADDIN_ERROR_KINDS } from '../../src/core/errors/addin-error';
import { growthSchema } from '../../src/core/placements/growth-setting';
import { contextChangeSchema } from '../../src/core/placements/context-settings';
import { parameterBindingInputsSchema } from '../../src/core/service/parameter-views';
import type { JobItemState } from '../../src/core/jobs/refresh-job-state';
import type { SidebarMethod } from './entry-points';
import { serverErrorSchema } from './server-result';
import { automationApi } from './automation-api';

/** Call and job ids are minted by the sidebar: URL-safe, long enough to be unguessable, short enough for cache keys. */
export const callIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'an id is 16 to 64 letters, digits, "-" or "_"');

const none = z.object({}).strict();
const authSchemeSchema = z.enum(AUTH_SCHEMES);
const kindSchema = z.enum(ADDIN_ERROR_KINDS);

export const reportDraftSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    mode: z.enum(['builder', 'sql']),
    sqlQuery: z.string(),
    jsonQuery: z.string().nullable(),
    pivotItems: pivotItemsSchema.pick({ rows: true, columns: true, measures: true, filters: true }).nullable(),
    builderState: z.record(z.string(), z.unknown()).nullable(),
  })
  .strict();

export const cellTargetSchema = z
  .object({
    sheetId: z.string(),
    sheetName: z.string(),
    row: z.number().int().min(0),
    col: z.number().int().min(0),
    label: z.string(),
  })
  .strict();

const sessionStateSchema = z.object({
  signedIn: z.boolean(),
  tenantUrl: z.string().nullable(),
  authScheme: authSchemeSchema,
  defaultTenantUrl: z.string().nullable(),
});
const contextSchema = z.object({ deploymentId: z.string().nullable(), environmentId: z.string().nullable() });
const changesViewSchema = z.object({
  text: z.string(),
  changedCells: z.number(),
  rowsAdded: z.number(),
  rowsRemoved: z.number(),
  colsAdded: z.number(),
  colsRemoved: z.number(),
});
const undoViewSchema = z.object({ available: z.boolean(), reason: z.string().optional() });
const handEditsViewSchema = z.object({ count: z.number(), exact: z.boolean(), text: z.string() });
const runOutcomeSchema = z.object({
  placementId: z.string(),
  dataRows: z.number(),
  cols: z.number(),
  headerRows: z.number(),
  rangeLabel: z.string(),
  elapsedMs: z.number(),
  truncatedAtDefaultCap: z.boolean().optional(),
  changes: changesViewSchema.optional(),
  undo: undoViewSchema.optional(),
});
const itemStateSchema = z.union([
  z.object({ state: z.literal('queued') }),
  z.object({ state: z.literal('running') }),
  z.object({ state: z.literal('writing') }),
  z.object({ state: z.literal('done'), dataRows: z.number(), cols: z.number() }),
  z.object({ state: z.literal('failed'), kind: kindSchema, message: z.string() }),
  z.object({ state: z.literal('stopped') }),
  z.object({ state: z.literal('skipped'), reason: z.string(), needsConfirmation: z.literal(true).optional() }),
]) as z.ZodType<JobItemState>;
const summarySchema = z.object({
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  stopped: z.number(),
  skipped: z.number(),
  needsConfirmation: z.number().optional(),
  items: z.array(z.object({ placementId: z.string(), item: itemStateSchema })),
});
const placementViewSchema = z.object({
  placementId: z.string(),
  reportId: z.number(),
  publicId: z.string(),
  name: z.string(),
  sheetName: z.string().nullable(),
  sheetIndex: z.number().int().nonnegative().nullable().optional(),
  rangeLabel: z.string().nullable(),
  dataRows: z.number(),
  cols: z.number(),
  headerRows: z.number(),
  refreshedAt: z.string().nullable(),
  status: z.enum(['upToDate', 'outOfDate', 'orphaned', 'failed', 'refreshing', 'unknown']),
  statusCheckedAt: z.string().nullable(),
  lastError: z.object({ kind: kindSchema, message: z.string() }).nullable(),
  canEdit: z.boolean().nullable(),
  growth: growthSchema.optional(),
  refreshOnParameterChange: z.boolean().optional(),
  filterSummary: z.boolean().optional(),
  anchorNote: z.boolean().optional(),
  notesUnsupported: z.string().nullable().optional(),
  needsConfirmation: z.boolean().optional(),
  truncatedAtDefaultCap: z.boolean().optional(),
  handEdits: handEditsViewSchema.nullable().optional(),
  lastChanges: changesViewSchema.nullable().optional(),
  undo: undoViewSchema.optional(),
  parameters: z
    .array(
      z.object({
        cell: z.string(),
        member: z.string(),
        value: z.string().nullable(),
        changed: z.boolean(),
        binding: parameterBindingInputsSchema.element,
      }),
    )
    .optional(),
});

const jobId = callIdSchema;

/** The arguments of placing an existing report besides what is placed: where, and the PlaceOptions (its placementId as `newPlacementId`). */
const placeFields = {
  target: z.union([cellTargetSchema, z.literal('selection')]),
  jobId,
  overwrite: z.boolean(),
  newPlacementId: z.string().regex(PUBLIC_ID_PATTERN).optional(),
};

const suggestValuesArgsSchema = z.object({ view: z.string(), member: z.string(), search: z.string().max(200) }).strict();
const valueSuggestionsSchema = z.object({
  offered: z.boolean(),
  values: z.array(z.object({ value: z.string(), count: z.number().nullable() })),
});
const cellScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const previewTableSchema = z.object({
  headerRows: z.number().int().nonnegative(),
  values: z.array(z.array(cellScalarSchema)),
  formats: z.array(z.array(z.string().nullable())),
  texts: z.array(z.array(z.string())),
  bold: z.array(z.array(z.boolean())),
  rows: z.number().int().nonnegative(),
  more: z.boolean(),
});

/** Arguments and result of every AddinService method the sidebar calls, by the entry point's name. */
export const sidebarApi = {
  getSession: { args: none, result: sessionStateSchema },
  signIn: {
    args: z.object({ tenantUrl: z.string(), apiKey: z.string(), authScheme: authSchemeSchema }).strict(),
    result: sessionStateSchema,
  },
  signOut: { args: none, result: z.null() },
  listDeployments: { args: none, result: z.array(deploymentSchema) },
  listEnvironments: { args: z.object({ deploymentId: z.string() }).strict(), result: z.array(environmentSchema) },
  getContext: { args: none, result: contextSchema },
  setContext: { args: contextSchema.strict(), result: z.null() },
  getMeta: { args: none, result: metaSchema },
  suggestValues: { args: suggestValuesArgsSchema, result: valueSuggestionsSchema },
  preview: { args: z.object({ draft: reportDraftSchema }).strict(), result: previewTableSchema },
  activeCell: { args: none, result: cellTargetSchema },
  insert: {
    args: z
      .object({
        draft: reportDraftSchema,
        target: cellTargetSchema,
        jobId,
        overwrite: z.boolean(),
        parameters: parameterBindingInputsSchema.optional(),
      })
      .strict(),
    result: runOutcomeSchema,
  },
  listPlacements: { args: none, result: z.array(placementViewSchema) },
  refresh: {
    args: z.object({ placementId: z.string(), jobId, handEdits: z.enum(['stop', 'overwrite']).optional() }).strict(),
    result: runOutcomeSchema,
  },
  refreshAll: {
    args: z.object({ placementIds: z.array(z.string()), jobId, handEdits: z.enum(['skip', 'overwrite']).optional() }).strict(),
    result: summarySchema,
  },
  cancel: { args: z.object({ jobId }).strict(), result: z.null() },
  jobStatus: { args: z.object({ jobId }).strict(), result: jobStatusSchema.nullable() },
  goTo: { args: z.object({ placementId: z.string() }).strict(), result: z.null() },
  loadDraft: { args: z.object({ placementId: z.string() }).strict(), result: reportDraftSchema },
  update: {
    args: z
      .object({ placementId: z.string(), draft: reportDraftSchema, jobId, handEdits: z.enum(['stop', 'overwrite']).optional() })
      .strict(),
    result: runOutcomeSchema,
  },
  remove: { args: z.object({ placementId: z.string(), clearCells: z.boolean() }).strict(), result: z.null() },
  movePlacement: {
    args: z
      .object({ placementId: z.string(), target: z.union([cellTargetSchema, z.literal('selection')]), jobId, overwrite: z.boolean() })
      .strict(),
    result: runOutcomeSchema,
  },
  setPlacementGrowth: { args: z.object({ placementId: z.string(), growth: growthSchema }).strict(), result: z.null() },
  setPlacementContext: {
    args: z.object({ placementId: z.string(), change: contextChangeSchema, jobId }).strict(),
    result: runOutcomeSchema.nullable(),
  },
  bindParameters: { args: z.object({ placementId: z.string(), bindings: parameterBindingInputsSchema }).strict(), result: z.null() },
  boundCellValues: {
    args: z.object({ bindings: parameterBindingInputsSchema }).strict(),
    result: z.array(z.object({ cell: z.string(), values: z.array(z.string()) })),
  },
  setRefreshOnParameterChange: { args: z.object({ placementId: z.string(), on: z.boolean() }).strict(), result: z.null() },
  confirmPlacement: { args: z.object({ placementId: z.string() }).strict(), result: z.null() },
  cellsEdited: { args: z.object({ edits: z.array(cellsEditedSchema).max(MAX_EDITS_PER_CALL).optional() }).strict(), result: z.null() },
  locateHandEdits: { args: z.object({ placementId: z.string() }).strict(), result: z.null() },
  showChanges: { args: z.object({ placementId: z.string() }).strict(), result: z.null() },
  undoRefresh: { args: z.object({ placementId: z.string(), jobId }).strict(), result: runOutcomeSchema },
  checkHandEdits: { args: none, result: z.null() },
  placeAgain: { args: z.object({ placementId: z.string(), ...placeFields }).strict(), result: runOutcomeSchema },
  placeReport: { args: z.object({ reference: z.string(), ...placeFields }).strict(), result: runOutcomeSchema },
  replaceOrphan: { args: z.object({ placementId: z.string(), ...placeFields }).strict(), result: runOutcomeSchema },
  ...automationApi,
} as const satisfies Record<SidebarMethod, { args: z.ZodType; result: z.ZodType }>;

export type SidebarApi = typeof sidebarApi;
export type SidebarFunction = keyof SidebarApi;
export type SidebarArgs<K extends SidebarFunction> = z.infer<SidebarApi[K]['args']>;
export type SidebarResult<K extends SidebarFunction> = z.infer<SidebarApi[K]['result']>;

/** What a sidebar method's entry point takes: the call id the sidebar minted and the method's arguments. */
export const callEnvelopeSchema = z.object({ callId: callIdSchema, args: z.unknown() }).strict();

/** A call's record in the script cache: running until its promise settles (within the same execution), then its JSON answer. */
export const callRecordSchema = z.union([
  z.object({ state: z.literal('running') }),
  z.object({ state: z.literal('done'), value: z.json() }),
  z.object({ state: z.literal('failed'), error: serverErrorSchema }),
]);
export type CallRecord = z.infer<typeof callRecordSchema>;

/** What `callResult` takes. */
export const callResultArgsSchema = z.object({ callId: callIdSchema }).strict();
