/** Bounds the wait for one read of a stream on the injected clock: a read that brings nothing for the idle span fails. */
import type { AddinError } from '../errors/addin-error';
import { createCancelSource } from '../runtime/cancel-signal';
import type { Clock } from '../runtime/clock';

/** How long a query stream may stay silent by default: long past any pause a working platform makes between lines. */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

/**
 * Settles as `read` does unless `idleMs` pass on `clock` first; then rejects with `onIdle()` (the caller stops the
 * request). A sleep that ends before the span has passed on `clock.now()` (a test clock whose pauses return at once)
 * leaves the read unbounded rather than waiting again: waiting again on such a clock would spin. A span that is not a
 * positive finite number turns the watch off.
 */
export function readWithin<T>(read: Promise<T>, clock: Clock, idleMs: number, onIdle: () => AddinError): Promise<T> {
  if (!(idleMs > 0) || !Number.isFinite(idleMs)) return read;
  const watch = idleWatch<T>(clock, idleMs, onIdle);
  read.then(
    (value) => watch.settle()?.resolve(value),
    (reason: unknown) => watch.settle()?.reject(reason),
  );
  return watch.outcome;
}

interface Settle<T> {
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/**
 * The idle wait of one read, built apart from the read: its pending sleep reaches the outcome only through `pending`,
 * dropped as the read settles, and sees no variable that holds the read. A clock whose sleep ignores the cancel keeps
 * its timer for the whole span, but that timer then holds nothing of the read (a stream's chunk each).
 */
function idleWatch<T>(clock: Clock, idleMs: number, onIdle: () => AddinError): { outcome: Promise<T>; settle: () => Settle<T> | null } {
  const started = clock.now();
  const stop = createCancelSource();
  let pending: Settle<T> | null = null;
  const outcome = new Promise<T>((resolve, reject) => {
    pending = { resolve, reject };
  });
  const settle = (): Settle<T> | null => {
    const out = pending;
    pending = null;
    stop.cancel();
    return out;
  };
  clock.sleep(idleMs, stop.signal).then(
    () => {
      // A sleep that ended early (a test clock whose pauses return at once) leaves the read unbounded.
      if (pending === null || clock.now() - started < idleMs) return;
      settle()?.reject(onIdle());
    },
    () => undefined,
  );
  return { outcome, settle };
}
