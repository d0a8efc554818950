/** The slowest a streamed result may arrive: a stream that brings fewer bytes than a floor rate over a window ends. */
import type { AddinError } from '../errors/addin-error';
import type { Clock } from '../runtime/clock';

export interface SlowStreamLimit {
  /** The floor: bytes a second, averaged over one window. */
  minBytesPerSecond: number;
  /** The window the rate is averaged over; 0 or Infinity turns the floor off. */
  windowMs: number;
}

/**
 * A drip (a byte a second) keeps an idle watch content and a run open for ever; a working platform sends a result at
 * kilobytes a second or more, and pauses without sending (which the idle watch bounds) rather than trickling.
 */
export const DEFAULT_SLOW_STREAM: SlowStreamLimit = { minBytesPerSecond: 100, windowMs: 60_000 };

/** Told the bytes read so far after each chunk; throws `onSlow(bytes, spanMs)` once a window brought less than the floor. */
export interface RateFloor {
  observe(bytesRead: number): void;
}

/**
 * Windows start at the first chunk (the wait before it is the idle watch's) and follow one another: once a chunk arrives a
 * whole window after the window's start, the bytes since then must average the floor, and the next window starts there.
 */
export function createRateFloor(clock: Clock, limit: SlowStreamLimit, onSlow: (bytes: number, spanMs: number) => AddinError): RateFloor {
  const { minBytesPerSecond, windowMs } = limit;
  if (!(windowMs > 0) || !Number.isFinite(windowMs) || !(minBytesPerSecond > 0)) return { observe: () => undefined };
  let start: { at: number; bytes: number } | null = null;
  return {
    observe(bytesRead) {
      const now = clock.now();
      if (start === null) {
        start = { at: now, bytes: bytesRead };
        return;
      }
      const span = now - start.at;
      if (span < windowMs) return;
      const got = bytesRead - start.bytes;
      if (got < (minBytesPerSecond * span) / 1000) throw onSlow(got, span);
      start = { at: now, bytes: bytesRead };
    },
  };
}
