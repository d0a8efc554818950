/** waitFor: web-first waiting for browser tests: polls a probe until it yields a value, failing with what it last saw. */

export interface WaitOptions {
  /** Give up after this long (default 20 s). */
  timeoutMs?: number;
  /** Pause between two probes (default 100 ms). */
  intervalMs?: number;
}

/** The probe's answer: a value ends the wait; null, undefined or false mean "not yet". */
export type Probe<T> = () => Promise<T | null | undefined | false> | T | null | undefined | false;

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 600 ? `${text.slice(0, 600)}…` : text;
  } catch {
    return String(value);
  }
}

/**
 * Polls `probe` until it returns a value other than null, undefined or false, and returns that value. A probe that
 * throws counts as "not yet" (its error is kept for the failure message). `observe` may say what was seen instead.
 */
export async function waitFor<T>(
  what: string,
  probe: Probe<T>,
  options: WaitOptions & { observe?: () => Promise<unknown> } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const intervalMs = options.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  let last: unknown = undefined;
  for (;;) {
    try {
      const value = await probe();
      if (value !== null && value !== undefined && value !== false) return value;
      last = value;
    } catch (e) {
      last = e;
    }
    if (Date.now() >= deadline) {
      let seen = last;
      if (options.observe) seen = await options.observe().catch((e: unknown) => e);
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${describe(seen)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Throws with `message` (and the actual and expected values) unless `actual` deep-equals `expected` (JSON comparison). */
export function assertEqual(actual: unknown, expected: unknown, message: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${message}\n  expected: ${describe(expected)}\n  actual:   ${describe(actual)}`);
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
