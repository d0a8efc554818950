/** Orchestrator.refresh under a placement's growth setting over MemoryHost: ask, insert rows (grow and shrink), overwrite. */
import { loadRegistry, parseRegistry, recordKey } from '../../../src/core/placements/placement-record';
import { growthOf } from '../../../src/core/placements/growth-setting';
import { cells, draft, numbered, rig } from './fakes';
import { addinRejection } from '../../helpers/caught-error';
import { SQL } from './orchestrator-tables';

const MORE = 'SELECT more';
const BELOW = 'SELECT below';

describe('Orchestrator.refresh with a growth setting', () => {
  /** "Orders" at B2 (3 data rows, B2:C5), a note typed in B7 and "Below" placed at B9 (2 data rows, B9:C11). */
  async function stacked() {
    const r = rig();
    r.queries.set(SQL, numbered(3)).set(BELOW, numbered(2, 'b'));
    const top = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
    r.model.setValue(r.sheet, 6, 1, 'my note');
    const below = await r.orch.insert(draft(BELOW, 'Below'), { sheetId: r.sheet, row: 8, col: 1 });
    return { ...r, top: top.placementId, topReport: top.reportId, below: below.placementId };
  }

  it('reads a record stored without a setting as ask, and keeps the setting it is given', async () => {
    const r = await stacked();
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record?.growth).toBeUndefined();
    expect(growthOf(record!)).toBe('ask');
    await r.orch.setOptions(r.top, { growth: 'insertRows' });
    const entries = await r.host.documentStore.entries(recordKey(''));
    const reread = parseRegistry(entries).records.find((x) => x.placementId === r.top);
    expect(reread?.growth).toBe('insertRows');
    expect(parseRegistry({ [recordKey(r.top)]: JSON.stringify({ ...reread, growth: 'sideways' }) }).damaged).toHaveLength(1);
  });

  it('ask: stops at the note below, names it and changes nothing', async () => {
    const r = await stacked();
    r.queries.set(MORE, numbered(6, 'm'));
    r.reports.editSql(r.topReport, MORE);
    const before = cells(r.model);
    const e = await addinRejection(r.orch.refresh(r.top));
    expect(e).toMatchObject({ kind: 'blocked', data: { cell: 'B7' } });
    expect(cells(r.model)).toEqual(before);
  });

  it('insert rows: pushes the note and the placement below down, both refresh correctly, and shrinking gives the rows back', async () => {
    const r = await stacked();
    await r.orch.setOptions(r.top, { growth: 'insertRows' });
    r.queries.set(MORE, numbered(6, 'm'));
    r.reports.editSql(r.topReport, MORE);
    const out = await r.orch.refresh(r.top);
    expect(out.rangeRef).toBe('Sheet1!B2:C8');
    expect(r.host.log.filter((x) => x.op === 'insertRows').map((x) => [x.range.row, x.range.rows])).toEqual([[5, 3]]);
    expect(r.model.getValues(r.sheet, { row: 7, col: 1, rows: 1, cols: 2 })).toEqual([['m5', 5]]);
    expect(r.model.getValue(r.sheet, 9, 1)).toBe('my note');
    const moved = (await r.host.layout([r.below])).areas[r.below];
    expect(moved).toEqual({ sheetId: r.sheet, row: 11, col: 1, rows: 3, cols: 2 });
    expect(r.model.getValues(r.sheet, { row: 11, col: 1, rows: 3, cols: 2 })).toEqual([
      ['key', 'value_n'],
      ['b0', 0],
      ['b1', 1],
    ]);
    // The placement below refreshes where it is now, and says so to the platform.
    r.queries.set(BELOW, numbered(3, 'c'));
    const belowOut = await r.orch.refresh(r.below);
    expect(belowOut.rangeRef).toBe('Sheet1!B12:C15');
    expect(r.model.getValue(r.sheet, 14, 1)).toBe('c2');
    // The top one shrinks: the rows it no longer uses are deleted, everything below moves back up.
    r.queries.set('SELECT fewer', numbered(1, 'f'));
    r.reports.editSql(r.topReport, 'SELECT fewer');
    expect((await r.orch.refresh(r.top)).rangeRef).toBe('Sheet1!B2:C3');
    expect(r.model.getValue(r.sheet, 4, 1)).toBe('my note');
    expect((await r.host.layout([r.below])).areas[r.below]).toEqual({ sheetId: r.sheet, row: 6, col: 1, rows: 4, cols: 2 });
    expect(r.model.getValue(r.sheet, 6, 1)).toBe('key');
    expect((await r.orch.refresh(r.below)).rangeRef).toBe('Sheet1!B7:C10');
  });

  it('insert rows: a failed write deletes the rows it inserted, so everything is back where it was', async () => {
    const r = await stacked();
    await r.orch.setOptions(r.top, { growth: 'insertRows' });
    r.queries.set(MORE, numbered(6, 'm'));
    r.reports.editSql(r.topReport, MORE);
    const before = cells(r.model);
    const [, recordBefore] = await loadRegistry(r.host.documentStore);
    r.host.failWriteAfter(1); // the rows are inserted, then the write fails
    const e = await addinRejection(r.orch.refresh(r.top));
    expect(e.kind).toBe('host');
    expect(r.host.log.map((x) => x.op)).toContain('deleteRows');
    expect(cells(r.model)).toEqual(before);
    expect((await loadRegistry(r.host.documentStore))[1]).toEqual(recordBefore);
  });

  it('insert rows: refuses when a placement beside it spans the rows it would insert', async () => {
    const r = rig();
    r.queries.set(SQL, numbered(2)).set(BELOW, numbered(8, 's'));
    const top = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 0, col: 0 });
    await r.orch.insert(draft(BELOW, 'Beside'), { sheetId: r.sheet, row: 0, col: 4 });
    await r.orch.setOptions(top.placementId, { growth: 'insertRows' });
    r.queries.set(MORE, numbered(5, 'm'));
    r.reports.editSql(top.reportId, MORE);
    const before = cells(r.model);
    const e = await addinRejection(r.orch.refresh(top.placementId));
    expect(e).toMatchObject({ kind: 'blocked', data: { otherPlacement: true } });
    expect(e.message).toContain('"Beside"');
    expect(cells(r.model)).toEqual(before);
  });

  it('overwrite: writes over the note, never over another placement', async () => {
    const r = await stacked();
    await r.orch.setOptions(r.top, { growth: 'overwrite' });
    r.queries.set(MORE, numbered(6, 'm'));
    r.reports.editSql(r.topReport, MORE);
    expect((await r.orch.refresh(r.top)).rangeRef).toBe('Sheet1!B2:C8');
    expect(r.model.getValue(r.sheet, 6, 1)).toBe('m4');
    r.queries.set('SELECT most', numbered(9, 'x'));
    r.reports.editSql(r.topReport, 'SELECT most');
    const before = cells(r.model);
    const e = await addinRejection(r.orch.refresh(r.top));
    expect(e).toMatchObject({ kind: 'blocked', data: { otherPlacement: true } });
    expect(cells(r.model)).toEqual(before);
  });
});
