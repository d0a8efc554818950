/**
 * Filter values bound to cells through the service on the local platform: the refresh filters by the cell's value, the
 * card lists the binding with the value used and goes out of date when the cell changes, and a bad binding is refused.
 */
import type { CellTarget } from '../../../src/core/service/addin-service';
import { addinRejection } from '../../helpers/caught-error';
import { builderDraft, cells, direct, signedIn, usePlatform, type Workbook } from './platform-workbook';

usePlatform();

const at = (wb: Workbook): CellTarget => ({ sheetId: wb.sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' });

const binding = (ref: string) => ({ filter: 0, value: 0, member: 'orders.status', type: 'string' as const, ref });

async function directCount(sql: string): Promise<number> {
  return Number((await direct(sql)).rows[0]?.[0]);
}

async function placedByStatus(name: string) {
  const wb = await signedIn(name);
  const meta = await wb.service.getMeta();
  const draft = builderDraft(meta, 'Orders of a status', {
    measures: ['orders.count'],
    filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }],
  });
  const outcome = await wb.service.insert(draft, at(wb), { jobId: 'ins', overwrite: false });
  const inputs = wb.host.model.addSheet('Inputs');
  return { wb, id: outcome.placementId, inputs: inputs.id };
}

describe('parameters bound to cells, through the service', () => {
  it('refreshes with the cell value, shows it on the card, and goes out of date when the cell changes', async () => {
    const { wb, id, inputs } = await placedByStatus('params-card');
    wb.host.model.setValue(inputs, 1, 1, 'returned');
    await wb.service.bindParameters(id, [{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'Inputs!B2' }]);
    let [card] = await wb.service.listPlacements();
    expect(card?.parameters).toEqual([
      { cell: 'Inputs!B2', member: 'orders.status', value: null, changed: false, binding: binding('Inputs!B2') },
    ]);
    await wb.service.refresh(id, { jobId: 'r1' });
    expect(cells(wb, 1, 0, 1, 1)[0]?.[0]).toBe(await directCount("SELECT COUNT(*) FROM wh_orders WHERE status = 'returned'"));
    [card] = await wb.service.listPlacements();
    expect(card?.parameters).toEqual([
      { cell: 'Inputs!B2', member: 'orders.status', value: 'returned', changed: false, binding: binding('Inputs!B2') },
    ]);
    expect(card?.status).toBe('upToDate');
    wb.host.model.insertRows(inputs, 0, 1);
    wb.host.model.setValue(inputs, 2, 1, 'processing');
    [card] = await wb.service.listPlacements();
    expect(card?.parameters).toEqual([
      { cell: 'Inputs!B3', member: 'orders.status', value: 'returned', changed: true, binding: binding('Inputs!B3') },
    ]);
    expect(card?.status).toBe('outOfDate');
    await wb.service.refresh(id, { jobId: 'r2' });
    expect(cells(wb, 1, 0, 1, 1)[0]?.[0]).toBe(await directCount("SELECT COUNT(*) FROM wh_orders WHERE status = 'processing'"));
    [card] = await wb.service.listPlacements();
    expect(card?.status).toBe('upToDate');
  });

  it('takes an injection-like cell as a plain value: the refresh counts nothing and the table is intact', async () => {
    const { wb, id, inputs } = await placedByStatus('params-injection');
    const total = await directCount('SELECT COUNT(*) FROM wh_orders');
    wb.host.model.setValue(inputs, 0, 0, "'; DROP TABLE wh_orders; --");
    await wb.service.bindParameters(id, [{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'Inputs!A1' }]);
    await wb.service.refresh(id, { jobId: 'inj' });
    expect(cells(wb, 1, 0, 1, 1)[0]?.[0] ?? 0).toBe(0);
    expect(await directCount('SELECT COUNT(*) FROM wh_orders')).toBe(total);
  });

  it('refuses a binding without a cell reference, and an empty bound cell fails the card naming the cell', async () => {
    const { wb, id } = await placedByStatus('params-refused');
    const bad = await addinRejection(
      wb.service.bindParameters(id, [{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: ' ' }]),
    );
    expect(bad.kind).toBe('validation');
    expect(bad.message).toMatch(/needs a cell reference such as Inputs!B2/);
    await wb.service.bindParameters(id, [{ filter: 0, value: 0, member: 'orders.status', type: 'string', ref: 'Inputs!C5' }]);
    const before = cells(wb, 0, 0, 2, 1);
    const e = await addinRejection(wb.service.refresh(id, { jobId: 'empty' }));
    expect(e.message).toMatch(/The parameter cell Inputs!C5 is empty/);
    expect(cells(wb, 0, 0, 2, 1)).toEqual(before);
    const [card] = await wb.service.listPlacements();
    expect(card?.status).toBe('failed');
    expect(card?.lastError?.message).toMatch(/Inputs!C5/);
  });

  it('reads what the bound cells of a report being built give its filters, and names an empty cell as a run would', async () => {
    const wb = await signedIn('params-read');
    const inputs = wb.host.model.addSheet('Inputs');
    wb.host.model.setValue(inputs.id, 1, 1, 'returned');
    expect(await wb.service.boundCellValues([binding('Inputs!B2')])).toEqual([{ cell: 'Inputs!B2', values: ['returned'] }]);
    const empty = await addinRejection(wb.service.boundCellValues([binding('Inputs!C3')]));
    expect(empty.kind).toBe('validation');
    expect(empty.message).toContain('The parameter cell Inputs!C3 is empty');
  });
});
