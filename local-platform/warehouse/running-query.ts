/**
 * A query running on the engine process: started there on its own connection, read batch by batch, its engine time
 * bounded (interrupted past the limit), and its admission slot held until it is finished or stopped.
 */
import type { EngineBatch } from './engine-protocol';
import type { EngineProcess, OpenedReply } from './engine-process';

/** A started query: its columns and its first batch of rows, fetched before the header is written. */
export type Opened = OpenedReply;

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class RunningQuery {
  /** The query started and its first batch fetched. */
  readonly first: Promise<Opened>;
  private timedOut = false;
  private budgetMs: number;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly id: number;

  constructor(
    private readonly engine: EngineProcess,
    sql: string,
    timezone: string,
    private readonly timeLimitMs: number,
    private readonly release: () => void,
  ) {
    this.budgetMs = timeLimitMs;
    this.id = engine.newId();
    this.first = this.timed(engine.open(this.id, sql, timezone));
    this.first.catch(() => undefined);
  }

  /** The next batch of rows, on the engine's clock. */
  nextBatch(): Promise<EngineBatch> {
    if (this.closed) return Promise.resolve({ rows: [], done: true, complete: false });
    return this.timed(this.engine.next(this.id));
  }

  /** Interrupts what the engine runs for this query (the client went away, or the query is stopped). */
  interrupt(): void {
    if (!this.closed) this.engine.interrupt(this.id);
  }

  /** Stops the query: interrupted, its connection closed once the engine lets go, its slot freed. */
  stop(): void {
    this.closeWhenSettled();
  }

  /** Frees the slot and lets the engine close the query's connection (interrupting what still runs). */
  closeWhenSettled(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearTimer();
    this.release();
    this.engine.release(this.id);
  }

  /** The message of a failure: the time limit named when it struck, the memory limit named when DuckDB ran out. */
  failureMessage(e: unknown): string {
    if (this.timedOut) {
      return `The query ran longer than the platform's limit of ${this.timeLimitMs / 1000} s per query and was stopped; narrow it (filters, fewer groups) or ask with a LIMIT.`;
    }
    const text = messageOf(e);
    if (/out of memory/i.test(text) && !/query engine stopped/.test(text)) {
      // DuckDB's own advice after the first line (SET threads, temp_directory) is for its operator, not the caller.
      const detail = text.split('\n')[0];
      return `The query needs more memory than the platform allows queries and was stopped; narrow it (filters, fewer groups). (${detail})`;
    }
    return text;
  }

  /** Whether the time limit stopped the query. */
  get stoppedByTimeLimit(): boolean {
    return this.timedOut;
  }

  /** Runs `work` with the remaining time budget armed: past it, the query is interrupted. */
  private timed<T>(work: Promise<T>): Promise<T> {
    const startedAt = Date.now();
    this.clearTimer();
    if (this.timeLimitMs > 0)
      this.timer = setTimeout(
        () => {
          this.timedOut = true;
          this.engine.interrupt(this.id);
        },
        Math.max(0, this.budgetMs),
      );
    const stopClock = (): void => {
      this.clearTimer();
      this.budgetMs -= Date.now() - startedAt;
    };
    work.then(stopClock, stopClock);
    return work;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
