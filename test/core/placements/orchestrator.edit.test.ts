/** Orchestrator over MemoryHost: yielding to the host, the default cap, edit, remove, list, goTo and step order. */
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';
import { loadRegistry, recordKey, REGISTRY_INDEX_KEY, REGISTRY_KEY } from '../../../src/core/placements/placement-record';
import { Orchestrator } from '../../../src/core/placements/orchestrator';
import { cells, countingBytes, draft, fakeClock, numbered, rig, table, type Rig } from './fakes';
import { addinRejection } from '../../helpers/caught-error';
import { SQL } from './orchestrator-tables';

describe('writes and clears yield to the host', () => {
  /** A rig whose yields are logged next to its writes and clears. */
  function yielding(maxCellsPerWrite: number, streamsWrites = false) {
    const log: string[] = [];
    const r = rig({ maxCellsPerWrite }, { yieldToHost: async () => void log.push('yield') }, { streamsWrites });
    r.host.beforeMutation = (op) => void log.push(op);
    return { r, log };
  }

  it('lets the page breathe before every block written and every band cleared', async () => {
    const { r, log } = yielding(10);
    r.queries.set(SQL, numbered(30));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const writes = log.filter((op) => op === 'write').length;
    expect(writes).toBeGreaterThan(5);
    // Every mutation is right after a yield.
    log.forEach((op, i) => {
      if (op !== 'yield') expect(log[i - 1]).toBe('yield');
    });
    log.length = 0;
    // Remove with "Also clear its cells": 31 rows x 2 columns, cleared in bands of 5 rows (10 cells), each after a yield.
    await r.orch.remove(out.placementId, { clearCells: true });
    const clears = r.host.log.filter((e) => e.op === 'clear').map((e) => e.range.rows);
    expect(clears).toEqual([5, 5, 5, 5, 5, 5, 1]);
    expect(log.filter((op) => op === 'clear')).toHaveLength(7);
    log.forEach((op, i) => {
      if (op === 'clear') expect(log[i - 1]).toBe('yield');
    });
    for (let row = 0; row < 31; row += 1) expect(r.model.getValue(r.sheet, row, 0)).toBeNull();
  });

  it('plans a large write block by block, letting the page in after each block planned, before the first write', async () => {
    const { r, log } = yielding(10);
    r.queries.set(SQL, numbered(30));
    await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const writes = log.filter((op) => op === 'write').length;
    const yieldsBeforeFirstWrite = log.indexOf('write');
    // One yield per band of the snapshot read, one per block planned, then the one before the first write.
    expect(log.slice(0, yieldsBeforeFirstWrite).every((op) => op === 'yield')).toBe(true);
    expect(yieldsBeforeFirstWrite).toBeGreaterThanOrEqual(2 * writes + 1);
  });

  it('a cancel seen between two blocks stops the write and puts back what was written', async () => {
    const ctl = createCancelSource();
    let writes = 0;
    const r = rig({ maxCellsPerWrite: 10 }, { yieldToHost: async () => undefined }, { streamsWrites: false });
    r.host.beforeMutation = (op) => void (op === 'write' && ++writes === 4 && ctl.cancel());
    r.queries.set(SQL, numbered(30));
    r.model.setValue(r.sheet, 20, 1, 'kept');
    const before = cells(r.model);
    const e = await addinRejection(
      r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { signal: ctl.signal, overwrite: true }),
    );
    expect(e.kind).toBe('cancelled');
    // Four blocks were written (the cancel came during the fourth): only those four are put back, not the whole area.
    const written = r.host.log.filter((x) => x.op === 'write');
    expect(written).toHaveLength(8);
    expect(written.slice(4).map((w) => w.range)).toEqual(written.slice(0, 4).map((w) => w.range));
    expect(cells(r.model)).toEqual(before);
  });
});

describe("the platform's default cap", () => {
  it.each([
    ['rows returned whole', false],
    ['rows typed as they arrive (sink)', true],
  ])(
    'says a result of exactly 10,000 rows from SQL without a top-level LIMIT was cut there, on the outcome and the record (%s)',
    async (_how, useSink) => {
      const r = rig();
      r.queries.useSink = useSink;
      r.queries
        .set(SQL, numbered(10_000))
        .set(`${SQL} LIMIT 10000`, numbered(10_000))
        .set('SELECT (SELECT 1 LIMIT 1) AS x', numbered(9_999));
      const cut = await r.orch.insert(draft(SQL, 'Cut'), { sheetId: r.sheet, row: 0, col: 0 });
      expect(cut.truncatedAtDefaultCap).toBe(true);
      const limited = await r.orch.insert(draft(`${SQL} LIMIT 10000`, 'Limited'), { sheetId: r.sheet, row: 0, col: 3 });
      expect(limited.truncatedAtDefaultCap).toBe(false);
      const fewer = await r.orch.insert(draft('SELECT (SELECT 1 LIMIT 1) AS x', 'Fewer'), { sheetId: r.sheet, row: 0, col: 6 });
      expect(fewer.truncatedAtDefaultCap).toBe(false);
      const records = await loadRegistry(r.host.documentStore);
      expect(records.map((x) => [x.name, x.truncatedAtDefaultCap])).toEqual([
        ['Cut', true],
        ['Limited', false],
        ['Fewer', false],
      ]);
      // A refresh renews it: the query now returns fewer rows.
      r.queries.set(SQL, numbered(5));
      expect((await r.orch.refresh(cut.placementId)).truncatedAtDefaultCap).toBe(false);
      expect((await loadRegistry(r.host.documentStore))[0]?.truncatedAtDefaultCap).toBe(false);
    },
  );
});

