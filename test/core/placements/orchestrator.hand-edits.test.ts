/** Orchestrator over MemoryHost: fingerprints kept with records, refreshes stopped by hand edits, what changed, Undo refresh. */
import { loadRegistry, REGISTRY_PREFIX } from '../../../src/core/placements/placement-record';
import { FINGERPRINT_KEY_PREFIX } from '../../../src/core/changes/fingerprint-store';
import { handEditRanges } from '../../../src/core/placements/hand-edits';
import { refreshAll } from '../../../src/core/jobs/refresh-all';
import { changeSummaryText } from '../../../src/core/changes/change-summary';
import { cells, draft, numbered, rig, table } from './fakes';
import { addinRejection } from '../../helpers/caught-error';
import { SQL } from './orchestrator-tables';

async function placed(n = 3, deps: Parameters<typeof rig>[1] = {}) {
  const r = rig({}, deps);
  r.queries.set(SQL, numbered(n));
  const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
  return { ...r, id: out.placementId, reportId: out.reportId };
}

async function printKeys(r: Awaited<ReturnType<typeof placed>>): Promise<string[]> {
  return Object.keys(await r.host.documentStore.entries(REGISTRY_PREFIX)).filter((k) => k.startsWith(FINGERPRINT_KEY_PREFIX));
}

describe('fingerprints', () => {
  it('are stored with the record at insert and dropped by remove', async () => {
    const r = await placed(3);
    expect(await printKeys(r)).toEqual([`${FINGERPRINT_KEY_PREFIX}${r.id}.0`]);
    await r.orch.remove(r.id, { clearCells: false });
    expect(await printKeys(r)).toEqual([]);
  });
});

describe('hand edits', () => {
  it('stop a refresh, named exactly, and nothing is written or marked failed', async () => {
    const r = await placed(3);
    r.model.setValue(r.sheet, 3, 2, 'my note');
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e.kind).toBe('handEdited');
    expect(e.message).toBe('"Orders" has cells edited by hand: C4. Refreshing would overwrite them.');
    expect(e.data).toMatchObject({ text: 'C4', count: 1, exact: true });
    expect(cells(r.model)).toEqual(before);
    const [recordAfter] = await loadRegistry(r.host.documentStore);
    expect(recordAfter).toEqual(recordBefore);
  });

  it('are written over with handEdits overwrite, and then none are left', async () => {
    const r = await placed(3);
    r.model.setValue(r.sheet, 3, 2, 'my note');
    await r.orch.refresh(r.id, { handEdits: 'overwrite' });
    expect(r.model.getValues(r.sheet, { row: 3, col: 1, rows: 1, cols: 2 })).toEqual([['k1', 1]]);
    expect((await r.orch.handEdits()).size).toBe(0);
    await expect(r.orch.refresh(r.id)).resolves.toMatchObject({ areaRows: 4 });
  });

  it('are found after refreshes that wrote the same numbers and after ones that changed them', async () => {
    const r = await placed(3);
    const unchanged = await r.orch.refresh(r.id);
    expect(unchanged.changes?.changedCells).toBe(0);
    r.model.setValue(r.sheet, 2, 2, 'typed');
    expect((await addinRejection(r.orch.refresh(r.id))).data).toMatchObject({ text: 'C3', count: 1, exact: true });
    await r.orch.refresh(r.id, { handEdits: 'overwrite' });
    r.queries.set(
      SQL,
      table(
        ['key', 'value_n'],
        [0, 1, 2].map((i) => [`k${i}`, String(i + 10)]),
      ),
    );
    const changed = await r.orch.refresh(r.id);
    expect(changed.changes?.changedCells).toBe(3);
    expect((await r.orch.handEdits()).size).toBe(0);
    r.model.setValue(r.sheet, 4, 1, 'typed');
    expect((await addinRejection(r.orch.refresh(r.id))).data).toMatchObject({ text: 'B5', count: 1, exact: true });
  });

  it('are found without a refresh, and cut into ranges to select', async () => {
    const r = await placed(3);
    r.model.setValue(r.sheet, 2, 1, 'x');
    r.model.setValue(r.sheet, 2, 2, 'y');
    r.model.setValue(r.sheet, 4, 2, 'z');
    const found = (await r.orch.handEdits()).get(r.id);
    expect(found?.edits).toMatchObject({ count: 3, exact: true });
    const ranges = found ? handEditRanges(found) : [];
    expect(ranges).toEqual([
      { sheetId: r.sheet, row: 2, col: 1, rows: 1, cols: 2 },
      { sheetId: r.sheet, row: 4, col: 2, rows: 1, cols: 1 },
    ]);
    await r.orch.selectRanges(ranges);
    expect(r.host.selectedRanges).toEqual(ranges);
    expect(r.host.selection).toEqual({ sheetId: r.sheet, row: 2, col: 1, rows: 3, cols: 2 });
  });

  it('are not told when rows were inserted inside the area, or when no fingerprint is stored', async () => {
    const r = await placed(3);
    r.model.insertRows(r.sheet, 3, 1);
    r.model.setValue(r.sheet, 3, 1, 'new row');
    expect((await r.orch.handEdits()).size).toBe(0);
    await expect(r.orch.refresh(r.id)).resolves.toMatchObject({ areaRows: 4 });

    const old = await placed(3);
    const drop: Record<string, null> = {};
    for (const key of await printKeys(old)) drop[key] = null;
    await old.host.documentStore.update(drop);
    old.model.setValue(old.sheet, 3, 2, 'my note');
    expect((await old.orch.handEdits()).size).toBe(0);
    await expect(old.orch.refresh(old.id)).resolves.toMatchObject({ areaRows: 4 });
  });

  it('make Refresh all skip the placement and refresh the others', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(3));
    const a = await r.orch.insert(draft(SQL, 'A'), { sheetId: r.sheet, row: 1, col: 1 });
    const b = await r.orch.insert(draft(SQL, 'B'), { sheetId: r.sheet, row: 1, col: 5 });
    r.model.setValue(r.sheet, 2, 1, 'mine');
    const summary = await refreshAll(r.orch, [a.placementId, b.placementId]);
    expect(summary).toMatchObject({ total: 2, done: 1, skipped: 1 });
    expect(summary.items[0]?.item).toEqual({
      state: 'skipped',
      reason: '"A" has cells edited by hand: B3. Refreshing would overwrite them.',
    });
    expect(r.model.getValues(r.sheet, { row: 2, col: 1, rows: 1, cols: 1 })).toEqual([['mine']]);
    const over = await refreshAll(r.orch, [a.placementId], { handEdits: 'overwrite' });
    expect(over).toMatchObject({ done: 1, skipped: 0 });
    expect(r.model.getValues(r.sheet, { row: 2, col: 1, rows: 1, cols: 1 })).toEqual([['k0']]);
  });
});

