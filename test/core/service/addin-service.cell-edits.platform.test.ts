/**
 * Cells edited outside the add-in, told to the service (a host's change event or a pane's check): the card goes out of
 * date or shows its hand edits at once, and a placement set to refresh when a parameter changes refreshes by itself,
 * logged as a 'parameter' run.
 */
import type { CellTarget } from '../../../src/core/service/addin-service';
import { readRunLogView } from '../../../src/core/automation/run-record';
import { builderDraft, cells, direct, signedIn, usePlatform, type Workbook } from './platform-workbook';

usePlatform();

const at = (wb: Workbook): CellTarget => ({ sheetId: wb.sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' });
const cell = (sheetId: string, row: number, col: number) => ({ sheetId, range: { sheetId, row, col, rows: 1, cols: 1 } });

async function countOf(status: string): Promise<number> {
  return Number((await direct(`SELECT COUNT(*) FROM wh_orders WHERE status = '${status}'`)).rows[0]?.[0]);
}

/** A placed count of orders whose status filter reads Inputs!B2 ('returned'), refreshed once with it. */
async function boundReport(name: string) {
  const wb = await signedIn(name);
  const meta = await wb.service.getMeta();
  const draft = builderDraft(meta, 'Orders of a status', {
    measures: ['orders.count'],
    filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }],
  });
  const { placementId: id } = await wb.service.insert(draft, at(wb), { jobId: 'ins', overwrite: false });
  const inputs = wb.host.model.addSheet('Inputs').id;
  wb.host.model.setValue(inputs, 1, 1, 'returned');
  await wb.service.bindParameters(id, [{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'Inputs!B2' }]);
  await wb.service.refresh(id, { jobId: 'r1' });
  return { wb, id, inputs };
}

/** Lets the service's own runs go on until `done` holds (a bounded number of turns of the event loop). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the service did not get there');
}

describe('cells edited outside the add-in', () => {
  it('a changed bound cell puts the card out of date naming it; off by default, nothing refreshes', async () => {
    const { wb, inputs } = await boundReport('edits-out-of-date');
    wb.host.model.setValue(inputs, 1, 1, 'processing');
    await wb.service.cellsEdited([cell(inputs, 1, 1)]);
    const [card] = await wb.service.listPlacements();
    expect(card?.status).toBe('outOfDate');
    expect(card?.parameters?.map((p) => [p.cell, p.changed])).toEqual([['Inputs!B2', true]]);
    expect(cells(wb, 1, 0, 1, 1)[0]?.[0]).toBe(await countOf('returned'));
    expect((await readRunLogView(wb.host.documentStore)).entries).toEqual([]);
    expect(wb.events.some((e) => e.type === 'placementsChanged')).toBe(true);
  });

  it('an edit inside a placement shows "Edited by hand" at once; an edit elsewhere does not check it', async () => {
    const { wb, inputs } = await boundReport('edits-hand');
    wb.host.model.setValue(wb.sheetId, 1, 0, 'my note');
    await wb.service.cellsEdited([cell(inputs, 5, 5)]);
    let [card] = await wb.service.listPlacements();
    expect(card?.handEdits ?? null).toBeNull();
    await wb.service.cellsEdited([cell(wb.sheetId, 1, 0)]);
    [card] = await wb.service.listPlacements();
    expect(card?.handEdits?.count).toBe(1);
  });

  it('with "Refresh when a parameter changes" on, the change refreshes the placement by itself and logs the run', async () => {
    const { wb, id, inputs } = await boundReport('edits-auto');
    await wb.service.setRefreshOnParameterChange(id, true);
    expect((await wb.service.listPlacements())[0]?.refreshOnParameterChange).toBe(true);
    wb.host.model.setValue(inputs, 1, 1, 'processing');
    await wb.service.cellsEdited([cell(inputs, 1, 1)]);
    await until(async () => (await readRunLogView(wb.host.documentStore)).entries.length > 0);
    const [entry] = (await readRunLogView(wb.host.documentStore)).entries;
    expect(entry).toMatchObject({ trigger: 'parameter', refreshed: 1, total: 1, failures: [] });
    expect(cells(wb, 1, 0, 1, 1)[0]?.[0]).toBe(await countOf('processing'));
    const [card] = await wb.service.listPlacements();
    expect(card?.status).toBe('upToDate');
  });
});

describe('binding before the first Insert', () => {
  it('checks the bound cell first, inserts, stores the binding and runs with the cell value', async () => {
    const wb = await signedIn('edits-insert-bound');
    const meta = await wb.service.getMeta();
    const draft = builderDraft(meta, 'Orders of a status', {
      measures: ['orders.count'],
      filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }],
    });
    const inputs = wb.host.model.addSheet('Inputs').id;
    const parameters = [{ filter: 0, value: 0 as const, member: 'orders.status', type: 'string' as const, ref: 'Inputs!B2' }];
    await expect(wb.service.insert(draft, at(wb), { jobId: 'empty', overwrite: false, parameters })).rejects.toThrow(
      /The parameter cell Inputs!B2 is empty/,
    );
    expect(await wb.service.listPlacements()).toEqual([]);
    expect(cells(wb, 0, 0, 2, 1)).toEqual([[null], [null]]);
    wb.host.model.setValue(inputs, 1, 1, 'returned');
    const outcome = await wb.service.insert(draft, at(wb), { jobId: 'ins', overwrite: false, parameters });
    expect(cells(wb, 1, 0, 1, 1)[0]?.[0]).toBe(await countOf('returned'));
    const [card] = await wb.service.listPlacements();
    expect(card?.placementId).toBe(outcome.placementId);
    expect(card?.parameters?.map((p) => [p.cell, p.value, p.changed])).toEqual([['Inputs!B2', 'returned', false]]);
    expect(card?.status).toBe('upToDate');
    // One run with the cell's value: no second write for Undo refresh to take back, and the report saved with it.
    expect(card?.undo).toEqual({ available: false });
    expect((await wb.service.loadDraft(outcome.placementId)).sqlQuery).toContain('returned');
    // The binding keeps the value the Insert used: typing another marks the card out of date.
    wb.host.model.setValue(inputs, 1, 1, 'completed');
    await wb.service.cellsEdited();
    const [changed] = await wb.service.listPlacements();
    expect(changed?.parameters?.map((p) => p.changed)).toEqual([true]);
  });
});
