/** Refresh all's fetch-ahead over a fake runner: the next query starts while the previous result waits to be written, bounded. */
import { AddinError, cancelledError } from '../../../src/core/errors/addin-error';
import { PANE_REFRESH_CONCURRENCY, refreshAll } from '../../../src/core/jobs/refresh-all';
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
  /** Cells of results fetched and not yet written, and what that was each time a query started. */
  inHand = 0;
  readonly inHandAtQuery: number[] = [];

  /** `cells`: the size of each result (told to the checkpoint as the orchestrator does). */
  constructor(
    ids: readonly string[],
    private readonly cells = 0,
  ) {
    for (const id of ids) {
      this.query.set(id, gate());
      this.write.set(id, gate());
    }
  }

  readonly refresh = async (id: string, opts: RunOptions = {}): Promise<PlacementOutcome> => {
    this.log.push(`query ${id}`);
    this.inHandAtQuery.push(this.inHand);
    await this.query.get(id)!.wait;
    this.log.push(`fetched ${id}`);
    this.inHand += this.cells;
    try {
      await opts.checkpoint?.(this.cells > 0 ? { cells: this.cells } : undefined);
    } catch (e) {
      this.inHand -= this.cells;
      throw e;
    }
    if (opts.signal?.cancelled) {
      this.inHand -= this.cells;
      throw cancelledError();
    }
    opts.onPhase?.('writing');
    this.log.push(`write ${id}`);
    await this.write.get(id)!.wait;
    this.inHand -= this.cells;
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

  it("runs a pane's workers at once when nothing waits to be written", async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const r = new FakeRunner(ids);
    const job = refreshAll(r, ids, { concurrency: PANE_REFRESH_CONCURRENCY });
    await settle();
    expect(PANE_REFRESH_CONCURRENCY).toBeGreaterThan(3);
    expect(r.log).toEqual(ids.slice(0, PANE_REFRESH_CONCURRENCY).map((id) => `query ${id}`));
    for (const id of ids) {
      r.query.get(id)!.open();
      r.write.get(id)!.open();
    }
    expect(await job).toMatchObject({ total: 8, done: 8 });
  });

  it('starts no query while the results waiting to be written hold the cells allowed, and goes on once one is written', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    // Results of 100 cells, room for 250: two waiting results leave room for one more query, three for none.
    const r = new FakeRunner(ids, 100);
    const job = refreshAll(r, ids, { concurrency: 3, maxCellsInHand: 250 });
    await settle();
    expect(r.log).toEqual(['query a', 'query b', 'query c']);
    for (const id of ids) r.query.get(id)!.open();
    await settle();
    // a, b and c fetched (300 cells): nothing more starts before a write.
    expect(r.inHand).toBe(300);
    expect(r.log.filter((l) => l.startsWith('query'))).toEqual(['query a', 'query b', 'query c']);
    r.write.get('a')!.open();
    await settle();
    expect(r.log).toContain('written a');
    expect(r.log.filter((l) => l.startsWith('query')).length).toBeGreaterThan(3);
    for (const id of ids) {
      r.write.get(id)!.open();
      await settle();
    }
    expect(await job).toMatchObject({ total: 6, done: 6 });
    // Every query started with the results in hand below the room allowed.
    expect(r.inHandAtQuery.every((cells) => cells < 250)).toBe(true);
    expect(r.log.filter((l) => l.startsWith('written'))).toEqual(ids.map((id) => `written ${id}`));
  });
});
