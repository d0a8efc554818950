/** Orchestrator over MemoryHost: the filter summary row and the anchor note turned on and off, refreshed, moved and removed. */
import { TEXT_FORMAT } from '../../../src/core/host';
import { loadRegistry } from '../../../src/core/placements/placement-record';
import { SQL_FILTERS } from '../../../src/core/builder/filter-words';
import { cells, draft, numbered, rig } from './fakes';
import { addinRejection } from '../../helpers/caught-error';
import { SQL } from './orchestrator-tables';
import { emptyBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { compileBuilder } from '../../../src/core/builder/compile';
import { compileWithParameters } from '../../../src/core/service/parameter-compiler';
import { buildMeta } from '../../../local-platform/warehouse/model-meta';
import { SEMANTIC_MODEL } from '../../../local-platform/warehouse/semantic-model';

const OFF = { filterSummary: false, anchorNote: false };
const SUMMARY = { filterSummary: true, anchorNote: false };
/** A note change alone: the cells are not written again. */
const NOTE = { anchorNote: true };
const NO_NOTE = { anchorNote: false };

/** "Orders" at B2: header B2:C2 and `n` data rows below it. */
async function placed(n = 3, ...args: Parameters<typeof rig>) {
  const r = rig(...args);
  r.queries.set(SQL, numbered(n));
  const out = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
  return { ...r, id: out.placementId, reportId: out.reportId };
}

const BUILDER_META = {
  mode: 'builder',
  builderState: {
    view: 'orders',
    filters: [
      { member: 'orders.city', operator: 'equals', values: ['Zürich', 'Kraków'] },
      {
        member: 'orders.created_at',
        operator: 'inPeriod',
        values: ['last-7-day'],
        or: [{ member: 'orders.status', operator: 'notSet', values: [] }],
      },
    ],
  },
};

describe('filter summary row', () => {
  it('is off for a placed report and for a record stored without it', async () => {
    const r = await placed();
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record?.filterSummary).toBeUndefined();
    expect(r.model.getValue(r.sheet, 1, 1)).toBe('key');
  });

  it('turned on, rewrites the placement with the filters in words above the table, as inert text', async () => {
    const r = await placed(3);
    r.reports.editReport(r.reportId, { meta: BUILDER_META });
    const out = await r.orch.setContext(r.id, SUMMARY);
    expect(out?.rangeRef).toBe('Sheet1!B2:C6');
    expect(out && out.areaRows - out.headerRows).toBe(3);
    expect(r.model.getCell(r.sheet, 1, 1)).toMatchObject({
      value: 'City: Zürich, Kraków; Created at: Last 7 days (before today) or Status: empty',
      format: TEXT_FORMAT,
    });
    expect(r.model.getValues(r.sheet, { row: 2, col: 1, rows: 2, cols: 2 })).toEqual([
      ['key', 'value_n'],
      ['k0', 0],
    ]);
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record).toMatchObject({ filterSummary: true, areaRows: 5, headerRows: 2 });
    // Every refresh writes it again; a report written in SQL says where its filters are.
    r.reports.editReport(r.reportId, { meta: {} });
    await r.orch.refresh(r.id);
    expect(r.model.getValue(r.sheet, 1, 1)).toBe(SQL_FILTERS);
  });

  it('turned off, takes the row away and the table starts at the anchor again', async () => {
    const r = await placed(3);
    await r.orch.setContext(r.id, SUMMARY);
    const out = await r.orch.setContext(r.id, OFF);
    expect(out?.rangeRef).toBe('Sheet1!B2:C5');
    expect(r.model.getValue(r.sheet, 1, 1)).toBe('key');
    expect(r.model.getValue(r.sheet, 5, 1)).toBeNull();
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record?.filterSummary).toBe(false);
  });

  it('is all-or-nothing: a failed write leaves the cells and the record as they were', async () => {
    const r = await placed(3);
    const before = cells(r.model);
    r.host.failNextWrites(1);
    await expect(r.orch.setContext(r.id, SUMMARY)).rejects.toMatchObject({ kind: 'host' });
    expect(cells(r.model)).toEqual(before);
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record?.filterSummary).toBeUndefined();
    expect(record?.lastError).toBeUndefined();
  });

  it('needs the row below the table as an insert does: a user cell there stops it', async () => {
    const r = await placed(3);
    r.model.setValue(r.sheet, 5, 1, 'my note');
    const e = await addinRejection(r.orch.setContext(r.id, SUMMARY));
    expect(e).toMatchObject({ kind: 'blocked', data: { cell: 'B6' } });
    expect(r.model.getValue(r.sheet, 1, 1)).toBe('key');
  });

  it('is covered by the hand-edit fingerprint', async () => {
    const r = await placed(3);
    await r.orch.setContext(r.id, SUMMARY);
    r.model.setValue(r.sheet, 1, 1, 'typed over');
    const e = await addinRejection(r.orch.refresh(r.id));
    expect(e).toMatchObject({ kind: 'handEdited', data: { text: 'B2' } });
  });

  it('moves with the placement and is cleared when it is removed', async () => {
    const r = await placed(2);
    await r.orch.setContext(r.id, SUMMARY);
    const moved = await r.orch.move(r.id, { sheetId: r.sheet, row: 9, col: 4 });
    expect(moved.rangeRef).toBe('Sheet1!E10:F13');
    expect(r.model.getValue(r.sheet, 9, 4)).toBe(SQL_FILTERS);
    expect(r.model.getValue(r.sheet, 10, 4)).toBe('key');
    expect(r.model.getValue(r.sheet, 1, 1)).toBeNull();
    await r.orch.remove(r.id, { clearCells: true });
    expect(
      r.model
        .getValues(r.sheet, { row: 9, col: 4, rows: 4, cols: 2 })
        .flat()
        .every((v) => v === null),
    ).toBe(true);
  });

  it('goes back with Undo refresh, record and all', async () => {
    const r = await placed(2);
    const before = cells(r.model);
    await r.orch.setContext(r.id, SUMMARY);
    await r.orch.undo(r.id);
    expect(cells(r.model)).toEqual(before);
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record?.filterSummary).toBeUndefined();
  });
});

