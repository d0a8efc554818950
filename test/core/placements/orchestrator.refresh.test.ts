/** Orchestrator over MemoryHost: refresh (grow, shrink, moved areas, failures) and one draft per report. */
import { createCancelSource } from '../../../src/core/runtime/cancel-signal';
import { AddinError } from '../../../src/core/errors/addin-error';
import { loadRegistry } from '../../../src/core/placements/placement-record';
import { cells, draft, numbered, rig, table, type Rig } from './fakes';
import { addinRejection } from '../../helpers/caught-error';
import { SQL } from './orchestrator-tables';

describe('Orchestrator.refresh', () => {
  async function placed(n = 3, limits = {}) {
    const r = rig(limits);
    r.queries.set(SQL, numbered(n));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
    return { ...r, id: out.placementId, reportId: out.reportId };
  }

  it('runs the definition from connect-workbook and grows into empty cells', async () => {
    const r = await placed(3);
    r.queries.set('SELECT more', numbered(6, 'm'));
    r.reports.editSql(r.reportId, 'SELECT more');
    const out = await r.orch.refresh(r.id);
    expect(out).toMatchObject({ areaRows: 7, cols: 2, headerRows: 1, rangeRef: 'Sheet1!B2:C8' });
    expect(r.model.getValues(r.sheet, { row: 6, col: 1, rows: 2, cols: 2 })).toEqual([
      ['m4', 4],
      ['m5', 5],
    ]);
    const connects = r.reports.connects();
    expect(connects.at(-2)?.body.resultLocation).toBe('Sheet1!B2:C5'); // first: where it is now
    expect(connects.at(-1)?.body).toMatchObject({ resultLocation: 'Sheet1!B2:C8', endResultCell: 'C8' });
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record).toMatchObject({ areaRows: 7, area: { row: 1, col: 1, rows: 7, cols: 2 }, queryChecksum: 'sum:SELECT more' });
  });

  it('shrinks: clears only the leftovers, keeps their formats and every cell around', async () => {
    const r = await placed(5);
    r.model.setValue(r.sheet, 7, 1, 'below');
    r.model.setValue(r.sheet, 1, 3, 'right');
    r.model.setFormat(r.sheet, { row: 5, col: 1, rows: 2, cols: 2 }, '0.00');
    r.queries.set('SELECT fewer', table(['only'], [['x']]));
    r.reports.editSql(r.reportId, 'SELECT fewer');
    const out = await r.orch.refresh(r.id);
    expect(out).toMatchObject({ areaRows: 2, cols: 1 });
    expect(r.model.getValues(r.sheet, { row: 0, col: 0, rows: 9, cols: 5 })).toEqual([
      [null, null, null, null, null],
      [null, 'only', null, 'right', null],
      [null, 'x', null, null, null],
      [null, null, null, null, null],
      [null, null, null, null, null],
      [null, null, null, null, null],
      [null, null, null, null, null],
      [null, 'below', null, null, null],
      [null, null, null, null, null],
    ]);
    expect(r.model.getCell(r.sheet, 5, 1)?.format).toBe('0.00');
    expect(r.host.log.filter((e) => e.op === 'clear').map((e) => e.range)).toEqual([
      { sheetId: r.sheet, row: 3, col: 1, rows: 4, cols: 2 },
      { sheetId: r.sheet, row: 1, col: 2, rows: 2, cols: 1 },
    ]);
  });

  it('is blocked by a user cell below, names it and changes no cell', async () => {
    const r = await placed(3);
    r.model.setValue(r.sheet, 6, 2, 'typed by hand');
    r.queries.set('SELECT more', numbered(10));
    r.reports.editSql(r.reportId, 'SELECT more');
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.kind).toBe('blocked');
    expect(e.data).toMatchObject({ cell: 'C7' });
    expect(e.message).toContain('C7');
    expect(cells(r.model)).toEqual(before);
    const [recordAfter] = await loadRegistry(r.host.documentStore);
    expect({ ...recordAfter, lastError: undefined }).toEqual({ ...recordBefore, lastError: undefined });
    expect(recordAfter?.lastError).toMatchObject({ kind: 'blocked' });
  });

  it('leaves cells and record as they were when the query fails mid-stream', async () => {
    const r = await placed(3);
    r.queries.failMidway(SQL, numbered(50), 20);
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.kind).toBe('query');
    expect(cells(r.model)).toEqual(before);
    const [recordAfter] = await loadRegistry(r.host.documentStore);
    expect({ ...recordAfter, lastError: undefined }).toEqual({ ...recordBefore, lastError: undefined });
    expect(recordAfter?.lastError).toMatchObject({ kind: 'query', message: e.message });
    // The next success clears the error.
    r.queries.set(SQL, numbered(3));
    await r.orch.refresh(r.id);
    expect((await loadRegistry(r.host.documentStore))[0]?.lastError).toBeUndefined();
  });

  it('rolls a host write that fails midway back exactly, values and formats', async () => {
    const r = await placed(3, { maxCellsPerWrite: 10 });
    r.model.setFormat(r.sheet, { row: 8, col: 1, rows: 4, cols: 2 }, '0.0%'); // formats in the growth area
    r.queries.set('SELECT big', numbered(30));
    r.reports.editSql(r.reportId, 'SELECT big');
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    r.host.failWriteAfter(2);
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.kind).toBe('host');
    expect(r.host.log.filter((x) => x.op === 'write').length).toBeGreaterThan(2); // some blocks landed, then the rollback
    expect(cells(r.model)).toEqual(before);
    expect((await r.host.layout([r.id])).areas[r.id]).toEqual({ sheetId: r.sheet, row: 1, col: 1, rows: 4, cols: 2 });
    const [recordAfter] = await loadRegistry(r.host.documentStore);
    expect({ ...recordAfter, lastError: undefined }).toEqual({ ...recordBefore, lastError: undefined });
  });

  it('says so when the rollback itself fails', async () => {
    const r = await placed(3, { maxCellsPerWrite: 10 });
    r.queries.set('SELECT big', numbered(30));
    r.reports.editSql(r.reportId, 'SELECT big');
    r.host.failWriteAfter(1);
    r.host.failWriteAfter(0);
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.message).toMatch(/could not all be put back/);
  });

  it('follows rows inserted above the placement', async () => {
    const r = await placed(3);
    r.model.insertRows(r.sheet, 0, 5);
    r.model.setValue(r.sheet, 1, 1, 'title typed above');
    r.queries.set('SELECT more', numbered(4, 'n'));
    r.reports.editSql(r.reportId, 'SELECT more');
    const out = await r.orch.refresh(r.id);
    expect(out.rangeRef).toBe('Sheet1!B7:C11');
    expect(r.model.getValue(r.sheet, 6, 1)).toBe('key');
    expect(r.model.getValue(r.sheet, 10, 1)).toBe('n3');
    expect(r.model.getValue(r.sheet, 1, 1)).toBe('title typed above');
    expect((await loadRegistry(r.host.documentStore))[0]).toMatchObject({ anchor: { row: 6, col: 1 } });
  });

  it('reports an orphaned placement as notFound and calls nothing', async () => {
    const r = await placed(3);
    r.model.deleteRows(r.sheet, 0, 10);
    const calls = r.reports.calls.length;
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.kind).toBe('notFound');
    expect(e.data).toMatchObject({ orphaned: true });
    expect(e.message).toMatch(/no longer in the workbook/);
    expect(r.reports.calls.length).toBe(calls);
    expect((await r.orch.list())[0]).toMatchObject({ area: null, rangeRef: null });
  });

  it('keeps the new cells when only recording the location fails', async () => {
    const r = await placed(3);
    r.reports.failConnect.push(new AddinError('notFound', 'Report not found.')); // first connect fails: nothing changes
    expect((await addinRejection(r.orch.refresh(r.id))).kind).toBe('notFound');
    r.queries.set('SELECT more', numbered(5));
    r.reports.editSql(r.reportId, 'SELECT more');
    // The second connect (after the write) fails: the outcome says so, the cells and record are updated.
    r.reports.failConnect.push(null, new AddinError('server', 'Server error.'));
    const out = await r.orch.refresh(r.id);
    expect(out.syncError?.kind).toBe('server');
    expect(out.areaRows).toBe(6);
    expect((await loadRegistry(r.host.documentStore))[0]).toMatchObject({ areaRows: 6 });
  });

  it('serializes refreshes of one placement', async () => {
    const r = await placed(3);
    const order: string[] = [];
    const a = r.orch.refresh(r.id, { onPhase: (p) => order.push(`a:${p}`) }).then(() => order.push('a:done'));
    const b = r.orch.refresh(r.id, { onPhase: (p) => order.push(`b:${p}`) }).then(() => order.push('b:done'));
    await Promise.all([a, b]);
    expect(order).toEqual(['a:running', 'a:writing', 'a:done', 'b:running', 'b:writing', 'b:done']);
    expect(r.queries.maxInFlight).toBe(1);
  });

  it('stops when cancelled and leaves the cells', async () => {
    const r = await placed(3);
    r.queries.hang(SQL);
    const before = cells(r.model);
    const ctl = createCancelSource();
    const p = r.orch.refresh(r.id, { signal: ctl.signal });
    await new Promise((res) => setImmediate(res));
    ctl.cancel();
    const e = await addinRejection(p);
    expect(e.kind).toBe('cancelled');
    expect(cells(r.model)).toEqual(before);
    expect((await loadRegistry(r.host.documentStore))[0]?.lastError).toBeUndefined();
  });

  it('rolls back when cancelled between write blocks', async () => {
    const r = await placed(3, { maxCellsPerWrite: 10 });
    r.queries.set('SELECT big', numbered(30));
    r.reports.editSql(r.reportId, 'SELECT big');
    const before = cells(r.model);
    const ctl = createCancelSource();
    r.host.beforeMutation = () => ctl.cancel();
    const e = await addinRejection(r.orch.refresh(r.id, { signal: ctl.signal }));
    expect(e.kind).toBe('cancelled');
    expect(r.host.log.length).toBeGreaterThan(1); // one block landed, then the rollback
    expect(cells(r.model)).toEqual(before);
  });
});

