/**
 * The time an Apps Script execution has left under its 6-minute limit.
 * Long work (Refresh all from the menu) stops cleanly with room to record where it stands, instead of being killed
 * mid-write.
 */

/** Apps Script's limit for one execution. */
export const EXECUTION_LIMIT_MS = 6 * 60 * 1000;
/** Room kept at the end for one more write, saving the resume state and scheduling the trigger. */
export const DEFAULT_RESERVE_MS = 90 * 1000;

export class ExecutionBudget {
  private readonly startedAt: number;

  constructor(
    private readonly now: () => number,
    private readonly reserveMs: number = DEFAULT_RESERVE_MS,
    private readonly limitMs: number = EXECUTION_LIMIT_MS,
    /** When the execution began, if earlier than this object (default: now). */
    startedAt?: number,
  ) {
    this.startedAt = startedAt ?? now();
  }

  elapsedMs(): number {
    return this.now() - this.startedAt;
  }

  remainingMs(): number {
    return Math.max(0, this.limitMs - this.elapsedMs());
  }

  /** True when starting another piece of work of about `expectedMs` would eat into the reserve. */
  shouldStop(expectedMs = 0): boolean {
    return this.elapsedMs() + expectedMs >= this.limitMs - this.reserveMs;
  }
}
