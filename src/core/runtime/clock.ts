/** The injected clock: the time and a sleep that a cancel cuts short (the core has no timers). */
import type { CancelSignal } from './cancel-signal';

export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with cancelledError() as soon as `signal` trips. */
  sleep(ms: number, signal?: CancelSignal): Promise<void>;
}
