/** Bounds the wait for one read of a stream on the injected clock: a read that brings nothing for the idle span fails. */
import type { AddinError } from '../errors/addin-error';
import { createCancelSource } from '../runtime/cancel-signal';
import type { Clock } from '../runtime/clock';

/** How long a query stream may stay silent by default: long past any pause a working platform makes between lines. */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

type Outcome<T> = { read: T } | { idle: boolean };

/**
 * Settles as `read` does unless `idleMs` pass on `clock` first; then rejects with `onIdle()` (the caller stops the
 * request). A sleep that ends before the span has passed on `clock.now()` (a test clock whose pauses return at once)
 * leaves the read unbounded rather than waiting again: waiting again on such a clock would spin. A span that is not a
 * positive finite number turns the watch off.
 */
export async function readWithin<T>(read: Promise<T>, clock: Clock, idleMs: number, onIdle: () => AddinError): Promise<T> {
  if (!(idleMs > 0) || !Number.isFinite(idleMs)) return read;
  const started = clock.now();
  const stop = createCancelSource();
  const idle = clock.sleep(idleMs, stop.signal).then(
    (): Outcome<T> => ({ idle: clock.now() - started >= idleMs }),
    (): Outcome<T> => ({ idle: false }),
  );
  try {
    const first = await Promise.race([read.then((value): Outcome<T> => ({ read: value })), idle]);
    if ('read' in first) return first.read;
    if (first.idle) {
      read.catch(() => undefined);
      throw onIdle();
    }
    return await read;
  } finally {
    stop.cancel();
  }
}
