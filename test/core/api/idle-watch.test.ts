/** Tests for the idle watch on a stream's reads: a silent read fails after the span, a read in time passes, one sleep serves many reads, nothing is kept. */
import v8 from 'node:v8';
import vm from 'node:vm';
import { createIdleWatch } from '../../../src/core/api/idle-watch';
import { AddinError } from '../../../src/core/errors/addin-error';
import type { CancelSignal } from '../../../src/core/runtime/cancel-signal';
import type { Clock } from '../../../src/core/runtime/clock';

const idle = () => new AddinError('network', 'silent');

/** A clock whose sleeps end when the test says, and end as cancelled when their signal trips (unless `deaf`). */
function manualClock(deaf = false) {
  let now = 0;
  const sleepers: Array<{ at: number; wake: () => void }> = [];
  const clock: Clock = {
    now: () => now,
    sleep: (ms: number, signal?: CancelSignal) =>
      new Promise<void>((resolve, reject) => {
        sleepers.push({ at: now + ms, wake: resolve });
        if (!deaf) signal?.onCancel(() => reject(new Error('cancelled')));
      }),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const s of sleepers.filter((x) => x.at <= now)) s.wake();
  };
  return { clock, advance, sleepers };
}

const ticks = async (n = 5) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

it('settles as the read does when it brings something in time', async () => {
  const { clock } = manualClock();
  const watch = createIdleWatch(clock, 1000, idle);
  await expect(watch.read(Promise.resolve('chunk'))).resolves.toBe('chunk');
  await expect(watch.read(Promise.reject(new Error('reset')))).rejects.toThrow('reset');
});

it('fails with the idle error once the span passes without a read, and a late read changes nothing', async () => {
  const { clock, advance } = manualClock();
  let arrive: (v: string) => void = () => undefined;
  const outcome = createIdleWatch(clock, 1000, idle).read(new Promise<string>((r) => (arrive = r)));
  advance(999);
  await ticks();
  advance(1);
  await expect(outcome).rejects.toThrow('silent');
  arrive('late');
  await ticks();
});

it('leaves the read unbounded when the sleep ends before the span has passed on the clock', async () => {
  const { clock, sleepers } = manualClock();
  let arrive: (v: string) => void = () => undefined;
  const outcome = createIdleWatch(clock, 1000, idle).read(new Promise<string>((r) => (arrive = r)));
  sleepers[0]?.wake();
  await ticks();
  arrive('after all');
  await expect(outcome).resolves.toBe('after all');
});

it('keeps nothing of a read through an idle wait that is still pending (a clock that ignores the cancel)', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const { clock } = manualClock(true);
  let collected = false;
  const registry = new FinalizationRegistry(() => (collected = true));
  await (async () => {
    const chunk = { text: 'x'.repeat(1000) };
    registry.register(chunk, 'chunk');
    const got = await createIdleWatch(clock, 120_000, idle).read(Promise.resolve(chunk));
    if (got !== chunk) throw new Error('not the chunk');
  })();
  for (let i = 0; i < 10 && !collected; i++) {
    await new Promise((r) => setTimeout(r, 10));
    gc();
  }
  expect(collected).toBe(true);
});

it('serves a stream of reads with one sleep, times each read from its own start, and ends with stop', async () => {
  const { clock, advance, sleepers } = manualClock();
  const watch = createIdleWatch(clock, 1000, idle);
  for (let i = 0; i < 50; i++) {
    advance(10);
    await expect(watch.read(Promise.resolve(i))).resolves.toBe(i);
  }
  expect(sleepers).toHaveLength(1);
  // A read started at 900 ms is not failed by the sleep that wakes at 1010 ms: its own span ends at 1900 ms.
  advance(400);
  let arrive: (v: string) => void = () => undefined;
  const outcome = watch.read(new Promise<string>((r) => (arrive = r)));
  let failed = false;
  outcome.catch(() => (failed = true));
  advance(110);
  await ticks();
  expect(failed).toBe(false);
  expect(sleepers).toHaveLength(2);
  advance(889);
  await ticks();
  expect(failed).toBe(false);
  advance(1);
  await expect(outcome).rejects.toThrow('silent');
  arrive('late');
  await ticks();
});

it('stop cancels the pending sleep', async () => {
  const { clock } = manualClock();
  let cancelled = false;
  const watched: Clock = {
    now: clock.now,
    sleep: (ms, signal) => {
      signal?.onCancel(() => (cancelled = true));
      return clock.sleep(ms, signal);
    },
  };
  const watch = createIdleWatch(watched, 1000, idle);
  await watch.read(Promise.resolve('chunk'));
  expect(cancelled).toBe(false);
  watch.stop();
  expect(cancelled).toBe(true);
});
