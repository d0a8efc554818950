/** An in-memory WorkbookStore for tests: asynchronous writes that can be held, refused, and counted. */
import type { WorkbookStore, WorkbookStoreMedium } from '../../src/preview/workbook-store';

export class MemoryWorkbookStore implements WorkbookStore {
  medium: WorkbookStoreMedium = 'indexedDB';
  /** The saved value (null: nothing saved). */
  value: unknown = null;
  damaged: unknown = null;
  /** Every text handed to write(), in order. */
  readonly written: string[] = [];
  /** While true, writes wait for release(). */
  hold = false;
  /** Writes settle with this error while set. */
  refuseWith: unknown = null;
  inFlight = 0;
  maxInFlight = 0;
  private held: Array<() => void> = [];

  constructor(value: unknown = null) {
    this.value = value;
  }

  async read(): Promise<unknown> {
    return this.value;
  }

  write(text: string): Promise<void> {
    this.written.push(text);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return new Promise((resolve, reject) => {
      const settle = (): void => {
        this.inFlight -= 1;
        if (this.refuseWith !== null) reject(this.refuseWith);
        else {
          this.value = text;
          resolve();
        }
      };
      if (this.hold) this.held.push(settle);
      else void Promise.resolve().then(settle);
    });
  }

  async setAside(value: unknown): Promise<string> {
    this.damaged = value;
    return 'memory "damaged"';
  }

  /** Settles the held writes; returns how many. */
  release(): number {
    const held = this.held.splice(0);
    for (const settle of held) settle();
    return held.length;
  }
}
