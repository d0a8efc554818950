/** Runs the service's jobs: cancellable, their status in the job store, their progress and items sent as events. */
import { internalError, isAddinError } from '../errors/addin-error';
import type { Clock } from '../runtime/clock';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { PlacementOutcome, RunOptions } from '../placements/placement-types';
import type { ServiceEvent } from '../service/addin-service';
import { JobRegistry } from './job-registry';
import { readJobStatus, requestCancel, type JobStatus, type JobStore } from './job-store';
import { JobTracker } from './job-tracker';
import type { JobItemState } from './refresh-job-state';

export class JobRunner {
  private readonly jobs = new JobRegistry();

  constructor(
    private readonly store: JobStore,
    private readonly clock: Clock,
    /** Where the job's progress and item events go, and 'placementsChanged' when a job ends. */
    private readonly emit: (event: ServiceEvent) => void,
  ) {}

  /** True while a running job holds the placement. */
  isBusy(placementId: string): boolean {
    return this.jobs.isBusy(placementId);
  }

  /** True while a running job holds any placement. */
  anyBusy(): boolean {
    return this.jobs.anyBusy();
  }

  /** Stops a job, from this request or any other: the cells stay as they were. */
  async cancel(jobId: string): Promise<void> {
    this.jobs.cancel(jobId);
    await requestCancel(this.store, jobId);
  }

  /** The job's status as the job store has it (null: unknown or expired). */
  status(jobId: string): Promise<JobStatus | null> {
    return readJobStatus(this.store, jobId);
  }

  /**
   * Runs a job: registered for Cancel (here and, through the job store, from any request), its status kept in the job
   * store from start to outcome, its placements marked as refreshing, the list told to reload when it ends.
   */
  async run<T extends object>(
    jobId: string,
    placementIds: readonly string[],
    task: (tracker: JobTracker, signal: CancelSignal | undefined) => Promise<T>,
  ): Promise<T> {
    const signal = this.jobs.start(jobId);
    const release = this.jobs.hold(placementIds);
    const tracker = new JobTracker(this.store, this.clock, jobId, () => this.jobs.cancel(jobId));
    try {
      await tracker.start();
      const result = await task(tracker, signal);
      await tracker.end({ outcome: result });
      return result;
    } catch (e) {
      const failure = isAddinError(e) ? e : internalError(e);
      await tracker.end({ error: { kind: failure.kind, message: failure.message }, cancelled: failure.kind === 'cancelled' });
      throw failure;
    } finally {
      release();
      this.jobs.finish(jobId);
      this.emit({ type: 'placementsChanged' });
    }
  }

  /**
   * A refresh or update of one placement as a job: cancellable, marked as refreshing, reported by item events. `ready`
   * runs before the placement is marked running (the service's sign-in check).
   */
  async runOnPlacement(
    placementId: string,
    jobId: string,
    ready: () => Promise<unknown>,
    run: (opts: RunOptions) => Promise<PlacementOutcome>,
  ): Promise<PlacementOutcome> {
    return this.run(jobId, [placementId], async (tracker, signal) => {
      const item = (state: JobItemState): void => {
        tracker.item(placementId, state);
        this.emit({ type: 'item', jobId, placementId, item: state });
      };
      try {
        await ready();
        item({ state: 'running' });
        const outcome = await run({
          ...this.runOptions(jobId, signal, tracker),
          onPhase: (phase) => {
            if (phase === 'writing') item({ state: 'writing' });
          },
        });
        item({ state: 'done', dataRows: outcome.areaRows - outcome.headerRows, cols: outcome.cols });
        return outcome;
      } catch (e) {
        if (isAddinError(e) && e.kind === 'cancelled') item({ state: 'stopped' });
        else if (isAddinError(e)) item({ state: 'failed', kind: e.kind, message: e.message });
        throw e;
      }
    });
  }

  /** A run's options within a job: its signal, the job's checkpoint, and its progress kept and sent as events. */
  runOptions(jobId: string, signal: CancelSignal | undefined, tracker: JobTracker): RunOptions {
    return {
      ...(signal === undefined ? {} : { signal }),
      checkpoint: () => tracker.check(),
      onProgress: (p) => {
        const progress = { rows: p.rows, bytes: p.bytes, elapsedMs: p.elapsedMs };
        tracker.progress(progress);
        this.emit({ type: 'progress', jobId, ...progress });
      },
    };
  }
}
