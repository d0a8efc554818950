/** createAddinService on the real local platform: sign-in, workbook context and placing reports. */
import { type Meta } from '../../../src/core/wire/schemas';
import { SQL_QUERY_PATH } from '../../../src/core/wire/wire-names';
import { addinRejection } from '../../helpers/caught-error';
import {
  EDITOR,
  VIEWER,
  DEPLOYMENT,
  platform,
  type Workbook,
  workbook,
  reopen,
  signedIn,
  builderDraft,
  direct,
  expectedCells,
  cells,
  documentText,
  usePlatform,
} from './platform-workbook';

usePlatform();

describe('sign-in', () => {
  it('refuses a wrong key as unauthenticated and stores nothing', async () => {
    const wb = workbook('wrong-key');
    const err = await addinRejection(wb.service.signIn({ tenantUrl: platform.url, apiKey: 'not-a-key', authScheme: 'auto' }));
    expect(err.kind).toBe('unauthenticated');
    expect(err.message).toMatch(/API key/);
    expect((await wb.service.getSession()).signedIn).toBe(false);
    expect(wb.host.credentials.values()).toEqual([]);
    expect(documentText(wb.host)).not.toContain('not-a-key');
  });

  it('says a wrong URL could not be reached, naming it', async () => {
    const wb = workbook('wrong-url');
    const bad = 'http://127.0.0.1:1';
    const err = await addinRejection(wb.service.signIn({ tenantUrl: bad, apiKey: EDITOR, authScheme: 'auto' }));
    expect(err.kind).toBe('network');
    expect(err.message).toContain(`Could not reach ${bad}`);
    expect(err.message).toContain('check the Tenant URL');
    expect(wb.host.credentials.values()).toEqual([]);
  });

  it('keeps the key in the per-user credential store only, and forgets it on sign-out', async () => {
    const wb = await signedIn('key-storage');
    const session = await wb.service.getSession();
    expect(session).toEqual({ signedIn: true, tenantUrl: platform.url, authScheme: 'auto', defaultTenantUrl: platform.url });
    expect(wb.host.credentials.values().join('\n')).toContain(EDITOR);
    expect(wb.host.documentStore.keys().length).toBeGreaterThan(0); // the context is in the document...
    expect(documentText(wb.host)).not.toContain(EDITOR); // ...the key is not
    await wb.service.signOut();
    // Only the tenant URL last signed in to stays (it prefills the next sign-in); the key is gone.
    expect(wb.host.credentials.values()).toEqual([platform.url]);
    expect((await addinRejection(wb.service.listDeployments())).kind).toBe('unauthenticated');
  });
});

describe('workbook context', () => {
  it('is remembered per workbook', async () => {
    const one = await signedIn('ctx-one');
    const two = workbook('ctx-two');
    await two.service.signIn({ tenantUrl: platform.url, apiKey: EDITOR, authScheme: 'bearer' });
    const deployments = await two.service.listDeployments();
    expect(deployments.map((d) => d.id)).toContain(DEPLOYMENT);
    expect(await two.service.getContext()).toEqual({ deploymentId: null, environmentId: null });
    const context = await one.service.getContext();
    expect(context.deploymentId).toBe(DEPLOYMENT);
    expect(context.environmentId).not.toBeNull();
    expect(await reopen(one).getContext()).toEqual(context);
    expect((await addinRejection(two.service.getMeta())).kind).toBe('validation');
    const meta = await one.service.getMeta();
    expect(meta.cubes.some((c) => c.name === 'orders')).toBe(true);
  });
});

