/** WorkbookSaver: write-behind saving of the preview workbook (a quiet time after the last change, one save in flight, the newest state written last, slower retries after a refused save). */

export interface WorkbookSaverOptions {
  /** Writes the serialized workbook: returns nothing when done synchronously (throws when refused) or a promise. */
  write: (text: string) => void | Promise<void>;
  /** Serializes the whole workbook (the costly part: called once per save). */
  serialize: () => string;
  /** A cheap size measure of the workbook (its number of values): after a refused save, a smaller workbook is saved again without waiting for the retry. */
  measure: () => number;
  /** Quiet time after the last change before saving. */
  delayMs: number;
  /** Wait before retrying after a refused save; doubles after each refusal up to `maxRetryDelayMs`. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
  onSaved: () => void;
  /** `chars`: length of the text the browser refused. */
  onFailed: (chars: number, cause: unknown) => void;
}

type Dirty = 'none' | 'selection' | 'content';

export class WorkbookSaver {
  /** Something not yet saved: 'content' is saved after the quiet time, 'selection' only with the next save. */
  private dirty: Dirty = 'none';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  /** Serialized by flush() while a save was in flight; written next (replacing nothing older: last write wins). */
  private queued: string | null = null;
  /** The quiet time ended while a save was in flight: save when it settles. */
  private due = false;
  /** Set while the last save was refused: the workbook's size then, and the wait before the next retry. */
  private failure: { measure: number; retryDelayMs: number } | null = null;
  private lastOk = true;
  private waiters: Array<(ok: boolean) => void> = [];
  private disposed = false;

  constructor(private readonly options: WorkbookSaverOptions) {}

  /** Something changed: content is saved after the quiet time; a selection change waits for the next save. */
  changed(what: 'content' | 'selection'): void {
    if (this.disposed) return;
    if (what === 'selection') {
      if (this.dirty === 'none') this.dirty = 'selection';
      return;
    }
    this.dirty = 'content';
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.quietTimeOver();
    }, this.options.delayMs);
  }

  /**
   * Saves now whatever is unsaved (also after a refusal). Returns false when the store refused at once
   * (a synchronous store); true when saved, or handed to an asynchronous store (see `idle()` for its outcome).
   */
  flush(): boolean {
    this.clearTimer();
    if (this.dirty === 'none') return true;
    if (this.inFlight) {
      this.queued = this.capture();
      this.due = false;
      return true;
    }
    return this.save();
  }

  /** Resolves once no save is in flight or queued: true when the last save succeeded. */
  idle(): Promise<boolean> {
    if (!this.inFlight && this.queued === null) return Promise.resolve(this.lastOk);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Writes what is pending, then stops (no more timers). */
  dispose(): void {
    this.flush();
    this.disposed = true;
    this.clearTimer();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private quietTimeOver(): void {
    if (this.dirty !== 'content') return;
    if (this.inFlight) {
      this.due = true;
      return;
    }
    // After a refusal, wait for the retry unless the workbook got smaller (what the notice asks for).
    if (this.failure !== null && this.options.measure() >= this.failure.measure) return;
    this.save();
  }

  private capture(): string {
    const text = this.options.serialize();
    this.dirty = 'none';
    return text;
  }

  private save(): boolean {
    this.clearTimer();
    return this.write(this.capture());
  }

  private write(text: string): boolean {
    let result: void | Promise<void>;
    try {
      result = this.options.write(text);
    } catch (e) {
      this.failed(text.length, e);
      return false;
    }
    if (result === undefined) {
      this.succeeded();
      return true;
    }
    this.inFlight = true;
    result.then(
      () => this.settled(text.length, null),
      (e: unknown) => this.settled(text.length, { cause: e }),
    );
    return true;
  }

  private settled(chars: number, error: { cause: unknown } | null): void {
    this.inFlight = false;
    if (error === null) this.succeeded();
    else this.failed(chars, error.cause);
    if (this.queued !== null) {
      const text = this.queued;
      this.queued = null;
      this.write(text);
    } else if (this.due && this.dirty === 'content' && this.failure === null && !this.disposed) {
      this.due = false;
      this.save();
    }
    if (!this.inFlight && this.queued === null) {
      for (const w of this.waiters.splice(0)) w(this.lastOk);
    }
  }

  private succeeded(): void {
    this.lastOk = true;
    this.failure = null;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.options.onSaved();
  }

  private failed(chars: number, cause: unknown): void {
    this.lastOk = false;
    // A queued newer state supersedes the refused one; otherwise what was refused is still unsaved.
    if (this.queued === null) this.dirty = 'content';
    const retryDelayMs =
      this.failure === null ? this.options.retryDelayMs : Math.min(this.failure.retryDelayMs * 2, this.options.maxRetryDelayMs);
    this.failure = { measure: this.options.measure(), retryDelayMs };
    this.due = false;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = this.disposed
      ? null
      : setTimeout(() => {
          this.retryTimer = null;
          if (this.dirty !== 'content') return;
          if (this.inFlight) this.due = true;
          else this.save();
        }, retryDelayMs);
    this.options.onFailed(chars, cause);
  }
}
