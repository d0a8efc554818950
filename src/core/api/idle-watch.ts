/** Bounds the wait for one read of a stream on the injected clock: a read that brings nothing for the idle span fails. */
import type { AddinError } from '../errors/addin-error';
import { createCancelSource } from '../runtime/cancel-signal';
import type { Clock } from '../runtime/clock';

/** How long a query stream may stay silent by default: long past any pause a working platform makes between lines. */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

/** Bounds each read of one stream: a read that brings nothing for the idle span fails. */
export interface IdleWatch {
  /**
   * Settles as `read` does unless it brings nothing for the idle span; then rejects with the watch's idle error. A stream is
   * read one read at a time: the watch times the latest read (an earlier one still settles as it does).
   */
  read<T>(read: Promise<T>): Promise<T>;
  /** Ends the watch: its pending sleep is cancelled (call it once the stream is done with, however it ended). */
  stop(): void;
}

/**
 * The idle watch of one stream's reads on the injected clock, with `onIdle()` as the error of a silent read (the caller
 * stops the request). One sleep at a time serves every read: on waking it fails the pending read if that read has
 * waited the whole span, else sleeps for what is left of its span (a stream read in thousands of chunks starts a timer
 * a span, not one a chunk). A sleep that ends before its time has passed on `clock.now()` (a test clock whose pauses
 * return at once) leaves the reads unbounded rather than sleeping again: sleeping again on such a clock would spin. A
 * span that is not a positive finite number turns the watch off. The watch holds no read's value: a pending sleep (a
 * clock whose sleep ignores the cancel keeps its timer for the whole span) keeps no chunk alive.
 */
export function createIdleWatch(clock: Clock, idleMs: number, onIdle: () => AddinError): IdleWatch {
  if (!(idleMs > 0) || !Number.isFinite(idleMs)) return { read: (read) => read, stop: () => undefined };
  const stopped = createCancelSource();
  let pending: { since: number; reject: (reason: unknown) => void } | null = null;
  let sleeping = false;
  let unbounded = false;
  const sleepFor = (since: number): void => {
    sleeping = true;
    const from = clock.now();
    const span = idleMs - (from - since);
    clock.sleep(span, stopped.signal).then(
      () => {
        sleeping = false;
        if (clock.now() - from < span) {
          unbounded = true;
          return;
        }
        const read = pending;
        if (read === null || stopped.signal.cancelled) return;
        if (clock.now() - read.since < idleMs) return sleepFor(read.since);
        pending = null;
        read.reject(onIdle());
      },
      () => {
        sleeping = false;
      },
    );
  };
  return {
    read<T>(read: Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const entry = { since: clock.now(), reject };
        pending = entry;
        // A read failed as idle stays failed: its late value settles nothing.
        read.then(
          (value) => {
            if (pending === entry) pending = null;
            resolve(value);
          },
          (reason: unknown) => {
            if (pending === entry) pending = null;
            reject(reason);
          },
        );
        if (!sleeping && !unbounded) sleepFor(entry.since);
      });
    },
    stop(): void {
      pending = null;
      stopped.cancel();
    },
  };
}
