/** Tests of withRetry: what is retried, how often, how long it waits, and that abort stops it at once. */
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';
import fc from 'fast-check';
import { AddinError, type AddinErrorKind } from '../../../src/core/errors/addin-error';
import { backoffDelay, withRetry, MAX_ATTEMPTS } from '../../../src/core/api/retry';
import { recordingClock, seededRandom } from '../../helpers/contract-fake-clock';

const fail = (kind: AddinErrorKind) => new AddinError(kind, kind);

/** fn that fails with `errors` in turn, then returns 'ok'; counts calls. */
function script(errors: unknown[]) {
  const calls: number[] = [];
  const fn = async (attempt: number) => {
    calls.push(attempt);
    const e = errors[calls.length - 1];
    if (e !== undefined) throw e;
    return 'ok';
  };
  return { fn, calls };
}

describe('withRetry', () => {
  it.each(['server', 'network', 'upsertRaceLost'] as const)('retries %s until it succeeds', async (kind) => {
    const clock = recordingClock();
    const { fn, calls } = script([fail(kind), fail(kind)]);
    await expect(withRetry(fn, { clock, random: () => 0.5 })).resolves.toBe('ok');
    expect(calls).toEqual([1, 2, 3]);
    expect(clock.delays).toEqual([125, 250]);
  });

  it.each(['publicIdTaken', 'ambiguousLegacyId', 'forbidden', 'unauthenticated', 'validation', 'notFound', 'contract'] as const)(
    'tries a permanent %s error once',
    async (kind) => {
      const clock = recordingClock();
      const { fn, calls } = script([fail(kind)]);
      await expect(withRetry(fn, { clock, random: () => 0.5 })).rejects.toMatchObject({ kind });
      expect(calls).toEqual([1]);
      expect(clock.delays).toEqual([]);
    },
  );

  it('does not retry errors that are not AddinErrors', async () => {
    const { fn, calls } = script([new TypeError('bug')]);
    await expect(withRetry(fn, { clock: recordingClock(), random: () => 0.5 })).rejects.toThrow('bug');
    expect(calls).toEqual([1]);
  });

  it('stops after 4 attempts and throws the last error', async () => {
    const clock = recordingClock();
    const last = fail('server');
    const { fn, calls } = script([fail('server'), fail('server'), fail('network'), last, fail('server')]);
    await expect(withRetry(fn, { clock, random: () => 0.999 })).rejects.toBe(last);
    expect(calls).toEqual([1, 2, 3, 4]);
    expect(clock.delays).toHaveLength(3);
  });

  it('clamps maxAttempts to the hard maximum of 4', async () => {
    const { fn, calls } = script(Array.from({ length: 10 }, () => fail('server')));
    await expect(withRetry(fn, { clock: recordingClock(), random: () => 0, maxAttempts: 10 })).rejects.toMatchObject({ kind: 'server' });
    expect(calls).toHaveLength(MAX_ATTEMPTS);
  });

  it('honours a smaller maxAttempts', async () => {
    const { fn, calls } = script([fail('server'), fail('server')]);
    await expect(withRetry(fn, { clock: recordingClock(), random: () => 0, maxAttempts: 2 })).rejects.toMatchObject({ kind: 'server' });
    expect(calls).toEqual([1, 2]);
  });

  it('keeps every pause within full-jitter bounds and the total within the cap', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 6000 }),
        async (seed, base, maxDelay, maxTotal) => {
          const clock = recordingClock();
          const { fn, calls } = script(Array.from({ length: 8 }, () => fail('server')));
          await expect(
            withRetry(fn, { clock, random: seededRandom(seed), baseDelayMs: base, maxDelayMs: maxDelay, maxTotalWaitMs: maxTotal }),
          ).rejects.toMatchObject({ kind: 'server' });
          clock.delays.forEach((d, i) => {
            expect(d).toBeGreaterThanOrEqual(0);
            expect(d).toBeLessThan(Math.min(maxDelay, base * 2 ** i));
          });
          expect(clock.delays.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(maxTotal);
          expect(calls.length).toBeLessThanOrEqual(MAX_ATTEMPTS);
          expect(calls.length).toBe(clock.delays.length + 1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('grows the ceiling exponentially with the defaults (250, 500, 1000 ms)', async () => {
    const clock = recordingClock();
    const { fn } = script(Array.from({ length: 4 }, () => fail('network')));
    await expect(withRetry(fn, { clock, random: () => 0.9999 })).rejects.toMatchObject({ kind: 'network' });
    expect(clock.delays).toEqual([249, 499, 999]);
  });

  it('gives up once the total wait budget is spent', async () => {
    const clock = recordingClock();
    const { fn, calls } = script(Array.from({ length: 4 }, () => fail('server')));
    await expect(withRetry(fn, { clock, random: () => 0.9999, baseDelayMs: 1000, maxTotalWaitMs: 1500 })).rejects.toMatchObject({
      kind: 'server',
    });
    expect(clock.delays).toEqual([999, 501]);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('backoffDelay uses random() * min(maxDelay, base * 2^(attempt-1))', () => {
    expect(backoffDelay(1, () => 0.5, 100, 10_000)).toBe(50);
    expect(backoffDelay(4, () => 0.5, 100, 10_000)).toBe(400);
    expect(backoffDelay(10, () => 0.5, 100, 1000)).toBe(500);
    expect(backoffDelay(3, () => 0, 100, 1000)).toBe(0);
  });

  it('throws cancelled without calling fn when already aborted', async () => {
    const ac = createCancelSource();
    ac.cancel();
    const { fn, calls } = script([]);
    await expect(withRetry(fn, { clock: recordingClock(), random: () => 0.5, signal: ac.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(calls).toEqual([]);
  });

  it('throws cancelled, not the transient error, when aborted during an attempt', async () => {
    const ac = createCancelSource();
    const calls: number[] = [];
    const fn = async (attempt: number) => {
      calls.push(attempt);
      ac.cancel();
      throw fail('server');
    };
    await expect(withRetry(fn, { clock: recordingClock(), random: () => 0.5, signal: ac.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(calls).toEqual([1]);
  });

  it('stops at once when aborted during a pause, even if the clock ignores the signal', async () => {
    const ac = createCancelSource();
    const calls: number[] = [];
    const clock = { now: () => 0, sleep: () => new Promise<void>(() => undefined) }; // never resolves
    const fn = async (attempt: number) => {
      calls.push(attempt);
      throw fail('server');
    };
    const p = withRetry(fn, { clock, random: () => 0.5, signal: ac.signal });
    await Promise.resolve();
    await Promise.resolve();
    ac.cancel();
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' });
    expect(calls).toEqual([1]);
  });
});
