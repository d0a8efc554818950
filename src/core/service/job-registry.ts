/** Running jobs by id (their abort controllers, for Cancel / Stop) and the placements they are refreshing. */
import { AddinError } from '../wire/errors';

export class JobRegistry {
  private readonly controllers = new Map<string, AbortController>();
  /** jobIds cancelled before they started (a Cancel racing its own job's start). */
  private readonly cancelledEarly = new Set<string>();
  private readonly busy = new Map<string, number>();

  /**
   * Registers `jobId` and returns its signal (undefined where the runtime has no AbortController: such a job cannot be
   * cancelled and runs to its end). A job id already running is refused so that Cancel always reaches the right job.
   */
  start(jobId: string): AbortSignal | undefined {
    if (this.controllers.has(jobId))
      throw new AddinError('validation', `A job with id ${jobId} is already running; wait for it or cancel it first.`, { data: { jobId } });
    if (typeof AbortController !== 'function') return undefined;
    const controller = new AbortController();
    this.controllers.set(jobId, controller);
    if (this.cancelledEarly.delete(jobId)) controller.abort();
    return controller.signal;
  }

  finish(jobId: string): void {
    this.controllers.delete(jobId);
  }

  /** Aborts the job; a Cancel for a job not started yet applies when it starts. */
  cancel(jobId: string): void {
    const controller = this.controllers.get(jobId);
    if (controller) controller.abort();
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
}