describe('placing reports', () => {
  let wb: Workbook;
  let meta: Meta;
  let placementId: string;

  beforeAll(async () => {
    wb = await signedIn('placing');
    meta = await wb.service.getMeta();
  });

  it('inserts at the target cell and lists the placement', async () => {
    wb.host.setActiveCell(wb.sheetId, 1, 1);
    const target = await wb.service.activeCell();
    expect(target.label).toBe('Sheet1!B2');
    const draft = builderDraft(meta, 'Orders by status', { rows: ['orders.status'], measures: ['orders.count'] });
    const outcome = await wb.service.insert(draft, target, { jobId: 'insert-1', overwrite: false });
    placementId = outcome.placementId;
    // A builder report's header shows the members' titles (their shortTitle), not the SQL aliases.
    const expected = expectedCells(await direct(draft.sqlQuery), ['Status', 'Count']);
    // Rows count the data only; the area holds the header row too.
    expect(outcome.dataRows).toBe(expected.length - 1);
    expect(outcome.headerRows).toBe(1);
    expect(outcome.cols).toBe(2);
    expect(outcome.rangeLabel).toBe(`Sheet1!B2:C${1 + expected.length}`);
    expect(cells(wb, 1, 1, expected.length, 2)).toEqual(expected);
    expect(cells(wb, 1 + expected.length, 1, 1, 2)).toEqual([[null, null]]);
    const listed = await wb.service.listPlacements();
    expect(listed).toEqual([
      expect.objectContaining({
        placementId,
        name: 'Orders by status',
        sheetName: 'Sheet1',
        rangeLabel: outcome.rangeLabel,
        dataRows: expected.length - 1,
        headerRows: 1,
        cols: 2,
        status: 'upToDate',
        statusCheckedAt: expect.any(String),
        lastError: null,
      }),
    ]);
    expect(Date.now() - Date.parse(listed[0]?.statusCheckedAt ?? '')).toBeLessThan(60_000);
    // A reloaded pane asks the platform at its first list load (the report's rights, and so its status).
    expect((await reopen(wb).listPlacements())[0]).toEqual(
      expect.objectContaining({ status: 'upToDate', statusCheckedAt: expect.any(String), canEdit: true, dataRows: expected.length - 1 }),
    );
    expect(wb.events.some((e) => e.type === 'placementsChanged')).toBe(true);
    expect(documentText(wb.host)).not.toContain(EDITOR);
  });

  it('reopens the definition as it was saved', async () => {
    const draft = await wb.service.loadDraft(placementId);
    expect(draft).toEqual(
      expect.objectContaining({
        name: 'Orders by status',
        description: 'Orders by status (test)',
        mode: 'builder',
        builderState: expect.objectContaining({ view: 'orders', rows: ['orders.status'] }),
      }),
    );
  });

  it('updates the definition and the refresh shows the new rows', async () => {
    const draft = builderDraft(meta, 'Orders by city', {
      rows: ['orders.customer_city'],
      measures: ['orders.count', 'orders.total_amount'],
    });
    const outcome = await wb.service.update(placementId, draft, { jobId: 'update-1' });
    const expected = expectedCells(await direct(draft.sqlQuery), ['Customer city', 'Count', 'Total amount']);
    expect(outcome.dataRows).toBe(expected.length - 1);
    expect(outcome.cols).toBe(3);
    expect(cells(wb, 1, 1, expected.length, 3)).toEqual(expected);
    const [view] = await wb.service.listPlacements();
    expect(view).toEqual(
      expect.objectContaining({ name: 'Orders by city', dataRows: expected.length - 1, cols: 3, status: 'upToDate', canEdit: true }),
    );
    expect(wb.events).toContainEqual({
      type: 'item',
      jobId: 'update-1',
      placementId,
      item: { state: 'done', dataRows: expected.length - 1, cols: 3 },
    });
    const reopened = await wb.service.loadDraft(placementId);
    expect(reopened.sqlQuery).toBe(draft.sqlQuery);
  });

  it('refuses a refresh whose bigger result would cover a user cell, naming it, and keeps the cells', async () => {
    const [before] = await wb.service.listPlacements();
    const rows = before?.dataRows ?? 0;
    // The user types just below the report (column B, the row after its last: header at B2, then `rows` data rows).
    wb.host.model.setValue(wb.sheetId, 2 + rows, 1, 'mine');
    const snapshot = cells(wb, 0, 0, rows + 40, 6);
    const draft = builderDraft(meta, 'Orders by city', {
      rows: ['orders.customer_city', 'orders.status'],
      measures: ['orders.count', 'orders.total_amount'],
    });
    const saved = await wb.service.loadDraft(placementId);
    const err = await addinRejection(wb.service.update(placementId, draft, { jobId: 'blocked-1' }));
    expect(err.kind).toBe('blocked');
    expect(err.message).toContain(`B${3 + rows}`);
    // Edit has no cell picker: the message offers what can be done where the report is.
    expect(err.message).toMatch(/Clear or move that cell, then try again; or remove .* and insert it at another cell/);
    expect(cells(wb, 0, 0, rows + 40, 6)).toEqual(snapshot);
    // Nothing was saved: the platform's report is as it was, and the placement still matches it.
    expect(await wb.service.loadDraft(placementId)).toEqual(saved);
    const [view] = await wb.service.listPlacements();
    expect(view).toEqual(expect.objectContaining({ status: 'upToDate', lastError: null }));
    // Cleared, the same edit goes through.
    wb.host.model.setValue(wb.sheetId, 2 + rows, 1, null);
    const outcome = await wb.service.update(placementId, draft, { jobId: 'blocked-2' });
    expect(cells(wb, 1, 1, outcome.headerRows + outcome.dataRows, 4)).toEqual(
      expectedCells(await direct(draft.sqlQuery), ['Customer city', 'Status', 'Count', 'Total amount']),
    );
    const [done] = await wb.service.listPlacements();
    expect(done).toEqual(expect.objectContaining({ status: 'upToDate', lastError: null, dataRows: outcome.dataRows, cols: 4 }));
  });

  it('marks a placement out of date when its definition changed elsewhere', async () => {
    const [view] = await wb.service.listPlacements();
    if (!view) throw new Error('no placement');
    const changed = await fetch(`${platform.url}/api/v1/deployments/${DEPLOYMENT}/reports/by-public-id/${view.publicId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${EDITOR}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ sqlQuery: 'SELECT status, MEASURE(count) AS count FROM orders GROUP BY 1 ORDER BY 1' }),
    });
    expect(changed.status).toBe(200);
    // Reading the definition (Edit) tells the service what the platform has now.
    const draft = await wb.service.loadDraft(placementId);
    expect(draft.sqlQuery).toContain('SELECT status');
    expect((await wb.service.listPlacements())[0]?.status).toBe('outOfDate');
    await wb.service.refresh(placementId, { jobId: 'catch-up' });
    expect((await wb.service.listPlacements())[0]?.status).toBe('upToDate');
  });

  it('cancels a refresh and leaves the cells as they were', async () => {
    const [before] = await wb.service.listPlacements();
    const rows = before?.dataRows ?? 0;
    const snapshot = cells(wb, 0, 0, rows + 3, 6);
    wb.hook.before.fn = (r) => {
      if (r.url.endsWith(SQL_QUERY_PATH)) void wb.service.cancel('cancel-1');
    };
    try {
      const err = await addinRejection(wb.service.refresh(placementId, { jobId: 'cancel-1' }));
      expect(err.kind).toBe('cancelled');
    } finally {
      wb.hook.before.fn = null;
    }
    expect(cells(wb, 0, 0, rows + 3, 6)).toEqual(snapshot);
    const [after] = await wb.service.listPlacements();
    expect(after).toEqual(expect.objectContaining({ status: 'upToDate', lastError: null, refreshedAt: before?.refreshedAt }));
    expect(wb.events).toContainEqual({ type: 'item', jobId: 'cancel-1', placementId, item: { state: 'stopped' } });
  });

  it('lets a viewer refresh but refuses the viewer an edit, saying so', async () => {
    await wb.service.signOut();
    await wb.service.signIn({ tenantUrl: platform.url, apiKey: VIEWER, authScheme: 'auto' });
    const refreshed = await wb.service.refresh(placementId, { jobId: 'viewer-refresh' });
    const [view] = await wb.service.listPlacements();
    expect(view?.dataRows).toBe(refreshed.dataRows);
    const snapshot = cells(wb, 0, 0, refreshed.dataRows + 3, 6);
    const draft = builderDraft(meta, 'Viewer edit', { rows: ['orders.status'], measures: ['orders.count'] });
    const err = await addinRejection(wb.service.update(placementId, draft, { jobId: 'viewer-update' }));
    expect(err.kind).toBe('forbidden');
    expect(err.message).toMatch(/edit access/);
    expect(err.message).toContain(`"${(await wb.service.listPlacements())[0]?.name ?? ''}"`);
    expect(cells(wb, 0, 0, refreshed.dataRows + 3, 6)).toEqual(snapshot);
    // Also when the service has not yet learnt the viewer's rights (a fresh pane): the platform's 403 reads the same.
    const fresh = reopen(wb);
    const again = await addinRejection(fresh.update(placementId, draft, { jobId: 'viewer-update-2' }));
    expect(again.kind).toBe('forbidden');
    expect(again.message).toMatch(/edit access/);
    await wb.service.signOut();
    await wb.service.signIn({ tenantUrl: platform.url, apiKey: EDITOR, authScheme: 'auto' });
  });
});
