/**
 * An insert written while its stream arrives (a host with streamsWrites): the same cells, record and fingerprint as a
 * write of the whole result, written before the stream ends, and all-or-nothing as that write.
 */
import { AddinError, cancelledError } from '../../../src/core/errors/addin-error';
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';
import type { StreamValue } from '../../../src/core/wire/schemas';
import { FINGERPRINT_KEY_PREFIX } from '../../../src/core/changes/fingerprint-store';
import { loadRegistry } from '../../../src/core/placements/placement-record';
import { cells, draft, numbered, rig, type Rig, type Table } from './fakes';
import { addinRejection } from '../../helpers/caught-error';

const SQL = 'SELECT * FROM orders';

/** A rig whose queries hand their rows to the sink 3 at a time, on a host that streams writes or not. */
function streamingRig(streamsWrites: boolean, maxCellsPerWrite = 8): Rig {
  const r = rig({ maxCellsPerWrite }, {}, { streamsWrites });
  r.queries.useSink = true;
  r.queries.sinkBatch = 3;
  // A task between two batches, as between two chunks from a network: the writer runs in between.
  r.queries.batchGap = () => new Promise((resolve) => setTimeout(resolve, 0));
  return r;
}

/** Both rigs with the same queries: `streamed` writes bands as the rows arrive, `whole` writes the result at once. */
function twins(t: Table, maxCellsPerWrite = 8): { streamed: Rig; whole: Rig } {
  const streamed = streamingRig(true, maxCellsPerWrite);
  const whole = streamingRig(false, maxCellsPerWrite);
  streamed.queries.set(SQL, t);
  whole.queries.set(SQL, t);
  return { streamed, whole };
}

/** The stored fingerprints, by key. */
async function prints(r: Rig): Promise<Record<string, string>> {
  return r.host.documentStore.entries(FINGERPRINT_KEY_PREFIX);
}

/** A result of every kind of cell: numbers, inert text, booleans, empty cells and timestamps. */
function mixed(rows: number, stamp: (i: number) => string): Table {
  return {
    columns: [
      { name: 'id', column_type: 'Int64' },
      { name: 'label', column_type: 'String' },
      { name: 'at', column_type: 'Timestamp' },
      { name: 'ok', column_type: 'Boolean' },
    ],
    rows: Array.from({ length: rows }, (_, i): StreamValue[] => [
      String(i),
      i % 7 === 3 ? `=SUM(A${i})` : i % 5 === 0 ? null : `item ${i % 4}`,
      i % 6 === 5 ? null : stamp(i),
      i % 3 === 0,
    ]),
  };
}

const day = (i: number): string => `2025-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000`;