describe('Orchestrator edit, remove, list, goTo', () => {
  it('update upserts the same publicId, then refreshes with the new definition and name', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2)).set('SELECT v2', numbered(4, 'v'));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const after = await r.orch.update(out.placementId, { ...draft('SELECT v2', 'Orders v2') });
    expect(after.areaRows).toBe(5);
    const upserts = r.reports.calls.filter((c) => c.method === 'upsertReport');
    expect(upserts).toHaveLength(2);
    expect(upserts[1]).toMatchObject({
      publicId: out.publicId,
      body: { publicId: out.publicId, name: 'Orders v2', sqlQuery: 'SELECT v2' },
    });
    expect(upserts[1]?.method === 'upsertReport' && upserts[1].body.source).toBeUndefined();
    expect((await loadRegistry(r.host.documentStore))[0]).toMatchObject({ name: 'Orders v2', queryChecksum: 'sum:SELECT v2' });
    expect((await r.orch.definition(out.placementId)).sqlQuery).toBe('SELECT v2');
  });

  it('after another writer created the report anew under a new id, the saved edit moves the record to that id', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2)).set('SELECT v2', numbered(4, 'v'));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const oldId = (await loadRegistry(r.host.documentStore))[0]!.reportId;
    r.reports.recreateOnNextUpsert = true;
    await r.orch.update(out.placementId, draft('SELECT v2', 'Orders v2'));
    const newId = (await loadRegistry(r.host.documentStore))[0]!.reportId;
    expect(newId).not.toBe(oldId);
    // The next refresh connects to the report under its new id: the old id is gone from the platform.
    await r.orch.refresh(out.placementId);
    expect(r.reports.connects().at(-1)?.reportId).toBe(newId);
  });

  it('remove forgets the placement and optionally clears its cells', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2));
    const a = await r.orch.insert(draft(SQL, 'A'), { sheetId: r.sheet, row: 0, col: 0 });
    const b = await r.orch.insert(draft(SQL, 'B'), { sheetId: r.sheet, row: 0, col: 5 });
    await r.orch.remove(a.placementId, { clearCells: false });
    expect(r.model.getValue(r.sheet, 0, 0)).toBe('key');
    await r.orch.remove(b.placementId, { clearCells: true });
    expect(r.model.getValue(r.sheet, 0, 5)).toBeNull();
    expect(await r.orch.list()).toEqual([]);
    expect((await r.host.layout([a.placementId])).areas[a.placementId] ?? null).toBeNull();
    expect((await addinRejection(r.orch.refresh(a.placementId))).kind).toBe('notFound');
  });

  it('lists placements where they are now and goes to them', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2));
    const a = await r.orch.insert(draft(SQL, 'A'), { sheetId: r.sheet, row: 0, col: 0 });
    r.model.renameSheet(r.sheet, 'My Sheet');
    r.model.insertColumns(r.sheet, 0, 1);
    const [item] = await r.orch.list();
    expect(item).toMatchObject({ sheetName: 'My Sheet', rangeRef: "'My Sheet'!B1:C3" });
    await r.orch.goTo(a.placementId);
    expect(r.host.selection).toEqual({ sheetId: r.sheet, row: 0, col: 1, rows: 3, cols: 2 });
  });

  it('skips a damaged record: the others list and refresh, the damaged one is reported and can be removed', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3));
    const a = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const b = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 4 });
    await r.host.documentStore.set(recordKey(b.placementId), '{"placementId": broken');
    const { placements, damaged } = await r.orch.listing();
    expect(placements.map((l) => l.record.placementId)).toEqual([a.placementId]);
    expect(damaged).toEqual([expect.objectContaining({ placementId: b.placementId, detail: expect.stringContaining('not JSON') })]);
    await r.orch.refresh(a.placementId);
    const e = await addinRejection(r.orch.refresh(b.placementId));
    expect(e.kind).toBe('contract');
    expect(e.message).toMatch(/damaged/);
    await r.orch.remove(b.placementId, { clearCells: false });
    expect((await r.orch.listing()).damaged).toEqual([]);
    expect(await r.host.documentStore.get(recordKey(b.placementId))).toBeNull();
    expect(r.model.getValue(r.sheet, 0, 4)).toBe('key'); // its cells stay
  });

  it('reads a registry of version 1 and migrates it at the next save', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3));
    const a = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    const [record] = await loadRegistry(r.host.documentStore);
    const { areaRows, ...rest } = record!;
    await r.host.documentStore.update({
      [REGISTRY_KEY]: JSON.stringify({ version: 1, placements: [{ ...rest, rows: areaRows }] }),
      [REGISTRY_INDEX_KEY]: null,
      [recordKey(a.placementId)]: null,
    });
    expect((await r.orch.list()).map((l) => l.record.areaRows)).toEqual([4]);
    await r.orch.refresh(a.placementId);
    expect(await r.host.documentStore.get(REGISTRY_KEY)).toBeNull();
    expect(await r.host.documentStore.get(recordKey(a.placementId))).toContain('"areaRows":4');
  });

  it('reports a damaged registry clearly', async () => {
    const r = rig();
    await r.host.documentStore.set(REGISTRY_KEY, '{not json');
    const e = await addinRejection(r.orch.list());
    expect(e.kind).toBe('contract');
    expect(e.message).toMatch(/damaged/);
  });
});

