/**
 * WorkbookSaver: quiet time, one save in flight, last write wins, retries after refusal, idle().
 * Retries back off by doubling, capped, and come sooner when the workbook is smaller.
 */
import { WorkbookSaver, type WorkbookSaverOptions } from '../../src/preview/workbook-saver';

interface Harness {
  saver: WorkbookSaver;
  state: { value: number; size: number; serialized: number; saved: string | null; failures: number; oks: number };
  pending: Array<{ text: string; resolve: () => void; reject: (e: unknown) => void }>;
  writes: string[];
}

function harness(mode: 'async' | 'sync', refuse: () => boolean = () => false, extra: Partial<WorkbookSaverOptions> = {}): Harness {
  const state = { value: 0, size: 10, serialized: 0, saved: null as string | null, failures: 0, oks: 0 };
  const pending: Harness['pending'] = [];
  const writes: string[] = [];
  const saver = new WorkbookSaver({
    write: (text) => {
      writes.push(text);
      if (mode === 'sync') {
        if (refuse()) throw new Error('quota');
        state.saved = text;
        return;
      }
      return new Promise<void>((resolve, reject) =>
        pending.push({
          text,
          resolve: () => {
            state.saved = text;
            resolve();
          },
          reject,
        }),
      );
    },
    serialize: () => {
      state.serialized += 1;
      return `v${state.value}`;
    },
    measure: () => state.size,
    delayMs: 300,
    retryDelayMs: 1000,
    maxRetryDelayMs: 4000,
    onSaved: () => (state.oks += 1),
    onFailed: () => (state.failures += 1),
    ...extra,
  });
  return { saver, state, pending, writes };
}

const tick = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('WorkbookSaver', () => {
  it('coalesces a burst of changes into one save after the quiet time', () => {
    const h = harness('sync');
    for (let i = 1; i <= 50; i += 1) {
      h.state.value = i;
      h.saver.changed('content');
      jest.advanceTimersByTime(100);
    }
    expect(h.writes).toEqual([]);
    jest.advanceTimersByTime(200);
    expect(h.writes).toEqual(['v50']);
    expect(h.state.serialized).toBe(1);
  });

  it('never has two saves in flight; the state after a slow save is saved once it settles', async () => {
    const h = harness('async');
    h.state.value = 1;
    h.saver.changed('content');
    jest.advanceTimersByTime(300);
    for (let i = 2; i <= 10; i += 1) {
      h.state.value = i;
      h.saver.changed('content');
      jest.advanceTimersByTime(500);
    }
    expect(h.pending).toHaveLength(1);
    expect(h.state.serialized).toBe(1);
    h.pending.shift()!.resolve();
    await tick();
    expect(h.writes).toEqual(['v1', 'v10']);
    h.pending.shift()!.resolve();
    expect(await h.saver.idle()).toBe(true);
    expect(h.state.saved).toBe('v10');
  });

  it('flush() during a save replaces any queued state (last write wins)', async () => {
    const h = harness('async');
    h.state.value = 1;
    h.saver.changed('content');
    h.saver.flush();
    for (const v of [2, 3]) {
      h.state.value = v;
      h.saver.changed('content');
      expect(h.saver.flush()).toBe(true);
    }
    h.pending.shift()!.resolve();
    await tick();
    expect(h.writes).toEqual(['v1', 'v3']);
    h.pending.shift()!.resolve();
    expect(await h.saver.idle()).toBe(true);
    // Nothing more: the queued text was the latest state.
    jest.advanceTimersByTime(10_000);
    expect(h.writes).toHaveLength(2);
  });

  it('a selection change alone is not saved, but rides with the next flush', () => {
    const h = harness('sync');
    h.saver.changed('selection');
    jest.advanceTimersByTime(10_000);
    expect(h.writes).toEqual([]);
    expect(h.saver.flush()).toBe(true);
    expect(h.writes).toHaveLength(1);
    expect(h.saver.flush()).toBe(true);
    expect(h.writes).toHaveLength(1);
  });

  it('after a refusal, retries after 1, 2, 4, 4 s (not on every change); a smaller workbook is saved at the next quiet time', () => {
    let refuse = true;
    const h = harness('sync', () => refuse);
    h.saver.changed('content');
    jest.advanceTimersByTime(300);
    expect(h.writes).toHaveLength(1);
    expect(h.state.failures).toBe(1);
    const at: number[] = [];
    let t = 300;
    for (let step = 0; step < 110; step += 1) {
      h.state.size += 1;
      h.saver.changed('content');
      const before = h.writes.length;
      jest.advanceTimersByTime(100);
      t += 100;
      if (h.writes.length > before) at.push(t);
    }
    expect(at).toEqual([1300, 3300, 7300, 11300]);
    refuse = false;
    h.state.size = 5;
    h.saver.changed('content');
    jest.advanceTimersByTime(300);
    expect(h.state.oks).toBe(1);
    expect(h.writes).toHaveLength(6);
    jest.advanceTimersByTime(60_000);
    expect(h.writes).toHaveLength(6);
  });

  it('an asynchronous refusal makes idle() say false and marks the state unsaved; flush() retries at once', async () => {
    const h = harness('async');
    h.saver.changed('content');
    h.saver.flush();
    h.pending.shift()!.reject(new Error('quota'));
    expect(await h.saver.idle()).toBe(false);
    expect(h.state.failures).toBe(1);
    expect(h.saver.flush()).toBe(true);
    expect(h.writes).toHaveLength(2);
    h.pending.shift()!.resolve();
    expect(await h.saver.idle()).toBe(true);
    expect(h.state.oks).toBe(1);
  });

  it('dispose() writes what is pending and leaves no timer behind', () => {
    const h = harness('sync', () => true);
    h.saver.changed('content');
    h.saver.dispose();
    expect(h.writes).toHaveLength(1);
    expect(jest.getTimerCount()).toBe(0);
    h.saver.changed('content');
    expect(jest.getTimerCount()).toBe(0);
  });
});