describe('filter summary with a value bound to a cell', () => {
  const meta = buildMeta(SEMANTIC_MODEL);
  const byStatus = (status: string): BuilderState => ({
    ...emptyBuilderState(),
    view: 'orders',
    measures: ['orders.count'],
    rows: ['orders.status'],
    filters: [{ member: 'orders.status', operator: 'equals', values: [status] }],
  });
  const sqlOf = (status: string) => compileBuilder(byStatus(status), meta).sqlQuery;

  it('shows the value the cell holds now, as the run used it', async () => {
    const r = rig({}, { parameters: (context, report, values) => compileWithParameters(context, report, values, async () => meta) });
    r.queries.set(sqlOf('completed'), numbered(1, 'c')).set(sqlOf('returned'), numbered(1, 'r'));
    const draftOf = { ...draft(sqlOf('completed')), meta: { mode: 'builder', builderState: byStatus('completed') } };
    const placed = await r.orch.insert(draftOf, { sheetId: r.sheet, row: 4, col: 1 });
    await r.host.writeBlock({ sheetId: r.sheet, row: 0, col: 0, values: [['returned']] });
    await r.orch.bindParameters(
      placed.placementId,
      [{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'Sheet1!A1' }],
      r.sheet,
    );
    await r.orch.setContext(placed.placementId, { filterSummary: true });
    expect(r.model.getValue(r.sheet, 4, 1)).toBe('Status: returned');
    expect(r.queries.calls.at(-1)?.query).toBe(sqlOf('returned'));
  });
});

describe('anchor note', () => {
  const noteAt = (r: Awaited<ReturnType<typeof placed>>, row: number, col: number) => r.model.notes.get(r.sheet, row, col);

  it('turned on, names the report and its last refresh on the anchor; the cells are not rewritten', async () => {
    const r = await placed(2);
    const writes = r.host.log.length;
    expect(await r.orch.setContext(r.id, NOTE)).toBeNull();
    expect(r.host.log.length).toBe(writes);
    expect(noteAt(r, 1, 1)).toBe("Report 'Orders', refreshed 2025-01-15 09:00 UTC");
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record?.anchorNote).toBe(true);
  });

  it('is renewed at every refresh, with the name of who refreshed it when the platform gives one, in local time', async () => {
    const r = await placed(2, {}, { noteTime: (ms) => `local ${new Date(ms).toISOString().slice(0, 16)}` });
    await r.orch.setContext(r.id, NOTE);
    r.reports.editReport(r.reportId, { refreshedByUser: { id: 5, firstName: 'Ana' } });
    await r.orch.refresh(r.id);
    expect(noteAt(r, 1, 1)).toBe("Report 'Orders', refreshed local 2025-01-15T09:00 by Ana");
  });

  it('follows a move, and goes when turned off or when the placement is removed', async () => {
    const r = await placed(2);
    await r.orch.setContext(r.id, NOTE);
    await r.orch.move(r.id, { sheetId: r.sheet, row: 9, col: 4 });
    expect(noteAt(r, 1, 1)).toBeNull();
    expect(noteAt(r, 9, 4)).toMatch(/^Report 'Orders', refreshed /);
    await r.orch.setContext(r.id, NO_NOTE);
    expect(noteAt(r, 9, 4)).toBeNull();
    await r.orch.setContext(r.id, NOTE);
    await r.orch.remove(r.id, { clearCells: false });
    expect(noteAt(r, 9, 4)).toBeNull();
  });

  it('is refused where the host cannot keep notes, and the record stays off', async () => {
    const r = await placed(2, {}, {}, { notesUnsupported: 'This Excel cannot add notes.' });
    await expect(r.orch.setContext(r.id, NOTE)).rejects.toMatchObject({ kind: 'host', message: 'This Excel cannot add notes.' });
    const [record] = await loadRegistry(r.host.documentStore);
    expect(record?.anchorNote).toBeUndefined();
  });

  it('with the summary turned on at once, sits on the summary row', async () => {
    const r = await placed(2);
    await r.orch.setContext(r.id, { filterSummary: true, anchorNote: true });
    expect(r.model.getValue(r.sheet, 1, 1)).toBe(SQL_FILTERS);
    expect(noteAt(r, 1, 1)).toMatch(/^Report 'Orders'/);
  });
});
