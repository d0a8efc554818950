/** createAddinService on the real local platform: header titles, refresh all, builder SQL, room below the anchor. */
import { type BuilderState } from '../../../src/core/builder/builder-state';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import { addinRejection } from '../../helpers/caught-error';
import {
  EDITOR,
  DEPLOYMENT,
  hookedTransport,
  platform,
  type Workbook,
  serviceOf,
  signedIn,
  builderDraft,
  direct,
  cells,
  usePlatform,
  sqlDraft,
} from './platform-workbook';

usePlatform();

describe('header titles', () => {
  it("keeps a SQL-mode report's column names as written, even where a member of that name has a title", async () => {
    const wb = await signedIn('sql-headers');
    const sql = 'SELECT status, MEASURE(count) AS count, MEASURE(total_amount) AS "Sum of amount" FROM orders GROUP BY 1 ORDER BY 1';
    const draft = sqlDraft('SQL by status', sql);
    const outcome = await wb.service.insert(
      draft,
      { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' },
      { jobId: 'sql', overwrite: false },
    );
    expect(cells(wb, 0, 0, 1, 3)).toEqual([['status', 'count', 'Sum of amount']]);
    await wb.service.refresh(outcome.placementId, { jobId: 'sql-again' });
    expect(cells(wb, 0, 0, 1, 3)).toEqual([['status', 'count', 'Sum of amount']]);
  });

  it("reads the metadata once a session for a builder report's titles, and falls back to column names while it cannot be read", async () => {
    const metaOfPane = await (await signedIn('builder-pane')).service.getMeta();
    const wb = await signedIn('builder-headers');
    const metaReads: string[] = [];
    let metaDown = true;
    wb.hook.before.fn = (r) => {
      if (!r.url.endsWith('/meta')) return undefined;
      metaReads.push(r.url);
      return metaDown ? { ...r, url: `${r.url}-unavailable` } : undefined;
    };
    try {
      // The draft is compiled by a pane that read the metadata earlier; this session has none yet.
      const draft = builderDraft(metaOfPane, 'Status titles', {
        rows: ['orders.status'],
        measures: ['orders.count', 'orders.total_amount'],
      });
      const outcome = await wb.service.insert(
        draft,
        { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' },
        { jobId: 'b1', overwrite: false },
      );
      expect(metaReads.length).toBeGreaterThan(0);
      expect(cells(wb, 0, 0, 1, 3)).toEqual([['status', 'count', 'total_amount']]);

      metaDown = false;
      await wb.service.refresh(outcome.placementId, { jobId: 'b2' });
      expect(cells(wb, 0, 0, 1, 3)).toEqual([['Status', 'Count', 'Total amount']]);
      const reads = metaReads.length;
      await wb.service.refresh(outcome.placementId, { jobId: 'b3' });
      await wb.service.refreshAll([outcome.placementId], { jobId: 'b4' });
      expect(metaReads).toHaveLength(reads);
      expect(cells(wb, 0, 0, 1, 3)).toEqual([['Status', 'Count', 'Total amount']]);
      expect(cells(wb, 1 + outcome.dataRows, 0, 1, 3)).toEqual([[null, null, null]]);
    } finally {
      wb.hook.before.fn = null;
    }
  });
});

describe('refresh all', () => {
  it('refreshes every placement, reports each by events, and shows a failure with its reason', async () => {
    const wb = await signedIn('refresh-all');
    const meta = await wb.service.getMeta();
    const ids: string[] = [];
    for (const [i, rows] of [['orders.status'], ['orders.product_category'], ['orders.customer_city']].entries()) {
      const draft = builderDraft(meta, `Report ${i}`, { rows, measures: ['orders.count'] });
      const o = await wb.service.insert(
        draft,
        { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 0, col: i * 4, label: '' },
        { jobId: `ins-${i}`, overwrite: false },
      );
      ids.push(o.placementId);
    }
    const placements = await wb.service.listPlacements();
    const failing = placements.find((p) => p.placementId === ids[1]);
    // The platform's fault header on the second report's control-plane calls: it answers 503 every time.
    wb.hook.before.fn = (r) =>
      failing && r.url.includes(`/reports/${failing.reportId}/`) ? { ...r, headers: { ...r.headers, 'x-fault': 'status=503' } } : undefined;
    let summary;
    try {
      summary = await wb.service.refreshAll(ids, { jobId: 'all-1' });
    } finally {
      wb.hook.before.fn = null;
    }
    expect(summary.total).toBe(3);
    expect(summary.done).toBe(2);
    expect(summary.failed).toBe(1);
    expect(summary.items.find((x) => x.placementId === ids[1])?.item).toEqual(expect.objectContaining({ state: 'failed', kind: 'server' }));
    const states = wb.events.filter((e) => e.type === 'item' && e.jobId === 'all-1');
    expect(states.length).toBeGreaterThanOrEqual(6);
    const after = await wb.service.listPlacements();
    expect(after.find((p) => p.placementId === ids[1])).toEqual(
      expect.objectContaining({ status: 'failed', lastError: expect.objectContaining({ kind: 'server' }) }),
    );
    expect(after.filter((p) => p.status === 'upToDate')).toHaveLength(2);
  });
});

describe('builder SQL on the platform', () => {
  it('runs every operator, granularity, HAVING, order and limit the builder writes', async () => {
    const wb = await signedIn('dialect');
    const meta = await wb.service.getMeta();
    const states: Array<Partial<BuilderState>> = [
      {
        rows: ['orders.created_at'],
        columns: ['orders.status'],
        measures: ['orders.count'],
        timeGranularity: { 'orders.created_at': 'month' },
      },
      {
        rows: ['orders.created_at'],
        measures: ['orders.total_amount'],
        timeGranularity: { 'orders.created_at': 'quarter' },
        order: [{ member: 'orders.total_amount', desc: true }],
        limit: 3,
      },
      {
        rows: ['orders.status'],
        measures: ['orders.count'],
        filters: [{ member: 'orders.status', operator: 'equals', values: ['completed', "it's"] }],
      },
      {
        rows: ['orders.status'],
        measures: ['orders.count'],
        filters: [{ member: 'orders.status', operator: 'notEquals', values: ['completed'] }],
      },
      {
        rows: ['orders.customer_city'],
        measures: ['orders.count'],
        filters: [{ member: 'orders.customer_city', operator: 'contains', values: ['o', '50%_\\'] }],
      },
      {
        rows: ['orders.status'],
        measures: ['orders.count'],
        filters: [
          { member: 'orders.amount', operator: 'gt', values: ['10.5'] },
          { member: 'orders.amount', operator: 'lt', values: ['1e4'] },
        ],
      },
      {
        rows: ['orders.status'],
        measures: ['orders.count'],
        filters: [
          { member: 'orders.created_at', operator: 'gt', values: ['2020-01-01T00:00'] },
          { member: 'orders.created_at', operator: 'lt', values: ['2100-01-01'] },
        ],
      },
      {
        measures: ['orders.count'],
        filters: [{ member: 'orders.created_at', operator: 'inDateRange', values: ['2000-01-01', '2099-12-31'] }],
      },
      {
        rows: ['orders.status'],
        measures: ['orders.count'],
        filters: [
          { member: 'orders.customer_city', operator: 'set', values: [] },
          { member: 'orders.product_name', operator: 'notSet', values: [] },
        ],
      },
      {
        rows: ['orders.status'],
        measures: ['orders.count'],
        filters: [
          { member: 'orders.count', operator: 'gt', values: ['1'] },
          { member: 'orders.is_returned', operator: 'equals', values: ['false'] },
        ],
      },
    ];
    for (const partial of states) {
      const draft = builderDraft(meta, 'dialect', partial);
      const result = await direct(draft.sqlQuery);
      expect(result.columns.map((c) => c.name)).toEqual([
        ...(draft.pivotItems?.rows ?? []),
        ...(draft.pivotItems?.columns ?? []),
        ...(draft.pivotItems?.measures ?? []),
      ]);
      if (partial.limit) expect(result.rows.length).toBeLessThanOrEqual(partial.limit);
    }
    // A pivot placement: rows down, status values across, laid out from the pivot items.
    const pivot = builderDraft(meta, 'Monthly by status', states[0] ?? {});
    const outcome = await wb.service.insert(
      pivot,
      { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' },
      { jobId: 'pivot', overwrite: false },
    );
    expect(outcome.cols).toBeGreaterThan(2);
  });
});

describe('room below the anchor', () => {
  // A sheet of 60 rows: from G26 (row 25) the header takes one row and 34 rows are left for data.
  const ROOM = 34;
  const rowsSql = (n: number) => `SELECT id, status FROM orders ORDER BY id LIMIT ${n}`;
  const draftOf = sqlDraft;

  async function smallSheet(name: string): Promise<Workbook> {
    const host = new MemoryHost(new WorkbookModel({ name, bounds: { maxRows: 60 } }), { mintWorkbookId: () => `wb-${name}` });
    const hook = hookedTransport();
    const service = serviceOf(host, hook);
    await service.signIn({ tenantUrl: platform.url, apiKey: EDITOR, authScheme: 'auto' });
    const production = (await service.listEnvironments(DEPLOYMENT)).find((e) => e.type === 'production');
    await service.setContext({ deploymentId: DEPLOYMENT, environmentId: production?.id ?? null });
    const sheetId = host.model.sheets()[0]?.id ?? '';
    host.setActiveCell(sheetId, 25, 6);
    return { host, service, hook, events: [], sheetId };
  }

  it('counts the room from the target row at insert, names it, and fills it exactly', async () => {
    const wb = await smallSheet('room-insert');
    const target = await wb.service.activeCell();
    expect(target.label).toBe('Sheet1!G26');
    const err = await addinRejection(
      wb.service.insert(draftOf('Too many', rowsSql(ROOM + 1)), target, { jobId: 'room-1', overwrite: false }),
    );
    expect(err.kind).toBe('limit');
    expect(err.message).toContain(`(${ROOM} rows from there to the sheet's last row)`);
    expect(err.data.maxRows).toBe(ROOM);
    expect(await wb.service.listPlacements()).toEqual([]);
    const fits = await wb.service.insert(draftOf('Just fits', rowsSql(ROOM)), target, { jobId: 'room-2', overwrite: false });
    expect(fits.rangeLabel).toBe('Sheet1!G26:H60');
  });

  it('counts the room from the placed area row at update', async () => {
    const wb = await smallSheet('room-update');
    const target = await wb.service.activeCell();
    const placed = await wb.service.insert(draftOf('Grows', rowsSql(5)), target, { jobId: 'room-3', overwrite: false });
    const err = await addinRejection(wb.service.update(placed.placementId, draftOf('Grows', rowsSql(ROOM + 1)), { jobId: 'room-4' }));
    expect(err.kind).toBe('limit');
    expect(err.message).toContain(`(${ROOM} rows from there to the sheet's last row)`);
    expect((await wb.service.loadDraft(placed.placementId)).sqlQuery).toBe(rowsSql(5));
  });
});
