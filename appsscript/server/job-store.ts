/** Progress, outcome and cancel requests of server jobs, in the script cache under the job id the sidebar minted, so other requests can poll and cancel while the job's own call runs. */
import { z } from 'zod';
import { AddinError } from '../../src/core/wire/errors';
import type { CacheLike } from './apps-script-services';
import { utf8Length } from './utf8-length';

/** Job ids are minted by the sidebar: URL-safe, long enough to be unguessable, short enough for cache keys. */
export const jobIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'a job id is 16 to 64 letters, digits, "-" or "_"');

/** How long a job's record stays (the cache's maximum, 6 hours: past any execution and its resumptions). */
export const JOB_TTL_SECONDS = 21600;
const MAX_CACHE_VALUE_BYTES = 100 * 1024;

export const jobStateSchema = z.enum(['running', 'done', 'failed', 'cancelled']);

/** What `jobStatus` answers: only plain JSON, so it crosses google.script.run unchanged. */
export const jobRecordSchema = z.object({
  state: jobStateSchema,
  /** The job's latest progress report (its shape belongs to the job). */
  progress: z.json().nullable(),
  /** The job's result or error once it has ended. */
  outcome: z.json().nullable(),
  updatedAt: z.number(),
});
export type JobRecord = z.infer<typeof jobRecordSchema>;
export type JobState = z.infer<typeof jobStateSchema>;
type Json = z.infer<ReturnType<typeof z.json>>;

const statusKey = (jobId: string) => `svc.job.${jobId}.status`;
// The cancel flag has its own key: the job's progress writes can never overwrite a cancel request made meanwhile.
const cancelKey = (jobId: string) => `svc.job.${jobId}.cancel`;

export class JobStore {
  constructor(
    private readonly cache: CacheLike,
    private readonly now: () => number,
  ) {}

  private write(jobId: string, record: JobRecord): void {
    const text = JSON.stringify(record);
    if (utf8Length(text) > MAX_CACHE_VALUE_BYTES) {
      throw new AddinError('limit', 'The job reported more than the 100 KB Google Sheets can keep for it.', { data: { jobId } });
    }
    this.cache.put(statusKey(jobId), text, JOB_TTL_SECONDS);
  }

  start(jobId: string): void {
    const id = jobIdSchema.parse(jobId);
    this.cache.remove(cancelKey(id));
    this.write(id, { state: 'running', progress: null, outcome: null, updatedAt: this.now() });
  }

  progress(jobId: string, progress: Json): void {
    this.write(jobId, { state: 'running', progress, outcome: null, updatedAt: this.now() });
  }

  finish(jobId: string, state: Exclude<JobState, 'running'>, outcome: Json): void {
    const last = this.read(jobId);
    this.write(jobId, { state, progress: last?.progress ?? null, outcome, updatedAt: this.now() });
  }

  /** The job's record; `null` when unknown or expired. */
  read(jobId: string): JobRecord | null {
    const text = this.cache.get(statusKey(jobId));
    if (text === null) return null;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
    const parsed = jobRecordSchema.safeParse(raw);
    if (!parsed.success)
      throw new AddinError('host', 'The job record kept in Google Sheets is damaged. Start the job again.', { data: { jobId } });
    return parsed.data;
  }

  requestCancel(jobId: string): void {
    this.cache.put(cancelKey(jobId), '1', JOB_TTL_SECONDS);
  }

  cancelRequested(jobId: string): boolean {
    return this.cache.get(cancelKey(jobId)) !== null;
  }
}
