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
    if (w.clear) await this.clear(w.clear);
    if (w.track) {
      if (this.trackFails) throw this.trackFails;
      await this.trackArea(w.track.placementId, w.track.range);
    }
    if (w.autofit) await this.autofitColumns(w.autofit);
    w.progress?.({ written: w.blocks.length, touched: w.blocks.length });
  }

  /** Makes the tracking in writeBlocks fail (after the blocks and the clear), as a lost connection would. */
  trackFails: Error | null = null;
}

const call: HostCall = (c) => retryWhileBusy(fakeClock(), c);

async function setUp(
  maxCellsPerWrite?: number,
): Promise<{ host: BlocksHost; sheetId: string; blocks: WriteBlock[]; snapshot: CellSnapshot; area: GridRange }> {
  const host = new BlocksHost(undefined, maxCellsPerWrite === undefined ? {} : { limits: { maxCellsPerWrite } });
  const sheetId = (await host.layout()).sheets[0]!.id;
  for (let row = 0; row < 8; row += 2)
    await host.writeBlock({ sheetId, row, col: 0, values: [0, 1].map((i) => [`old ${row + i}`, row + i]) });
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

it('tracks on its own, after clearing the leftovers, when they hold more cells than one clear may', async () => {
  // Requests of at most 4 cells: the leftovers' 6 cells are cleared in bands of their own.
  const { host, blocks, snapshot, area } = await setUp(4);
  const [leftover] = await host.snapshot([{ ...area, row: 8, rows: 3 }]);
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

it('tracks and fits the widths in the same call, after clearing the leftovers, when they fit one clear', async () => {
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
  expect(done.autofitted).toBe(true);
  expect(host.autofitted).toEqual([area]);
  expect(host.calls).toEqual([0]);
  expect((await host.layout()).areas['p1']).toEqual({ ...area, rows: 4 });
});

describe('leftovers cleared in the same call', () => {
  /** Rows 0-3 written anew, rows 4-7 the leftovers the result no longer reaches. */
  async function shrinking(maxCellsPerWrite?: number) {
    const { host, sheetId, blocks, snapshot, area } = await setUp(maxCellsPerWrite);
    const leftover = { sheetId, row: 4, col: 0, rows: 4, cols: 2 };
    const [left] = await host.snapshot([leftover]);
    return { host, blocks: blocks.slice(0, 2), snapshot, area, left: left!, kept: { ...area, rows: 4 } };
  }

  it('clears them and tracks the smaller area in the one writeBlocks call', async () => {
    const { host, blocks, snapshot, left, kept } = await shrinking();
    const clears = host.log.filter((l) => l.op === 'clear').length;
    await runWriteTransaction(host, call, {
      blocks,
      snapshots: [snapshot],
      leftovers: [left],
      own: null,
      track: { placementId: 'p1', range: kept },
      signal: undefined,
    });
    expect(host.calls).toEqual([0]);
    expect(host.log.filter((l) => l.op === 'clear').length).toBe(clears + 1);
    expect((await host.layout()).areas['p1']).toEqual(kept);
    const [after] = await host.snapshot([snapshot.range]);
    expect(
      after!.values
        .slice(4)
        .flat()
        .every((v) => v === null),
    ).toBe(true);
  });

  it('a failure after the clear puts the cleared rows back with the rest', async () => {
    const { host, blocks, snapshot, left, kept } = await shrinking();
    host.trackFails = new AddinError('host', 'The connection to Excel was lost.');
    const e = await runWriteTransaction(host, call, {
      blocks,
      snapshots: [snapshot],
      leftovers: [left],
      own: null,
      track: { placementId: 'p1', range: kept },
      signal: undefined,
    }).catch((x: unknown) => x);
    expect(e).toMatchObject({ kind: 'host' });
    const [after] = await host.snapshot([snapshot.range]);
    expect(after!.values).toEqual(snapshot.values);
  });

  it('leftovers larger than one clear may hold are cleared in bands after the call, the tracking on its own', async () => {
    // Blocks of 2 cells: the 8 leftover cells pass one clear's 4.
    const { host, blocks, snapshot, left, kept } = await shrinking(4);
    const clears = host.log.filter((l) => l.op === 'clear').length;
    await runWriteTransaction(host, call, {
      blocks,
      snapshots: [snapshot],
      leftovers: [left],
      own: null,
      track: { placementId: 'p1', range: kept },
      signal: undefined,
    });
    expect(host.calls).toEqual([0]);
    expect(host.log.filter((l) => l.op === 'clear').length - clears).toBe(2);
    expect((await host.layout()).areas['p1']).toEqual(kept);
    const [after] = await host.snapshot([snapshot.range]);
    expect(
      after!.values
        .slice(4)
        .flat()
        .every((v) => v === null),
    ).toBe(true);
  });
});
