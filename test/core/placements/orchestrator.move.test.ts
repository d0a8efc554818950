/** Orchestrator.move over MemoryHost: written at the new anchor, old cells cleared, blocked as an insert, all-or-nothing. */
import { loadRegistry } from '../../../src/core/placements/placement-record';
import { cells, draft, numbered, rig } from './fakes';
import { addinRejection } from '../../helpers/caught-error';
import { SQL } from './orchestrator-tables';

describe('Orchestrator.move', () => {
  async function placed(n = 3) {
    const r = rig();
    r.queries.set(SQL, numbered(n));
    const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
    return { ...r, id: out.placementId, reportId: out.reportId };
  }

  it('writes at the new anchor, clears the old cells, moves the tracked area, the record and connect-workbook', async () => {
    const r = await placed(3);
    r.model.setValue(r.sheet, 0, 0, 'kept');
    const out = await r.orch.move(r.id, { sheetId: r.sheet, row: 10, col: 4 });
    expect(out).toMatchObject({ areaRows: 4, cols: 2, rangeRef: 'Sheet1!E11:F14' });
    expect(r.model.getValues(r.sheet, { row: 10, col: 4, rows: 4, cols: 2 })).toEqual([
      ['key', 'value_n'],
      ['k0', 0],
      ['k1', 1],
      ['k2', 2],
    ]);
    expect(
      r.model
        .getValues(r.sheet, { row: 1, col: 1, rows: 4, cols: 2 })
        .flat()
        .every((v) => v === null),
    ).toBe(true);
    expect(r.model.getValue(r.sheet, 0, 0)).toBe('kept');
    expect(r.model.getCell(r.sheet, 1, 1)?.bold ?? false).toBe(false); // the old header's bold is put back to plain
    expect((await r.host.layout([r.id])).areas[r.id]).toEqual({ sheetId: r.sheet, row: 10, col: 4, rows: 4, cols: 2 });
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record).toMatchObject({ anchor: { row: 10, col: 4 }, area: { row: 10, col: 4, rows: 4, cols: 2 } });
    expect(r.reports.connects().at(-1)?.body).toMatchObject({ resultLocation: 'Sheet1!E11:F14', anchorCell: 'E11' });
  });

  it('moves onto part of its own area: its own cells are never in the way', async () => {
    const r = await placed(3);
    const out = await r.orch.move(r.id, { sheetId: r.sheet, row: 3, col: 2 });
    expect(out.rangeRef).toBe('Sheet1!C4:D7');
    expect(r.model.getValues(r.sheet, { row: 1, col: 1, rows: 6, cols: 3 })).toEqual([
      [null, null, null],
      [null, null, null],
      [null, 'key', 'value_n'],
      [null, 'k0', 0],
      [null, 'k1', 1],
      [null, 'k2', 2],
    ]);
  });

  it('moves to another sheet', async () => {
    const r = await placed(2);
    const other = r.model.addSheet('Other');
    const out = await r.orch.move(r.id, { sheetId: other.id, row: 0, col: 0 });
    expect(out.rangeRef).toBe('Other!A1:B3');
    expect(r.model.getValue(other.id, 2, 0)).toBe('k1');
    expect(r.model.getValue(r.sheet, 1, 1)).toBeNull();
    expect((await loadRegistry(r.host.documentStore))[0]).toMatchObject({ sheetId: other.id, sheetName: 'Other' });
  });

  it('is blocked by user cells at the new place exactly as an insert is, and overwrites them when asked', async () => {
    const r = await placed(3);
    r.model.setValue(r.sheet, 12, 5, 'typed by hand');
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    const e = await addinRejection(r.orch.move(r.id, { sheetId: r.sheet, row: 10, col: 4 }));
    expect(e.kind).toBe('blocked');
    expect(e.data).toMatchObject({ cells: ['F13'], otherPlacement: false });
    expect(e.message).toContain('F13');
    expect(e.data.inPlace).toBeUndefined(); // the insert's message: choose another cell
    expect(cells(r.model)).toEqual(before);
    expect((await loadRegistry(r.host.documentStore))[0]).toEqual(recordBefore);
    await r.orch.move(r.id, { sheetId: r.sheet, row: 10, col: 4 }, { overwrite: true });
    expect(r.model.getValue(r.sheet, 12, 5)).toBe(1);
  });

  it('is blocked by another placement, even with overwrite', async () => {
    const r = await placed(3);
    r.queries.set('SELECT other', numbered(2, 'o'));
    await r.orch.insert(draft('SELECT other', 'Other'), { sheetId: r.sheet, row: 11, col: 4 });
    const before = cells(r.model);
    const e = await addinRejection(r.orch.move(r.id, { sheetId: r.sheet, row: 10, col: 4 }, { overwrite: true }));
    expect(e.kind).toBe('blocked');
    expect(e.data).toMatchObject({ otherPlacement: true, cell: 'E12' });
    expect(e.message).toContain('"Other"');
    expect(cells(r.model)).toEqual(before);
  });

  it('leaves both areas, the tracked area and the record as they were when a write fails midway', async () => {
    const r = await placed(3);
    r.model.setFormat(r.sheet, { row: 10, col: 4, rows: 2, cols: 2 }, '0.0%');
    const before = cells(r.model);
    const [recordBefore] = await loadRegistry(r.host.documentStore);
    const connectsBefore = r.reports.connects().length;
    r.host.failWriteAfter(1); // the new cells are written, then clearing the old ones fails
    const e = await addinRejection(r.orch.move(r.id, { sheetId: r.sheet, row: 10, col: 4 }));
    expect(e.kind).toBe('host');
    expect(r.host.log.some((x) => x.op === 'write' && x.range.row === 10)).toBe(true);
    expect(cells(r.model)).toEqual(before);
    expect((await r.host.layout([r.id])).areas[r.id]).toEqual({ sheetId: r.sheet, row: 1, col: 1, rows: 4, cols: 2 });
    expect((await loadRegistry(r.host.documentStore))[0]).toEqual(recordBefore);
    // Only the first connect (reading the definition where it is now) was made: the platform still has the old place.
    expect(
      r.reports
        .connects()
        .slice(connectsBefore)
        .map((c) => c.body.resultLocation),
    ).toEqual(['Sheet1!B2:C5']);
  });

  it('refuses a move to where it already starts, and to a sheet that is gone', async () => {
    const r = await placed(2);
    expect((await addinRejection(r.orch.move(r.id, { sheetId: r.sheet, row: 1, col: 1 }))).kind).toBe('validation');
    expect((await addinRejection(r.orch.move(r.id, { sheetId: 'nope', row: 0, col: 0 }))).kind).toBe('notFound');
  });
});
