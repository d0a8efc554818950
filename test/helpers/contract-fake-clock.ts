/** A fake Clock for contract tests: sleep resolves at once, advances time and records every requested delay. */
import type { CancelSignal } from '../../src/core/runtime/cancel-signal';
import type { Clock } from '../../src/core/runtime/clock';

export interface RecordingClock extends Clock {
  readonly delays: number[];
}

export function recordingClock(start = 1_700_000_000_000): RecordingClock {
  let now = start;
  const delays: number[] = [];
  return {
    delays,
    now: () => now,
    sleep: async (ms: number, signal?: CancelSignal) => {
      delays.push(ms);
      now += ms;
      if (signal?.cancelled) throw new Error('aborted during sleep');
    },
  };
}

/** A deterministic uniform [0, 1) source (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic random bytes from a seed. */
export function seededBytes(seed: number): (n: number) => Uint8Array {
  const random = seededRandom(seed);
  return (n) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
}
