/**
 * Totals of builder reports placed through the service on the local platform: computed by separate platform queries
 * (a count-distinct grand total equals a direct SQL total, never the sum of its rows), laid out bold in the placement,
 * kept on refresh, and a failed totals query fails the run before any cell is written.
 */
import type { BuilderState } from '../../../src/core/builder/builder-state';
import type { CellTarget } from '../../../src/core/service/addin-service';
import { addinRejection } from '../../helpers/caught-error';
import { builderDraft, cells, direct, signedIn, usePlatform, type Workbook } from './platform-workbook';

usePlatform();

const at = (wb: Workbook): CellTarget => ({ sheetId: wb.sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' });

async function directNumber(sql: string): Promise<number> {
  const result = await direct(sql);
  return Number(result.rows[0]?.[0]);
}

const PIVOT: Partial<BuilderState> = {
  rows: ['orders.status'],
  columns: ['orders.product_category'],
  measures: ['orders.customers_count'],
  totals: { rows: true, columns: true, grand: true },
};

describe('totals through the service', () => {
  it("lays a pivot's totals out bold, the grand total of a count-distinct measure as the platform counts it", async () => {
    const wb = await signedIn('pivot-totals');
    const meta = await wb.service.getMeta();
    const outcome = await wb.service.insert(builderDraft(meta, 'Customers pivot', PIVOT), at(wb), { jobId: 'p', overwrite: false });
    const grid = cells(wb, 0, 0, outcome.headerRows + outcome.dataRows, outcome.cols);
    const lastRow = grid[grid.length - 1] ?? [];
    expect(lastRow[0]).toBe('Total');
    expect(grid[1]?.[outcome.cols - 1]).toBe('Total');
    const distinct = await directNumber('SELECT COUNT(DISTINCT customer_id) FROM wh_orders');
    expect(lastRow[outcome.cols - 1]).toBe(distinct);
    // The Total column's values are the per-status distinct counts, whose sum exceeds the grand total.
    const byStatus = grid.slice(2, -1).map((r) => Number(r[outcome.cols - 1]));
    expect(byStatus.reduce((a, b) => a + b, 0)).toBeGreaterThan(distinct);
    const bold = wb.host.model.getBold(wb.sheetId, { row: 0, col: 0, rows: grid.length, cols: outcome.cols });
    expect(bold[grid.length - 1]?.every((b) => b)).toBe(true);
    expect(bold.every((r) => r[outcome.cols - 1] === true)).toBe(true);
    expect(bold[2]?.[1]).toBe(false);
    // A refresh keeps the totals where they are.
    await wb.service.refresh(outcome.placementId, { jobId: 'p2' });
    expect(cells(wb, 0, 0, grid.length, outcome.cols)).toEqual(grid);
  });

  it('previews a pivot as Insert writes it: its totals, bold, formats and sheet rows', async () => {
    const wb = await signedIn('pivot-preview');
    const meta = await wb.service.getMeta();
    const draft = builderDraft(meta, 'Customers pivot preview', { ...PIVOT, measures: ['orders.customers_count', 'orders.total_amount'] });
    const preview = await wb.service.preview(draft);
    const outcome = await wb.service.insert(draft, at(wb), { jobId: 'pp', overwrite: false });
    const area = { row: 0, col: 0, rows: outcome.headerRows + outcome.dataRows, cols: outcome.cols };
    expect(preview.values).toEqual(cells(wb, 0, 0, area.rows, area.cols));
    expect(preview.formats).toEqual(wb.host.model.getFormats(wb.sheetId, area));
    expect(preview.bold).toEqual(wb.host.model.getBold(wb.sheetId, area));
    expect(preview.rows).toBe(outcome.dataRows);
    expect(preview.more).toBe(false);
    // Counts as the sheet shows them in General: no thousands separator.
    const counts = preview.texts
      .slice(preview.headerRows)
      .flatMap((row, r) =>
        row.filter(
          (_, c) => typeof preview.values[r + preview.headerRows]?.[c] === 'number' && preview.formats[r + preview.headerRows]?.[c] == null,
        ),
      );
    expect(counts.length).toBeGreaterThan(0);
    for (const text of counts) expect(text).toMatch(/^-?\d+(\.\d+)?$/);
  });

  it('puts a totals row under a flat table, each measure totalled by the platform', async () => {
    const wb = await signedIn('flat-totals');
    const meta = await wb.service.getMeta();
    const draft = builderDraft(meta, 'Flat totals', {
      rows: ['orders.status'],
      measures: ['orders.count', 'orders.customers_count'],
      totals: { rows: false, columns: false, grand: true },
    });
    const outcome = await wb.service.insert(draft, at(wb), { jobId: 'f', overwrite: false });
    const statuses = await direct('SELECT COUNT(DISTINCT status) FROM wh_orders');
    // Header, one row per status, the totals row.
    expect(outcome.dataRows).toBe(Number(statuses.rows[0]?.[0]) + 1);
    const last = cells(wb, outcome.dataRows, 0, 1, 3)[0];
    expect(last).toEqual([
      'Total',
      await directNumber('SELECT COUNT(*) FROM wh_orders'),
      await directNumber('SELECT COUNT(DISTINCT customer_id) FROM wh_orders'),
    ]);
    expect(wb.host.model.getBold(wb.sheetId, { row: outcome.dataRows, col: 0, rows: 1, cols: 3 })).toEqual([[true, true, true]]);
  });

  it('fails the insert before any cell is written when a totals query fails', async () => {
    const wb = await signedIn('totals-fail');
    const meta = await wb.service.getMeta();
    wb.hook.before.fn = (r) => {
      // The grand total's query is the only one without GROUP BY: send it where the platform answers an error.
      if (r.method === 'POST' && r.body !== undefined && r.body.includes('MEASURE') && !r.body.includes('GROUP BY'))
        return { ...r, body: r.body.replace('FROM orders', 'FROM no_such_view') };
      return undefined;
    };
    const failed = await addinRejection(wb.service.insert(builderDraft(meta, 'Doomed', PIVOT), at(wb), { jobId: 'x', overwrite: false }));
    expect(failed.message).toMatch(/no_such_view/);
    expect(
      cells(wb, 0, 0, 4, 4)
        .flat()
        .every((v) => v === null || v === ''),
    ).toBe(true);
    expect(await wb.service.listPlacements()).toEqual([]);
  });
});
