/** The write transaction over a host that writes blocks together: busy retries resume, failures restore what was touched. */
import { AddinError } from '../../../src/core/errors/addin-error';
import { hostBusyError } from '../../../src/core/host-busy-error';
import type { BlocksWrite, CellSnapshot, GridRange, WriteBlock } from '../../../src/core/host';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { retryWhileBusy } from '../../../src/core/placements/host-busy';
import { runWriteTransaction, type HostCall } from '../../../src/core/placements/write-transaction';
import { fakeClock } from './fakes';

/** MemoryHost with writeBlocks: block by block, progress before each, the tracking and widths at the end. */
class BlocksHost extends MemoryHost {
  /** The first row of the blocks of each writeBlocks call. */
  readonly calls: number[] = [];

  async writeBlocks(w: BlocksWrite): Promise<void> {
    this.calls.push(w.blocks[0]?.row ?? -1);
    for (const [i, block] of w.blocks.entries()) {
      if (i > 0 && w.signal?.cancelled) throw new AddinError('cancelled', 'Cancelled. Nothing was changed.');
      w.progress?.({ written: i, touched: i + 1 });
      await this.writeBlock(block);
    }
    if (w.track) await this.trackArea(w.track.placementId, w.track.range);
    if (w.autofit) await this.autofitColumns(w.autofit);
    w.progress?.({ written: w.blocks.length, touched: w.blocks.length });
  }
}

const call: HostCall = (c) => retryWhileBusy(fakeClock(), c);

async function setUp(): Promise<{ host: BlocksHost; sheetId: string; blocks: WriteBlock[]; snapshot: CellSnapshot; area: GridRange }> {
  const host = new BlocksHost();
  const sheetId = (await host.layout()).sheets[0]!.id;
  await host.writeBlock({ sheetId, row: 0, col: 0, values: Array.from({ length: 8 }, (_, i) => [`old ${i}`, i]) });
  const blocks = [0, 2, 4, 6].map((row) => ({
    sheetId,
    row,
    col: 0,
    values: [
      [`new ${row}`, row],
      [`new ${row + 1}`, row + 1],
    ],
  }));
  const area = { sheetId, row: 0, col: 0, rows: 8, cols: 2 };
  const [snapshot] = await host.snapshot([area]);
  return { host, sheetId, blocks, snapshot: snapshot!, area };
}

it('resumes a busy writeBlocks after the blocks written, and tracks and fits the widths with the last values', async () => {
  const { host, blocks, snapshot, area } = await setUp();
  host.failWriteAfter(2, hostBusyError());
  const done = await runWriteTransaction(host, call, {
    blocks,
    snapshots: [snapshot],
    leftovers: [],
    own: null,
    track: { placementId: 'p1', range: area },
    signal: undefined,
    autofit: area,
  });
  expect(done.autofitted).toBe(true);
  expect(host.calls).toEqual([0, 4]);
  expect((await host.layout()).areas['p1']).toEqual(area);
  expect(host.autofitted).toEqual([area]);
  const [after] = await host.snapshot([area]);
  expect(after!.values.map((r) => r[0])).toEqual(Array.from({ length: 8 }, (_, i) => `new ${i}`));
});

it('on a failure puts back only the blocks the host said it touched', async () => {
  const { host, blocks, snapshot, area } = await setUp();
  host.failWriteAfter(1, new AddinError('host', 'refused'));
  const restoredFrom = host.log.length;
  const e = await runWriteTransaction(host, call, {
    blocks,
    snapshots: [snapshot],
    leftovers: [],
    own: null,
    track: { placementId: 'p1', range: area },
    signal: undefined,
  }).catch((x: unknown) => x);
  expect(e).toMatchObject({ kind: 'host' });
  // One block written, the second refused: the rollback writes rows 0 to 3 back, nothing below.
  const restored = host.log.slice(restoredFrom + 1).map((l) => l.range);
  expect(restored.length).toBeGreaterThan(0);
  expect(Math.max(...restored.map((r) => r.row + r.rows))).toBe(4);
  const [after] = await host.snapshot([area]);
  expect(after).toEqual(snapshot);
  expect((await host.layout()).areas['p1']).toBeUndefined();
});

it('tracks on its own, after clearing the leftovers, when there are some', async () => {
  const { host, blocks, snapshot, area } = await setUp();
  const [leftover] = await host.snapshot([{ ...area, row: 8, rows: 1 }]);
  const done = await runWriteTransaction(host, call, {
    blocks: blocks.slice(0, 2),
    snapshots: [snapshot, leftover!],
    leftovers: [leftover!],
    own: { area: { ...area, rows: 9 }, headerRows: 0 },
    track: { placementId: 'p1', range: { ...area, rows: 4 } },
    signal: undefined,
    autofit: area,
  });
  expect(done.autofitted).toBe(false);
  expect(host.autofitted).toEqual([]);
  expect((await host.layout()).areas['p1']).toEqual({ ...area, rows: 4 });
});
