/** Bounded retry with full-jitter exponential backoff for transient AddinErrors, on an injected clock and random source. */
import { raceCancel } from '../runtime/cancel-race';
import type { CancelSignal } from '../runtime/cancel-signal';
import type { Clock } from '../runtime/clock';
import { cancelledError, isAddinError } from '../errors/addin-error';

/** Attempts of one call, including the first; larger requests are clamped to this. */
export const MAX_ATTEMPTS = 4;
export const DEFAULT_BASE_DELAY_MS = 250;
export const DEFAULT_MAX_DELAY_MS = 4000;
export const DEFAULT_MAX_TOTAL_WAIT_MS = 8000;

export interface RetryOptions {
  clock: Clock;
  /** Uniform in [0, 1). */
  random: () => number;
  signal?: CancelSignal;
  /** Default and hard maximum 4 (values below 1 mean 1). */
  maxAttempts?: number;
  baseDelayMs?: number;
  /** Cap of one pause before jitter (default 4000 ms). */
  maxDelayMs?: number;
  /** Cap of all pauses of one call together (default 8000 ms); no retry once it is spent. */
  maxTotalWaitMs?: number;
  /** Called before each pause (for logs and progress). */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

/** The pause after failed attempt `attempt` (from 1): random() * min(maxDelay, base * 2^(attempt-1)). */
export function backoffDelay(
  attempt: number,
  random: () => number,
  baseDelayMs = DEFAULT_BASE_DELAY_MS,
  maxDelayMs = DEFAULT_MAX_DELAY_MS,
): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt - 1, 30));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * Math.max(ceiling, 0));
}

/**
 * Runs `fn(attempt)` until it succeeds, throws something that is not a transient AddinError
 * (upsertRaceLost, server, network...), or the attempts or the total wait run out; then the last error is thrown.
 * A cancel (before, during or between attempts) throws cancelledError() at once.
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  const { clock, random, signal } = opts;
  const maxAttempts = Math.max(1, Math.min(MAX_ATTEMPTS, Math.floor(opts.maxAttempts ?? MAX_ATTEMPTS)));
  const maxTotal = Math.max(0, opts.maxTotalWaitMs ?? DEFAULT_MAX_TOTAL_WAIT_MS);
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    if (signal?.cancelled) throw cancelledError();
    try {
      return await fn(attempt);
    } catch (error) {
      if (signal?.cancelled) throw cancelledError();
      if (!isAddinError(error) || !error.transient || attempt >= maxAttempts) throw error;
      const remaining = maxTotal - waited;
      if (remaining <= 0) throw error;
      const delayMs = Math.min(remaining, backoffDelay(attempt, random, opts.baseDelayMs, opts.maxDelayMs));
      opts.onRetry?.({ attempt, delayMs, error });
      try {
        await raceCancel(clock.sleep(delayMs, signal), signal);
      } catch (sleepError) {
        if (signal?.cancelled) throw cancelledError();
        throw sleepError;
      }
      if (signal?.cancelled) throw cancelledError();
      waited += delayMs;
    }
  }
}
