/** Running jobs by id (their cancel sources, for Cancel / Stop) and the placements they are refreshing. */
import { createCancelSource, type CancelSignal, type CancelSource } from '../runtime/cancel-signal';
import { AddinError } from '../errors/addin-error';

export class JobRegistry {
  private readonly controllers = new Map<string, CancelSource>();
  /** jobIds cancelled before they started (a Cancel racing its own job's start). */
  private readonly cancelledEarly = new Set<string>();
  private readonly busy = new Map<string, number>();

  /** Registers `jobId` and returns its signal. A job id already running is refused so that Cancel always reaches the right job. */
  start(jobId: string): CancelSignal {
    if (this.controllers.has(jobId))
      throw new AddinError('validation', `A job with id ${jobId} is already running; wait for it or cancel it first.`, { data: { jobId } });
    const source = createCancelSource();
    this.controllers.set(jobId, source);
    if (this.cancelledEarly.delete(jobId)) source.cancel();
    return source.signal;
  }

  finish(jobId: string): void {
    this.controllers.delete(jobId);
  }

  /** Cancels the job; a Cancel for a job not started yet applies when it starts. */
  cancel(jobId: string): void {
    const source = this.controllers.get(jobId);
    if (source) source.cancel();
    else this.cancelledEarly.add(jobId);
  }

  /** Marks placements as being refreshed until the returned function is called. */
  hold(placementIds: readonly string[]): () => void {
    for (const id of placementIds) this.busy.set(id, (this.busy.get(id) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const id of placementIds) {
        const n = (this.busy.get(id) ?? 1) - 1;
        if (n <= 0) this.busy.delete(id);
        else this.busy.set(id, n);
      }
    };
  }

  isBusy(placementId: string): boolean {
    return this.busy.has(placementId);
  }

  /** True while any job holds a placement. */
  anyBusy(): boolean {
    return this.busy.size > 0;
  }
}
