/**
 * The running side of a job's status: keeps its progress, items and outcome in the JobStore (at most one progress write
 * per PROGRESS_WRITE_MS), and sees a cancel asked for from another request each time it writes or is asked to check.
 */
import type { Clock } from '../runtime/clock';
import type { JobItemState } from './refresh-job-state';
import { cancelRequested, emptyStatus, type JobStatus, type JobStore } from './job-store';

/** Progress is written at most this often (item changes and the end always are). */
export const PROGRESS_WRITE_MS = 500;

export class JobTracker {
  private status: JobStatus;
  private chain: Promise<void> = Promise.resolve();
  private lastWrite = -Infinity;

  constructor(
    private readonly store: JobStore,
    private readonly clock: Pick<Clock, 'now'>,
    jobId: string,
    /** Called when the store says the job was cancelled (from any request). */
    private readonly onCancel: () => void,
  ) {
    this.status = emptyStatus(jobId, 'running');
  }

  /** Marks the job running (a cancel asked for before it started applies at once). */
  start(): Promise<void> {
    return this.write(true);
  }

  progress(p: { rows: number; bytes: number; elapsedMs: number }): void {
    this.status.progress = p;
    void this.write(false);
  }

  item(placementId: string, item: JobItemState): void {
    const i = this.status.items.findIndex((x) => x.placementId === placementId);
    if (i < 0) this.status.items.push({ placementId, item });
    else this.status.items[i] = { placementId, item };
    void this.write(true);
  }

  /** Reads the store now: resolves after a stored cancel has been passed to `onCancel`. */
  check(): Promise<void> {
    return this.write(true);
  }

  /** The job's end: its outcome or error, written after every earlier write. */
  async end(result: { outcome: object } | { error: { kind: string; message: string }; cancelled: boolean }): Promise<void> {
    if ('outcome' in result) {
      this.status.state = 'done';
      this.status.outcome = JSON.parse(JSON.stringify(result.outcome)) as Record<string, unknown>;
    } else {
      this.status.state = result.cancelled ? 'cancelled' : 'failed';
      this.status.error = result.error;
    }
    await this.write(true);
  }

  /** Queues one read-check-write of the stored status (writes never overlap; a failing store never fails the job). */
  private write(force: boolean): Promise<void> {
    const now = this.clock.now();
    if (!force && now - this.lastWrite < PROGRESS_WRITE_MS) return this.chain;
    this.lastWrite = now;
    this.chain = this.chain.then(async () => {
      try {
        if (!this.status.cancelRequested && (await cancelRequested(this.store, this.status.jobId))) {
          this.status.cancelRequested = true;
          this.onCancel();
        }
        await this.store.set(this.status.jobId, JSON.stringify(this.status));
      } catch {
        // The status is for watchers; the job goes on without it.
      }
    });
    return this.chain;
  }
}
