/**
 * One-off time-based triggers that resume Refresh all in a new execution after the 6-minute limit.
 * There is at most one per handler, removed once used.
 */
import type { ScriptAppLike } from '../apps-script/apps-script-services';

/** How long after the stop the resumption starts (Apps Script fires time-based triggers within about a minute of their time). */
export const RESUME_AFTER_MS = 60_000;

export class ResumeTriggers {
  constructor(private readonly scriptApp: ScriptAppLike) {}

  /** Replaces any pending resumption of `handler` with one `afterMs` from now; returns the trigger's id. */
  schedule(handler: string, afterMs = RESUME_AFTER_MS): string {
    this.clear(handler);
    return this.scriptApp.newTrigger(handler).timeBased().after(afterMs).create().getUniqueId();
  }

  /** Deletes every trigger of `handler` (a fired one-off trigger stays listed until deleted). */
  clear(handler: string): number {
    let n = 0;
    for (const t of this.scriptApp.getProjectTriggers()) {
      if (t.getHandlerFunction() === handler) {
        this.scriptApp.deleteTrigger(t);
        n += 1;
      }
    }
    return n;
  }

  pending(handler: string): boolean {
    return this.scriptApp.getProjectTriggers().some((t) => t.getHandlerFunction() === handler);
  }
}