describe('what a refresh changed', () => {
  it('counts changed cells and added rows against the cells it replaced', async () => {
    const r = await placed(3);
    r.queries.set('SELECT next', {
      ...numbered(4),
      rows: [
        ['k0', '0'],
        ['k1', '10'],
        ['kk', '2'],
        ['k3', '3'],
      ],
    });
    r.reports.editSql(r.reportId, 'SELECT next');
    const out = await r.orch.refresh(r.id);
    expect(out.changes).toMatchObject({ changedCells: 2, rowsAdded: 1, rowsRemoved: 0 });
    expect(out.changes && changeSummaryText(out.changes)).toBe('2 cells changed, 1 row added');
    expect(out.undo).toEqual({ available: true });
  });

  it('says "No changes" when the result is the same', async () => {
    const r = await placed(3);
    const out = await r.orch.refresh(r.id);
    expect(out.changes && changeSummaryText(out.changes)).toBe('No changes');
  });
});

describe('Undo refresh', () => {
  async function refreshedTwoCells() {
    const r = await placed(3);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    const before = cells(r.model);
    r.queries.set('SELECT next', numbered(5, 'n'));
    r.reports.editSql(r.reportId, 'SELECT next');
    await r.orch.refresh(r.id);
    return { ...r, before, recordBefore };
  }

  it('puts back the cells and the record as they were', async () => {
    const r = await refreshedTwoCells();
    expect(r.orch.undoStates([r.id]).get(r.id)).toEqual({ available: true });
    await r.orch.undo(r.id);
    expect(cells(r.model)).toEqual(r.before);
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record).toEqual(r.recordBefore);
    expect(r.orch.undoStates([r.id]).get(r.id)).toEqual({ available: false });
    // The fingerprint is the one before the refresh: the restored cells are not hand edits.
    expect((await r.orch.handEdits()).size).toBe(0);
  });

  it('puts back the hand edits a refresh overwrote, and says which they are', async () => {
    const r = await placed(3);
    r.model.setValue(r.sheet, 3, 2, 'my note');
    const edited = cells(r.model);
    await r.orch.refresh(r.id, { handEdits: 'overwrite' });
    const out = await r.orch.undo(r.id);
    expect(cells(r.model)).toEqual(edited);
    expect(out.handEdits?.edits).toMatchObject({ count: 1, exact: true, cells: [{ row: 2, col: 1 }] });
    expect([...(await r.orch.handEdits()).keys()]).toEqual([r.id]);
  });

  it("says no hand edits when the cells it put back were the add-in's", async () => {
    const r = await refreshedTwoCells();
    expect((await r.orch.undo(r.id)).handEdits).toBeUndefined();
  });

  it('is refused when the cells were edited since, and changes nothing', async () => {
    const r = await refreshedTwoCells();
    r.model.setValue(r.sheet, 2, 1, 'typed later');
    const now = cells(r.model);
    const e = await addinRejection(r.orch.undo(r.id));
    expect(e.kind).toBe('handEdited');
    expect(e.message).toContain('B3');
    expect(e.message).toContain('Undoing the refresh would overwrite them');
    expect(cells(r.model)).toEqual(now);
  });

  it('is refused when there is nothing to undo', async () => {
    const r = await placed(3);
    const e = await addinRejection(r.orch.undo(r.id));
    expect(e.kind).toBe('notFound');
    expect(e.message).toBe('There is no refresh of "Orders" to undo in this session.');
  });

  it('says a refresh too large for the budget cannot be undone, and why', async () => {
    const r = await placed(3, { undo: { maxCells: 4 } });
    const out = await r.orch.refresh(r.id);
    expect(out.undo).toEqual({
      available: false,
      reason: 'Too large to undo: the refresh replaced 8 cells, and the add-in keeps at most 4.',
    });
    const e = await addinRejection(r.orch.undo(r.id));
    expect(e.message).toContain('Too large to undo');
  });

  it('says why where the runtime keeps no undo', async () => {
    const r = await placed(3, { undo: { unavailable: 'Not here.' } });
    const out = await r.orch.refresh(r.id);
    expect(out.undo).toEqual({ available: false, reason: 'Not here.' });
  });
});
