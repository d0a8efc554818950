/** How the Orchestrator calls its host: busy refusals retried, and the host's page let in between two long steps. */
import type { SpreadsheetHost } from '../host';
import type { Clock } from '../runtime/clock';
import { retryWhileBusy } from './host-busy';
import type { HostCall } from './write-transaction';

export class HostPacing {
  /** Every host call goes through it: a busy host (a cell being edited) is waited for and retried. */
  readonly call: HostCall;
  /**
   * Snapshot reads, writes and clears: each waits for the host's page to breathe first (a cancel is seen between two of
   * them), then goes through `call`.
   */
  readonly paced: HostCall;

  constructor(
    private readonly host: Pick<SpreadsheetHost, 'limits'>,
    clock: Pick<Clock, 'sleep'>,
    /** Lets the host's page handle input and paint; without it nothing yields. */
    private readonly yieldToHost: (() => Promise<void>) | undefined,
  ) {
    this.call = (call) => retryWhileBusy(clock, call);
    this.paced = async (call) => {
      await this.yieldToHost?.();
      return this.call(call);
    };
  }

  /** True when the host's page is let in between steps (its reads and clears then go a write's cells at a time). */
  get yields(): boolean {
    return this.yieldToHost !== undefined;
  }

  /** Lets the host's page handle input and paint (nothing when the host does not yield). */
  breathe(): Promise<void> | undefined {
    return this.yieldToHost?.();
  }

  /** Runs a stepped pass over a result's cells to its end, the host's page let in between two steps. */
  async inSteps<T>(steps: Generator<void, T, void>): Promise<T> {
    for (;;) {
      const step = steps.next();
      if (step.done === true) return step.value;
      await this.yieldToHost?.();
    }
  }

  /** The host's read limits; a host that yields reads at most a write's cells per call (one short task of its page each). */
  readLimits(): Pick<SpreadsheetHost['limits'], 'maxCellsPerRead' | 'maxBytesPerRead'> {
    const { limits } = this.host;
    if (!this.yieldToHost) return limits;
    return { maxCellsPerRead: Math.min(limits.maxCellsPerRead, limits.maxCellsPerWrite), maxBytesPerRead: limits.maxBytesPerRead };
  }
}
