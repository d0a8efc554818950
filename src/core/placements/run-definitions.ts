/** The report definition a run lays out (a draft's, or an edit's over the saved one) and the saves that commit it. */
import type { Report, ReportUpsertBody } from '../wire/schemas';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { Fetched } from './fetch-phase';
import { throwIfAborted } from './placement-errors';
import type { PlacementRecord } from './placement-record';
import type { PlacementDraft, ReportsApi } from './placement-types';
import { upsertBody } from './report-bodies';
import type { WriteArgs } from './write-phase';

/** An edit of a placed report: its new name and environment, the draft, and the body that saves it. */
export interface Edit {
  name: string;
  environmentId: string | undefined;
  draft: PlacementDraft;
  body: ReportUpsertBody;
}

type Commit = NonNullable<WriteArgs['commit']>;

/** The definition a new report's result is titled by (not saved yet: no id). */
export function draftReport(draft: PlacementDraft, publicId: string, name: string): Report {
  return {
    id: 0,
    deploymentId: Number(draft.deploymentId) || 0,
    publicId,
    name,
    sqlQuery: draft.sqlQuery,
    jsonQuery: draft.jsonQuery ?? null,
    meta: draft.meta ?? null,
  };
}

/** The definition an edit runs: the saved report with the draft's name, query, pivot and meta. */
export function editedReport(report: Report, edit: Edit): Report {
  return {
    ...report,
    name: edit.name,
    sqlQuery: edit.draft.sqlQuery,
    jsonQuery: edit.draft.jsonQuery ?? null,
    pivotItems: edit.draft.pivotItems ? { ...report.pivotItems, ...edit.draft.pivotItems } : null,
    meta: edit.draft.meta ?? report.meta ?? null,
  };
}

/**
 * An insert's save, once its result is planned and fits (the saved report is kept in `saved`, its checksum goes to
 * `fetched`). Nothing is restored: the draft keeps its publicId, so a retry saves onto the same report.
 */
export function insertCommit(
  reports: ReportsApi,
  draft: PlacementDraft,
  publicId: string,
  body: ReportUpsertBody,
  fetched: Pick<Fetched, 'queryChecksum'>,
  saved: { report?: Report },
  signal: CancelSignal | undefined,
): Commit {
  return {
    save: async () => {
      saved.report = await reports.upsertReport(draft.deploymentId, publicId, body, signal ? { signal } : {});
      fetched.queryChecksum = saved.report.currentQueryChecksum ?? undefined;
      throwIfAborted(signal);
    },
    restore: async () => undefined,
  };
}

/** An edit's save and, should its cells then fail to write, the saved definition put back (the new checksum goes to `fetched`). */
export function editCommit(
  reports: ReportsApi,
  record: PlacementRecord,
  saved: Report,
  body: ReportUpsertBody,
  fetched: Fetched,
  signal: CancelSignal | undefined,
): Commit {
  const savedFields = { ...saved, sqlQuery: saved.sqlQuery ?? '', description: saved.description ?? '' };
  return {
    save: async () => {
      const report = await reports.upsertReport(record.deploymentId, record.publicId, body, signal ? { signal } : {});
      fetched.queryChecksum = report.currentQueryChecksum ?? undefined;
      fetched.savedReportId = report.id;
    },
    restore: async () => {
      await reports.upsertReport(record.deploymentId, record.publicId, upsertBody(record.publicId, savedFields, { kind: 'replace' }));
    },
  };
}
