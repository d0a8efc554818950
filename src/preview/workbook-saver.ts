/**
 * WorkbookSaver: write-behind saving of the preview workbook.
 * It saves after a quiet time following the last change, serialized in slices that yield to the page, one save in
 * flight, the newest state written last, with slower retries after a refused save.
 */
import { yieldToPage } from '../browser/yield-to-page';

export interface WorkbookSaverOptions {
  /** Writes the serialized workbook: returns nothing when done synchronously (throws when refused) or a promise. */
  write: (text: string) => void | Promise<void>;
  /**
   * Writes the text of a save in slices as the texts of its slices (their concatenation is the workbook's text), so no
   * task joins a large workbook's text; without it they are joined (in a task of its own) and handed to `write`.
   */
  writeParts?: (parts: readonly string[]) => void | Promise<void>;
  /** Serializes the whole workbook at once (the costly part): what flush() uses, as the page may be going away. */
  serialize: () => string;
  /**
   * The same text in pieces (their concatenation equals `serialize()`), taken from a fresh iterator per save: the
   * write-behind save takes pieces for `sliceMs` at a time and yields to the page between slices, so a large workbook
   * does not freeze it; a change while a save is being serialized abandons that save (the quiet time starts again).
   * Without it every save is serialized at once.
   */
  serializeInSlices?: () => Iterator<string>;
  /** Time spent serializing before yielding to the page (default 12 ms). */
  sliceMs?: number;
  /** Lets the page run (input, rendering) between slices; default: a macrotask. */
  yieldToPage?: () => Promise<void>;
  /** Milliseconds from an arbitrary origin (default performance.now). */
  now?: () => number;
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
  /** The save being serialized in slices; `cancelled` is set when it is abandoned. */
  private slicing: { cancelled: boolean } | null = null;

  constructor(private readonly options: WorkbookSaverOptions) {}

  /** Something changed: content is saved after the quiet time; a selection change waits for the next save. */
  changed(what: 'content' | 'selection'): void {
    if (this.disposed) return;
    if (what === 'selection') {
      if (this.dirty === 'none') this.dirty = 'selection';
      return;
    }
    this.dirty = 'content';
    this.abandonSlicing();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.quietTimeOver();
      this.notifyIfIdle();
    }, this.options.delayMs);
  }

  /**
   * Saves now whatever is unsaved (also after a refusal). Returns false when the store refused at once
   * (a synchronous store); true when saved, or handed to an asynchronous store (see `idle()` for its outcome).
   */
  flush(): boolean {
    this.clearTimer();
    this.abandonSlicing();
    if (this.dirty === 'none') return true;
    if (this.inFlight) {
      this.queued = this.capture();
      this.due = false;
      return true;
    }
    // At once, not in slices: the page may be going away.
    const ok = this.write(this.capture());
    this.notifyIfIdle();
    return ok;
  }

  /**
   * Resolves once no save is waiting for its quiet time, being serialized, in flight or queued: true when the last
   * save succeeded (after a refusal, false at once: the retry comes later).
   */
  idle(): Promise<boolean> {
    if (this.isIdle()) return Promise.resolve(this.lastOk);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private isIdle(): boolean {
    const waitingForQuietTime = this.timer !== null && this.dirty === 'content' && this.failure === null;
    return !this.inFlight && this.queued === null && this.slicing === null && !waitingForQuietTime;
  }

  private notifyIfIdle(): void {
    if (this.isIdle()) for (const w of this.waiters.splice(0)) w(this.lastOk);
  }

  /** Writes what is pending, then stops (no more timers). */
  dispose(): void {
    this.flush();
    this.disposed = true;
    this.clearTimer();
    this.notifyIfIdle();
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
    this.abandonSlicing();
    const pieces = this.options.serializeInSlices;
    if (pieces === undefined) return this.write(this.capture());
    this.saveInSlices(pieces());
    return true;
  }

  private abandonSlicing(): void {
    if (this.slicing === null) return;
    this.slicing.cancelled = true;
    this.slicing = null;
  }

  /** Serializes for `sliceMs` at a time, yielding to the page between slices, then writes (at once when it fits one slice). */
  private saveInSlices(pieces: Iterator<string>): void {
    const run = { cancelled: false };
    this.slicing = run;
    const sliceMs = this.options.sliceMs ?? 12;
    const now = this.options.now ?? (() => performance.now());
    const pause = this.options.yieldToPage ?? yieldToPage;
    // Each slice's pieces are joined at its end, so the final join is of a few large texts: one join of hundreds of
    // thousands of small pieces is a long main-thread task (bench/preview-save.bench.ts measures it).
    const parts: string[] = [];
    let slicePieces: string[] = [];
    let yielded = false;
    const finish = (text: string | readonly string[]): void => {
      this.slicing = null;
      this.dirty = 'none';
      this.write(text);
      this.notifyIfIdle();
    };
    const later = (step: () => void): void => {
      yielded = true;
      pause()
        .then(() => {
          if (!run.cancelled) step();
        })
        .catch((e: unknown) => {
          if (run.cancelled) return;
          this.slicing = null;
          this.failed(0, e);
          this.notifyIfIdle();
        });
    };
    const slice = (): void => {
      const start = now();
      for (;;) {
        const next = pieces.next();
        if (next.done === true) {
          parts.push(slicePieces.join(''));
          // A text that took several slices is large: handing it to the store (a copy), and joining it for a store that
          // takes only one text, are tasks of their own.
          if (!yielded) finish(parts.join(''));
          else if (this.options.writeParts !== undefined) later(() => finish(parts));
          else
            later(() => {
              const text = parts.join('');
              later(() => finish(text));
            });
          return;
        }
        slicePieces.push(next.value);
        if (now() - start >= sliceMs) break;
      }
      parts.push(slicePieces.join(''));
      slicePieces = [];
      later(slice);
    };
    slice();
  }

  /** Writes one text, or the texts of a sliced save (with `writeParts`). */
  private write(text: string | readonly string[]): boolean {
    const { writeParts } = this.options;
    const chars = typeof text === 'string' ? text.length : text.reduce((n, part) => n + part.length, 0);
    let result: void | Promise<void>;
    try {
      result = typeof text === 'string' ? this.options.write(text) : writeParts ? writeParts(text) : this.options.write(text.join(''));
    } catch (e) {
      this.failed(chars, e);
      this.notifyIfIdle();
      return false;
    }
    if (result === undefined) {
      this.succeeded();
      this.notifyIfIdle();
      return true;
    }
    this.inFlight = true;
    result.then(
      () => this.settled(chars, null),
      (e: unknown) => this.settled(chars, { cause: e }),
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
    this.notifyIfIdle();
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
