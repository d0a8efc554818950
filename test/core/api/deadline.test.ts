/** withDeadline: the call's work is stopped past its span, and left alone once the call settled in time. */
import { withDeadline } from '../../../src/core/api/deadline';
import { AddinError } from '../../../src/core/errors/addin-error';
import { createCancelSource, type CancelSignal } from '../../../src/core/runtime/cancel-signal';
import type { Clock } from '../../../src/core/runtime/clock';

/** A clock whose sleeps end only when `advance` passes them (or their signal trips). */
function manualClock(): Clock & { advance(ms: number): void } {
  let now = 0;
  const sleeps: { until: number; resolve: () => void }[] = [];
  return {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        const entry = { until: now + ms, resolve };
        sleeps.push(entry);
        signal?.onCancel(() => {
          sleeps.splice(sleeps.indexOf(entry), 1);
          reject(new Error('cancelled'));
        });
      }),
    advance(ms) {
      now += ms;
      for (const s of sleeps.filter((x) => x.until <= now)) s.resolve();
    },
  };
}

const timedOut = (): AddinError => new AddinError('network', 'timed out');

describe('withDeadline', () => {
  it('leaves the work signal untripped once the call settled, so a body still being read is not aborted', async () => {
    const clock = manualClock();
    let seen: CancelSignal | undefined;
    const out = await withDeadline(
      clock,
      1000,
      undefined,
      async (stop) => {
        seen = stop;
        return 'answer';
      },
      timedOut,
    );
    expect(out).toBe('answer');
    expect(seen?.cancelled).toBe(false);
    clock.advance(5000);
    expect(seen?.cancelled).toBe(false);
  });

  it('trips the work signal and rejects past the span', async () => {
    const clock = manualClock();
    let seen: CancelSignal | undefined;
    const call = withDeadline(
      clock,
      1000,
      undefined,
      (stop) => {
        seen = stop;
        return new Promise<string>(() => undefined);
      },
      timedOut,
    );
    await Promise.resolve();
    clock.advance(1000);
    await expect(call).rejects.toThrow('timed out');
    expect(seen?.cancelled).toBe(true);
  });

  it("passes the caller's cancel on to the work", async () => {
    const clock = manualClock();
    const caller = createCancelSource();
    let seen: CancelSignal | undefined;
    const call = withDeadline(
      clock,
      1000,
      caller.signal,
      (stop) => {
        seen = stop;
        return new Promise<string>((_, reject) => stop.onCancel(() => reject(new Error('stopped'))));
      },
      timedOut,
    );
    caller.cancel();
    await expect(call).rejects.toThrow('stopped');
    expect(seen?.cancelled).toBe(true);
  });
});