describe('an insert written while its stream arrives', () => {
  it.each([
    ['dates only (every timestamp at midnight)', mixed(40, day)],
    ['a time of day from row 30 on (earlier bands written as dates)', mixed(40, (i) => (i < 30 ? day(i) : '2025-02-03T10:20:30.000'))],
    ['a fraction of a second in the last row', mixed(40, (i) => (i < 39 ? day(i).replace('T00', 'T08') : '2025-02-03T10:20:30.250'))],
    ['no data rows', mixed(0, day)],
    ['one row', mixed(1, day)],
  ])('writes the same cells, record and fingerprint as a write of the whole result: %s', async (_what, t) => {
    const { streamed, whole } = twins(t);
    const a = await streamed.orch.insert(draft(SQL), { sheetId: streamed.sheet, row: 2, col: 1 });
    const b = await whole.orch.insert(draft(SQL), { sheetId: whole.sheet, row: 2, col: 1 });
    expect(cells(streamed.model)).toEqual(cells(whole.model));
    expect({ ...a, elapsedMs: 0 }).toEqual({ ...b, elapsedMs: 0 });
    const [ra] = await loadRegistry(streamed.host.documentStore);
    const [rb] = await loadRegistry(whole.host.documentStore);
    expect({ ...ra, placedAt: '', refreshedAt: '' }).toEqual({ ...rb, placedAt: '', refreshedAt: '' });
    expect(await prints(streamed)).toEqual(await prints(whole));
    expect(Object.keys(await prints(streamed))).toHaveLength(1);
  });

  it('writes rows before the stream has ended, and saves the report once the last row is in', async () => {
    const r = streamingRig(true);
    r.queries.set(SQL, numbered(60));
    const handed: number[] = [];
    const log: string[] = [];
    r.host.beforeMutation = (op) => {
      if (op === 'write') handed.push(r.queries.rowsHanded);
      log.push(op);
    };
    const upsert = r.reports.upsertReport.bind(r.reports);
    r.reports.upsertReport = (...a) => {
      log.push(`upsert after ${r.queries.rowsHanded} rows`);
      return upsert(...a);
    };
    await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    // Bands of 4 rows (8 cells a write over 2 columns): the first is written while most rows are still to come.
    expect(handed[0]).toBeLessThan(20);
    expect(log.indexOf('upsert after 60 rows')).toBeGreaterThan(log.indexOf('write'));
    // The header row is the last write, after the report's save.
    expect(log.at(-1)).toBe('write');
    expect(log.at(-2)).toBe('upsert after 60 rows');
  });

  it('is blocked by a user cell far below, with the message of a whole write, and leaves every cell as it was', async () => {
    const t = numbered(60);
    const { streamed, whole } = twins(t);
    for (const r of [streamed, whole]) {
      r.model.setValue(r.sheet, 50, 1, 'mine');
      r.model.setValue(r.sheet, 55, 0, 'also mine');
    }
    const before = cells(streamed.model);
    const a = await addinRejection(streamed.orch.insert(draft(SQL), { sheetId: streamed.sheet, row: 0, col: 0 }));
    const b = await addinRejection(whole.orch.insert(draft(SQL), { sheetId: whole.sheet, row: 0, col: 0 }));
    expect(a.kind).toBe('blocked');
    expect([a.message, a.data]).toEqual([b.message, b.data]);
    expect(cells(streamed.model)).toEqual(before);
    // Bands above the user cell were written, then put back.
    expect(streamed.host.log.filter((e) => e.op === 'write').length).toBeGreaterThan(2);
    expect(streamed.reports.calls).toEqual([]);
    expect(await loadRegistry(streamed.host.documentStore)).toEqual([]);
  });

  it('is blocked by another placement below it, named as a whole write names it', async () => {
    const t = numbered(60);
    const { streamed, whole } = twins(t);
    for (const r of [streamed, whole]) r.queries.set('SELECT small', numbered(3));
    await streamed.orch.insert(draft('SELECT small', 'Small'), { sheetId: streamed.sheet, row: 40, col: 1 });
    await whole.orch.insert(draft('SELECT small', 'Small'), { sheetId: whole.sheet, row: 40, col: 1 });
    const before = cells(streamed.model);
    const a = await addinRejection(streamed.orch.insert(draft(SQL), { sheetId: streamed.sheet, row: 0, col: 0 }));
    const b = await addinRejection(whole.orch.insert(draft(SQL), { sheetId: whole.sheet, row: 0, col: 0 }));
    expect([a.kind, a.message, a.data]).toEqual([b.kind, b.message, b.data]);
    expect(cells(streamed.model)).toEqual(before);
  });

  it('overwrites user cells when asked, counting them as a whole write does', async () => {
    const { streamed, whole } = twins(numbered(30));
    for (const r of [streamed, whole]) r.model.setValue(r.sheet, 20, 1, 'mine');
    const a = await streamed.orch.insert(draft(SQL), { sheetId: streamed.sheet, row: 0, col: 0 }, { overwrite: true });
    const b = await whole.orch.insert(draft(SQL), { sheetId: whole.sheet, row: 0, col: 0 }, { overwrite: true });
    expect(a.overwrittenCells).toBe(1);
    expect(b.overwrittenCells).toBe(1);
    expect(cells(streamed.model)).toEqual(cells(whole.model));
  });

  it('puts back every band written when the stream fails midway, and saves nothing', async () => {
    const r = streamingRig(true);
    r.queries.failMidway(SQL, numbered(60), 40);
    r.model.setValue(r.sheet, 0, 3, 'beside');
    const before = cells(r.model);
    const e = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }));
    expect(e.kind).toBe('query');
    expect(r.host.log.filter((x) => x.op === 'write').length).toBeGreaterThan(4);
    expect(cells(r.model)).toEqual(before);
    expect(r.reports.calls).toEqual([]);
  });

  it('stops on a cancel between two bands, puts back what it wrote and saves nothing', async () => {
    const r = streamingRig(true);
    r.queries.set(SQL, numbered(60));
    const ctl = createCancelSource();
    let writes = 0;
    r.host.beforeMutation = (op) => void (op === 'write' && ++writes === 3 && ctl.cancel());
    const before = cells(r.model);
    const e = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { signal: ctl.signal }));
    expect(e.kind).toBe('cancelled');
    expect(cells(r.model)).toEqual(before);
    expect(r.reports.calls).toEqual([]);
  });

  it('puts back what it wrote when a write fails, and stops the stream', async () => {
    const r = streamingRig(true);
    r.queries.set(SQL, numbered(60));
    let writes = 0;
    r.host.beforeMutation = (op) => {
      if (op === 'write' && ++writes === 4) throw new AddinError('host', 'The sheet is protected.');
    };
    const before = cells(r.model);
    const e = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }));
    expect([e.kind, e.message]).toEqual(['host', 'The sheet is protected.']);
    expect(cells(r.model)).toEqual(before);
    expect(r.reports.calls).toEqual([]);
  });

  it("puts back every cell when the report's save fails once the last row is in", async () => {
    const r = streamingRig(true);
    r.queries.set(SQL, numbered(30));
    r.reports.upsertReport = () => Promise.reject(new AddinError('network', 'The platform did not answer.'));
    const before = cells(r.model);
    const e = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }));
    expect(e.kind).toBe('network');
    expect(r.host.log.filter((x) => x.op === 'write').length).toBeGreaterThan(4);
    expect(cells(r.model)).toEqual(before);
    expect(await loadRegistry(r.host.documentStore)).toEqual([]);
  });

  it('refuses a result wider than the sheet from the anchor as a whole write does, writing nothing', async () => {
    const wide: Table = {
      columns: [
        { name: 'a', column_type: 'String' },
        { name: 'b', column_type: 'String' },
      ],
      rows: [['x', 'y']],
    };
    const { streamed, whole } = twins(wide);
    const col = streamed.host.limits.maxCols - 1;
    const a = await addinRejection(streamed.orch.insert(draft(SQL), { sheetId: streamed.sheet, row: 0, col }));
    const b = await addinRejection(whole.orch.insert(draft(SQL), { sheetId: whole.sheet, row: 0, col }));
    expect([a.kind, a.message]).toEqual([b.kind, b.message]);
    expect(streamed.host.log).toEqual([]);
  });

  it('writes nothing when cancelled before the first row', async () => {
    const r = streamingRig(true);
    r.queries.hang(SQL);
    const ctl = createCancelSource();
    const run = r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { signal: ctl.signal });
    await Promise.resolve();
    ctl.cancel();
    const e = await addinRejection(run);
    expect(e).toMatchObject({ kind: cancelledError().kind });
    expect(r.host.log).toEqual([]);
  });
});
