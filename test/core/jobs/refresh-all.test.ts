/** Tests for refreshAll: bounded query concurrency, one writer at a time, failures reported per placement, Stop, retry. */
import { cancelledError } from '../../../src/core/errors/addin-error';
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';
import type { JobItemState } from '../../../src/core/service/addin-service';
import { refreshAll } from '../../../src/core/jobs/refresh-all';
import { cells, draft, numbered, rig, type Rig } from '../placements/fakes';

/** Four placements side by side (columns 0, 3, 6, 9), each with its own SQL. */
async function four(): Promise<Rig & { ids: string[] }> {
  const r = rig({ maxCellsPerWrite: 8 }); // several blocks per placement, so interleaving would show
  const ids: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    r.queries.set(`SELECT ${i}`, numbered(2, `p${i}-`));
    ids.push((await r.orch.insert(draft(`SELECT ${i}`, `R${i}`), { sheetId: r.sheet, row: 0, col: i * 3 })).placementId);
  }
  r.queries.maxInFlight = 0;
  r.host.log.length = 0;
  return { ...r, ids };
}

/** Each placement's writes and clears form one contiguous run in the host log. */
function writesNeverOverlap(r: Rig): void {
  const owners = r.host.log.map((e) => Math.floor(e.range.col / 3));
  const seen = new Set<number>();
  owners.forEach((o, i) => {
    if (i > 0 && owners[i - 1] !== o) expect(seen.has(o)).toBe(false);
    seen.add(o);
  });
}

describe('refreshAll', () => {
  it('refreshes with at most `concurrency` queries in flight, writes one at a time, and reports a failure with its reason', async () => {
    const r = await four();
    for (let i = 0; i < 4; i += 1) r.queries.set(`SELECT ${i}`, numbered(9, `q${i}-`));
    r.queries.failMidway('SELECT 2', numbered(9), 4);
    const updates: Array<[string, JobItemState['state']]> = [];
    const summary = await refreshAll(r.orch, r.ids, { concurrency: 2, onUpdate: (id, item) => updates.push([id, item.state]) });

    expect(r.queries.maxInFlight).toBe(2);
    writesNeverOverlap(r);
    expect(summary).toMatchObject({ total: 4, done: 3, failed: 1, stopped: 0 });
    expect(summary.items.map((x) => x.item.state)).toEqual(['done', 'done', 'failed', 'done']);
    // Data rows: 9 rows of data under a header row.
    expect(summary.items[0]?.item).toEqual({ state: 'done', dataRows: 9, cols: 2 });
    expect(summary.items[2]?.item).toMatchObject({
      state: 'failed',
      kind: 'query',
      message: expect.stringContaining('failed while sending'),
    });
    for (const id of r.ids) {
      const states = updates.filter(([u]) => u === id).map(([, s]) => s);
      expect(states[0]).toBe('queued');
      expect(states[1]).toBe('running');
    }
    expect(updates.filter(([, s]) => s === 'writing')).toHaveLength(3);
    expect(r.model.getValue(r.sheet, 9, 0)).toBe('q0-8');
    expect(r.model.getValue(r.sheet, 2, 6)).toBe('p2-1'); // the failed one kept its cells
    expect(r.model.getValue(r.sheet, 3, 6)).toBeNull();

    // Refresh failed = call again with the failed ids.
    r.queries.set('SELECT 2', numbered(9, 'ok-'));
    const failed = summary.items.filter((x) => x.item.state === 'failed').map((x) => x.placementId);
    const retry = await refreshAll(r.orch, failed);
    expect(retry).toMatchObject({ total: 1, done: 1 });
    expect(r.model.getValue(r.sheet, 9, 6)).toBe('ok-8');
  });

  it('never runs more than the default 3 queries and serializes writes under load', async () => {
    const r = await four();
    for (let i = 0; i < 4; i += 1) r.queries.set(`SELECT ${i}`, numbered(9, `q${i}-`));
    r.host.beforeMutation = async () => {
      for (let i = 0; i < 20; i += 1) await Promise.resolve();
    };
    const summary = await refreshAll(r.orch, [...r.ids, r.ids[0]!]);
    expect(summary.total).toBe(4);
    expect(r.queries.maxInFlight).toBe(3);
    expect(r.host.log.length).toBeGreaterThan(8);
    writesNeverOverlap(r);
  });

  it('stops: running placements are cancelled, the rest never start, every cell stays', async () => {
    const r = await four();
    for (let i = 0; i < 4; i += 1) r.queries.hang(`SELECT ${i}`);
    const before = cells(r.model);
    const ctl = createCancelSource();
    const started: string[] = [];
    const job = refreshAll(r.orch, r.ids, {
      concurrency: 2,
      signal: ctl.signal,
      onUpdate: (id, item) => {
        if (item.state === 'running') started.push(id);
      },
    });
    await new Promise((res) => setImmediate(res));
    expect(started).toEqual(r.ids.slice(0, 2));
    ctl.cancel();
    const summary = await job;
    expect(summary).toMatchObject({ total: 4, done: 0, failed: 0, stopped: 4 });
    expect(started).toEqual(r.ids.slice(0, 2));
    expect(cells(r.model)).toEqual(before);
    expect(r.host.log).toEqual([]);
  });

  it('sees a Stop from another request once the write lock is held: results waiting for it write no cell', async () => {
    const r = await four();
    for (let i = 0; i < 4; i += 1) r.queries.set(`SELECT ${i}`, numbered(2, `q${i}-`));
    // Stop is pressed (as another request would store it) once the first placement has written a block.
    let stop = false;
    r.host.beforeMutation = async () => {
      stop = true;
    };
    const summary = await refreshAll(r.orch, r.ids, {
      concurrency: 4,
      checkpoint: async () => {
        if (stop) throw cancelledError();
      },
    });
    // Every query was in flight at once and every result passed its first checkpoint before any write; only the first
    // placement, already writing, is written.
    expect(r.queries.maxInFlight).toBe(4);
    expect(summary).toMatchObject({ total: 4, done: 1, stopped: 3 });
    expect(r.model.getValue(r.sheet, 1, 0)).toBe('q0-0');
    for (let i = 1; i < 4; i += 1) expect(r.model.getValue(r.sheet, 1, i * 3)).toBe(`p${i}-0`);
    expect(new Set(r.host.log.map((e) => Math.floor(e.range.col / 3)))).toEqual(new Set([0]));
  });

  it('reports an orphaned placement as failed and refreshes the others', async () => {
    const r = await four();
    r.model.deleteColumns(r.sheet, 3, 2);
    const summary = await refreshAll(r.orch, r.ids);
    expect(summary.items[1]?.item).toMatchObject({ state: 'failed', kind: 'notFound' });
    expect(summary.done).toBe(3);
  });
});
