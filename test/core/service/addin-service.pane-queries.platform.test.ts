/**
 * The pane's read-only queries through the service on the local platform: value suggestions (matching the search, asked
 * once a session) and the preview of a draft's first rows (a LIMIT 50 query laid out with the sheet's titles).
 */
import type { ReportDraft } from '../../../src/core/service/addin-service';
import { PREVIEW_ROWS } from '../../../src/core/service/report-preview';
import { builderDraft, direct, signedIn, sqlDraft, usePlatform } from './platform-workbook';

usePlatform();

describe('value suggestions', () => {
  it("offer a text dimension's values matching the search, most frequent first, asked once per search", async () => {
    const wb = await signedIn('suggest');
    const sent: string[] = [];
    wb.hook.before.fn = (r) => {
      if (r.method === 'POST' && r.body?.includes('ILIKE')) sent.push(r.body);
      return undefined;
    };
    const request = { view: 'orders', member: 'orders.status', search: 'ComP' };
    const first = await wb.service.suggestValues(request);
    expect(first.offered).toBe(true);
    expect(first.values.map((v) => v.value)).toEqual(['completed']);
    const direct1 = await direct("SELECT COUNT(*) FROM wh_orders WHERE status = 'completed'");
    expect(first.values[0]?.count).toBe(Number(direct1.rows[0]?.[0]));
    expect(await wb.service.suggestValues({ ...request, search: 'comp ' })).toEqual(first);
    expect(sent).toHaveLength(1);
    const all = await wb.service.suggestValues({ ...request, search: '' });
    const counts = all.values.map((v) => v.count ?? 0);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it('are not offered for a number dimension (values are typed by hand)', async () => {
    const wb = await signedIn('suggest-none');
    expect(await wb.service.suggestValues({ view: 'orders', member: 'orders.amount', search: '' })).toEqual({ offered: false, values: [] });
  });
});

describe('preview', () => {
  it("shows a builder draft's first rows titled as the sheet, at most 50", async () => {
    const wb = await signedIn('preview');
    const meta = await wb.service.getMeta();
    const draft = builderDraft(meta, 'Cities', { rows: ['orders.customer_city', 'orders.status'], measures: ['orders.total_amount'] });
    const table = await wb.service.preview(draft);
    expect(table.values[0]).toEqual(['Customer city', 'Status', 'Total amount']);
    expect(table.rows).toBe(PREVIEW_ROWS);
    expect(table.more).toBe(true);
    expect(table.values).toHaveLength(PREVIEW_ROWS + 1);
    expect(typeof table.values[1]?.[2]).toBe('number');
    expect(table.formats[1]?.[2]).toMatch(/0\.00/);
  });

  it('adds LIMIT 50 to SQL without one, and runs SQL with its own LIMIT as written', async () => {
    const wb = await signedIn('preview-sql');
    const sql = (query: string): ReportDraft => sqlDraft('SQL', query);
    const unlimited = await wb.service.preview(sql('SELECT id, amount FROM orders;'));
    expect(unlimited.rows).toBe(PREVIEW_ROWS);
    expect(unlimited.values[0]).toEqual(['id', 'amount']);
    const three = await wb.service.preview(sql('SELECT id FROM orders LIMIT 3'));
    expect(three).toMatchObject({ rows: 3, more: false });
  });
});
