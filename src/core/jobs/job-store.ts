/**
 * Job status kept where every request of the runtime can read it: progress, items and outcome of a job, and a cancel
 * asked for from another request (Apps Script's sidebar polls from separate executions, so the host provides the store,
 * e.g. the script cache; browser hosts use MemoryJobStore). Values are plain JSON, parsed with zod when read.
 */
import { z } from 'zod';
import type { AddinErrorKind } from '../errors/addin-error';
import type { JobItemState } from './refresh-job-state';

/**
 * Where job statuses live, as text by key (a cache may drop old entries: a missing status reads as unknown). A job
 * writes its status under its job id; a cancel is written under cancelKey(jobId), which the job only reads, so a
 * cancel is never lost to a status write.
 */
export interface JobStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

/** The key a cancel of `jobId` is asked for under. */
export function cancelKey(jobId: string): string {
  return `${jobId}.cancel`;
}

/** A job store in this runtime's memory (the task pane and the preview: every request runs in one page). */
export class MemoryJobStore implements JobStore {
  private readonly map = new Map<string, string>();
  async get(key: string): Promise<string | null> {
    return this.map.get(key) ?? null;
  }
  async set(key: string, value: string): Promise<void> {
    this.map.set(key, value);
  }
}

const itemStateSchema: z.ZodType<JobItemState> = z.union([
  z.object({ state: z.literal('queued') }),
  z.object({ state: z.literal('running') }),
  z.object({ state: z.literal('writing') }),
  z.object({ state: z.literal('done'), dataRows: z.number(), cols: z.number() }),
  z.object({ state: z.literal('failed'), kind: z.string() as z.ZodType<AddinErrorKind>, message: z.string() }),
  z.object({ state: z.literal('stopped') }),
  z.object({ state: z.literal('skipped'), reason: z.string() }),
]);

export const jobStatusSchema = z.object({
  jobId: z.string(),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  /** A cancel was asked for (from any request) while the job runs. */
  cancelRequested: z.boolean(),
  progress: z.object({ rows: z.number(), bytes: z.number(), elapsedMs: z.number() }).nullable(),
  items: z.array(z.object({ placementId: z.string(), item: itemStateSchema })),
  /** The job's result when done: a RunOutcome or a RefreshAllSummary, as plain JSON. */
  outcome: z.record(z.string(), z.unknown()).nullable(),
  error: z.object({ kind: z.string(), message: z.string() }).nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** The status stored for `jobId` (with any cancel asked for), or null when there is none (or it is unreadable). */
export async function readJobStatus(store: JobStore, jobId: string): Promise<JobStatus | null> {
  const raw = await store.get(jobId);
  if (raw === null) return null;
  let status: JobStatus;
  try {
    const parsed = jobStatusSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    status = parsed.data;
  } catch {
    return null;
  }
  return status.state === 'running' && (await cancelRequested(store, jobId)) ? { ...status, cancelRequested: true } : status;
}

/** True once a cancel of `jobId` was asked for. */
export async function cancelRequested(store: JobStore, jobId: string): Promise<boolean> {
  return (await store.get(cancelKey(jobId))) !== null;
}

/** Asks for a job's cancel, whatever request runs it (the job sees it at its next status write or check). */
export async function requestCancel(store: JobStore, jobId: string): Promise<void> {
  await store.set(cancelKey(jobId), '1');
}

export function emptyStatus(jobId: string, state: JobStatus['state']): JobStatus {
  return { jobId, state, cancelRequested: false, progress: null, items: [], outcome: null, error: null };
}