describe('Orchestrator step order', () => {
  /** An orchestrator over the rig's fakes whose every platform call, query, probe, write and save lands in one log. */
  function logged(r: Rig): { orch: Orchestrator; log: string[] } {
    const log: string[] = [];
    const note = (step: string): void => {
      if (log.at(-1) !== step) log.push(step); // a run of write blocks is one step
    };
    const { host, reports, queries } = r;
    const snapshot = host.snapshot.bind(host);
    host.snapshot = (ranges) => {
      note('plan');
      return snapshot(ranges);
    };
    host.beforeMutation = (op) => note(op);
    const track = host.trackArea.bind(host);
    host.trackArea = (id, range) => {
      note('track');
      return track(id, range);
    };
    const update = host.documentStore.update.bind(host.documentStore);
    host.documentStore.update = (changes) => {
      note('save');
      return update(changes);
    };
    const orch = new Orchestrator({
      host,
      reports: {
        upsertReport: (...a) => (note('upsert'), reports.upsertReport(...a)),
        connectWorkbook: (...a) => (note('connect'), reports.connectWorkbook(...a)),
      },
      queries: (context) => ({ run: (o) => (note('run'), queries.runnerFor(context).run(o)) }),
      clock: fakeClock(),
      randomBytes: countingBytes(),
    });
    return { orch, log };
  }

  it('insert: run, plan, then save the report (it fits), write, connect-workbook, save the record', async () => {
    const r = rig({ maxCellsPerWrite: 10 }, {}, { streamsWrites: false });
    r.queries.set(SQL, numbered(12));
    const { orch, log } = logged(r);
    await orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
    expect(log).toEqual(['run', 'plan', 'upsert', 'write', 'track', 'connect', 'save']);
  });

  it('edit: connect-workbook, run the new definition, plan, then save it, write, connect-workbook, save the record', async () => {
    const r = rig({ maxCellsPerWrite: 10 });
    r.queries.set(SQL, numbered(12)).set('SELECT v2', numbered(3, 'v'));
    const { orch, log } = logged(r);
    const out = await orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
    log.length = 0;
    await orch.update(out.placementId, draft('SELECT v2', 'Orders v2'));
    expect(log.filter((op) => op !== 'clear' && op !== 'write')).toEqual(['connect', 'run', 'plan', 'upsert', 'track', 'connect', 'save']);
    expect(log.indexOf('upsert')).toBeLessThan(log.indexOf('write'));
  });

  it('refresh: connect-workbook, run its sqlQuery, plan, write (and clear), connect-workbook with the new location, save', async () => {
    const r = rig({ maxCellsPerWrite: 10 });
    // Fewer rows, one more column: the new area needs probing (column D) and leaves rows to clear.
    r.queries.set(SQL, numbered(12)).set(
      'SELECT fewer',
      table(
        ['a', 'b', 'c'],
        [
          ['x', 'y', 'z'],
          ['u', 'v', 'w'],
        ],
      ),
    );
    const { orch, log } = logged(r);
    const out = await orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
    log.length = 0;
    r.reports.editSql(out.reportId, 'SELECT fewer');
    await orch.refresh(out.placementId);
    // The cleared rows held keys like `k7` in the add-in's text format: a second write puts those cells back to General.
    expect(log).toEqual(['connect', 'run', 'plan', 'write', 'clear', 'write', 'track', 'connect', 'save']);
    const [first, last] = r.reports.connects().slice(-2);
    expect(first?.body.endResultCell).toBe('C14');
    expect(last?.body.endResultCell).toBe('D4');
    expect(r.queries.calls.at(-1)?.query).toBe('SELECT fewer');
  });
});