describe('one draft, one report', () => {
  const upserts = (r: Rig) => r.reports.calls.filter((c) => c.method === 'upsertReport');

  it('saves nothing when the insert is blocked, fails or is cancelled, and the retry saves under the draft publicId', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3)).set('SELECT typo', numbered(1));
    r.queries.failMidway('SELECT typo', numbered(50), 20);
    r.model.setValue(r.sheet, 2, 0, 'mine');
    const publicId = 'Draft0000001';
    const blocked = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { publicId }));
    expect(blocked.kind).toBe('blocked');
    await addinRejection(r.orch.insert(draft('SELECT typo'), { sheetId: r.sheet, row: 0, col: 0 }, { publicId }));
    // Cancelled once the result is in hand (the cancel from the overwrite question or the Cancel button).
    const ctl = createCancelSource();
    const checkpoint = async () => ctl.cancel();
    const cancelled = await addinRejection(
      r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 5 }, { publicId, signal: ctl.signal, checkpoint }),
    );
    expect(cancelled.kind).toBe('cancelled');
    expect(upserts(r)).toEqual([]);
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { publicId, overwrite: true });
    expect(out.publicId).toBe(publicId);
    expect(upserts(r)).toEqual([expect.objectContaining({ publicId })]);
  });

  it('refuses a draft publicId of the wrong shape before anything runs', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3));
    const e = await addinRejection(r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 }, { publicId: 'bad id' }));
    expect(e.kind).toBe('validation');
    expect(r.reports.calls).toEqual([]);
    expect(r.queries.calls).toEqual([]);
  });

  it('a blocked edit saves nothing, leaves the placement up to date and says what can be done there', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2)).set('SELECT more', numbered(10));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    r.model.setValue(r.sheet, 6, 1, 'typed by hand');
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    const e = await addinRejection(r.orch.update(out.placementId, draft('SELECT more', 'Orders v2')));
    expect(e.kind).toBe('blocked');
    expect(e.data).toMatchObject({ cells: ['B7'] });
    expect(e.message).toContain('B7');
    expect(e.message).toMatch(/Clear or move that cell, then try again; or remove "Orders v2" from the list and insert it at another cell/);
    expect(e.message).not.toMatch(/choose another cell/);
    expect(upserts(r)).toHaveLength(1);
    expect(cells(r.model)).toEqual(before);
    expect(await loadRegistry(r.host.documentStore)).toEqual([recordBefore]);
    expect((await r.orch.definition(out.placementId)).sqlQuery).toBe(SQL);
  });

  it('an edit whose cells fail to write puts the saved definition back', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2)).set('SELECT v2', numbered(4, 'v'));
    const out = await r.orch.insert(draft(SQL, 'Orders'), { sheetId: r.sheet, row: 0, col: 0 });
    const before = cells(r.model);
    r.host.failNextWrites(1);
    await addinRejection(r.orch.update(out.placementId, draft('SELECT v2', 'Orders v2')));
    expect(cells(r.model)).toEqual(before);
    const definition = await r.orch.definition(out.placementId);
    expect(definition).toMatchObject({ name: 'Orders', sqlQuery: SQL });
    expect(upserts(r).map((c) => (c.method === 'upsertReport' ? c.body.sqlQuery : null))).toEqual([SQL, 'SELECT v2', SQL]);
  });
});
