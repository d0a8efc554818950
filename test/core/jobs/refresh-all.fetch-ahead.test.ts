/** Refresh all's fetch-ahead over a fake runner: the next query starts while the previous result waits to be written, bounded. */
import { AddinError, cancelledError } from '../../../src/core/errors/addin-error';
import { refreshAll } from '../../../src/core/jobs/refresh-all';
import type { PlacementOutcome, RunOptions } from '../../../src/core/placements/placement-types';
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';

/** A gate a test opens by hand. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/**
 * Refreshes whose query and write each wait for the test to open their gates; the log says what happened in order.
 * As the orchestrator does, the run checks the cancel after the checkpoint and before writing.
 */
class FakeRunner {
  readonly log: string[] = [];
  readonly query = new Map<string, ReturnType<typeof gate>>();
  readonly write = new Map<string, ReturnType<typeof gate>>();

  constructor(ids: readonly string[]) {
    for (const id of ids) {
      this.query.set(id, gate());
      this.write.set(id, gate());
    }
  }

  readonly refresh = async (id: string, opts: RunOptions = {}): Promise<PlacementOutcome> => {
    this.log.push(`query ${id}`);
    await this.query.get(id)!.wait;
    this.log.push(`fetched ${id}`);
    await opts.checkpoint?.();
    if (opts.signal?.cancelled) throw cancelledError();
    opts.onPhase?.('writing');
    this.log.push(`write ${id}`);
    await this.write.get(id)!.wait;
    this.log.push(`written ${id}`);
    return { areaRows: 3, headerRows: 1, cols: 2 } as PlacementOutcome;
  };

  readonly flush = async (): Promise<void> => undefined;

  /** Fetched results not yet written, at the end of the log. */
  unwritten(): number {
    return this.log.filter((l) => l.startsWith('fetched')).length - this.log.filter((l) => l.startsWith('written')).length;
  }
}

/** Lets every pending promise callback run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe('refreshAll fetch-ahead', () => {
  it("starts a worker's next query before its previous result is written, and writes in order", async () => {
    const ids = ['a', 'b', 'c'];
    const r = new FakeRunner(ids);
    const job = refreshAll(r, ids, { concurrency: 1 });
    await settle();
    expect(r.log).toEqual(['query a']);
    r.query.get('a')!.open();
    await settle();
    // a waits for its write; b's query is already running.
    expect([...r.log].sort()).toEqual(['fetched a', 'query a', 'query b', 'write a']);
    r.query.get('b')!.open();
    await settle();
    expect(r.log).not.toContain('write b');
    r.write.get('a')!.open();
    await settle();
    expect(r.log[r.log.length - 3]).toBe('written a');
    expect([...r.log.slice(-2)].sort()).toEqual(['query c', 'write b']);
    r.query.get('c')!.open();
    r.write.get('b')!.open();
    r.write.get('c')!.open();
    const summary = await job;
    expect(summary).toMatchObject({ total: 3, done: 3 });
    expect(r.log.filter((l) => l.startsWith('written'))).toEqual(['written a', 'written b', 'written c']);
  });

  it('holds at most one result waiting behind the one a worker writes, and one query per worker', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const r = new FakeRunner(ids);
    const job = refreshAll(r, ids, { concurrency: 2 });
    await settle();
    for (const id of ids) r.query.get(id)!.open();
    await settle();
    // Two workers: a and b written (or waiting for the lock), c and d fetched behind them; e and f not started.
    expect(r.log.filter((l) => l.startsWith('query'))).toEqual(['query a', 'query b', 'query c', 'query d']);
    expect(r.unwritten()).toBe(4);
    for (const id of ids) {
      r.write.get(id)!.open();
      await settle();
      expect(r.unwritten()).toBeLessThanOrEqual(4);
    }
    expect(await job).toMatchObject({ total: 6, done: 6 });
  });

  it('writes nothing more after Stop: the result fetched ahead is dropped and the rest never start', async () => {
    const ids = ['a', 'b', 'c'];
    const r = new FakeRunner(ids);
    const stop = createCancelSource();
    const job = refreshAll(r, ids, { concurrency: 1, signal: stop.signal });
    r.query.get('a')!.open();
    r.query.get('b')!.open();
    await settle();
    expect([...r.log].sort()).toEqual(['fetched a', 'fetched b', 'query a', 'query b', 'write a']);
    stop.cancel();
    r.write.get('a')!.open();
    const summary = await job;
    expect(r.log.filter((l) => l.startsWith('write '))).toEqual(['write a']);
    expect(summary.items.map((x) => x.item.state)).toEqual(['done', 'stopped', 'stopped']);
    expect(r.log).not.toContain('query c');
  });

  it('runs one worker fewer after the platform refuses a placement as busy', async () => {
    const ids = ['a', 'b', 'c', 'd'];
    const r = new FakeRunner(ids);
    const busy = new AddinError('server', 'Could not run the query: the platform is busy.', { status: 429 });
    const runner = {
      flush: r.flush,
      refresh: (id: string, opts?: RunOptions) => (id === 'a' ? Promise.reject(busy) : r.refresh(id, opts)),
    };
    for (const id of ids) r.write.get(id)!.open();
    const job = refreshAll(runner, ids, { concurrency: 2 });
    await settle();
    // Two workers took a and b; after a's refusal its worker stops, so c waits for b instead of starting beside it.
    expect(r.log).toEqual(['query b']);
    r.query.get('b')!.open();
    await settle();
    expect(r.log.filter((l) => l.startsWith('query'))).toEqual(['query b', 'query c']);
    r.query.get('c')!.open();
    r.query.get('d')!.open();
    const summary = await job;
    expect(summary).toMatchObject({ total: 4, done: 3, failed: 1 });
    expect(summary.items[0]?.item).toMatchObject({ state: 'failed', kind: 'server' });
  });
});
