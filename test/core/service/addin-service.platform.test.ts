/**
 * createAddinService against the real local platform and a MemoryHost.
 * Sign-in, context, insert, update, viewer rights, cancel, refresh all.
 */
import { randomBytes } from 'node:crypto';
import { fetchTransport, type FetchLike } from '../../../src/browser/fetch-transport';
import { QueryClient } from '../../../src/core/api/query-client';
import type { QueryResult } from '../../../src/core/api/query-result';
import { columnTypeName, type Meta } from '../../../src/core/wire/schemas';
import type { Transport, TransportRequest } from '../../../src/core/api/transport';
import type { Clock } from '../../../src/core/runtime/clock';
import { SQL_QUERY_PATH } from '../../../src/core/wire/wire-names';
import { emptyBuilderState, type BuilderState } from '../../../src/core/builder/builder-state';
import { compileBuilder } from '../../../src/core/builder/compile';
import type { Scalar } from '../../../src/core/host';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import type { AddinService, ReportDraft, ServiceEvent } from '../../../src/core/service/addin-service';
import { createAddinService } from '../../../src/core/service/create-addin-service';
import { startPlatform, type RunningPlatform } from '../../../local-platform/server';
import { addinRejection } from '../../helpers/caught-error';
import { reportNames } from '../../browser/platform-reports';

const EDITOR = 'dev-editor-key';
const VIEWER = 'dev-viewer-key';
const DEPLOYMENT = '101';
const TIMEZONE = 'UTC';

/** Real time, but pauses (retry backoff, Continue wait) return at once: the tests never wait on a timer. */
const clock: Clock = {
  now: () => Date.now(),
  sleep: async (_ms, signal) => {
    if (signal?.cancelled) throw new Error('aborted');
  },
};

const baseTransport = fetchTransport(globalThis.fetch as FetchLike);

/** A transport that lets a test look at (and act on) each request before it goes out. */
function hookedTransport(): { transport: Transport; before: { fn: ((r: TransportRequest) => TransportRequest | void) | null } } {
  const before: { fn: ((r: TransportRequest) => TransportRequest | void) | null } = { fn: null };
  const transport: Transport = (request) => {
    const changed = before.fn?.(request);
    return baseTransport(changed ?? request);
  };
  return { transport, before };
}

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startPlatform({ port: 0, memory: true, rows: 2000, faults: true });
});
afterAll(() => platform.close());

interface Workbook {
  host: MemoryHost;
  service: AddinService;
  hook: ReturnType<typeof hookedTransport>;
  events: ServiceEvent[];
  sheetId: string;
}

/** The service over this workbook's host and transport, with the test clock and the real platform; `extra` adds deps. */
function serviceOf(
  host: MemoryHost,
  hook: ReturnType<typeof hookedTransport>,
  extra: Partial<Parameters<typeof createAddinService>[0]> = {},
): AddinService {
  return createAddinService({
    host,
    transport: hook.transport,
    clock,
    random: Math.random,
    randomBytes: (n) => new Uint8Array(randomBytes(n)),
    defaultTenantUrl: platform.url,
    timezone: TIMEZONE,
    ...extra,
  });
}

function workbook(name: string): Workbook {
  const host = new MemoryHost(new WorkbookModel({ name }), { mintWorkbookId: () => `wb-${name}` });
  const hook = hookedTransport();
  const service = serviceOf(host, hook);
  const events: ServiceEvent[] = [];
  service.subscribe((e) => events.push(e));
  const sheetId = host.model.sheets()[0]?.id ?? '';
  return { host, service, hook, events, sheetId };
}

/** Reopens the same workbook (same document and credential store) in a new service, as a reloaded pane would. */
function reopen(wb: Workbook): AddinService {
  return serviceOf(wb.host, wb.hook);
}

async function signedIn(name: string, key = EDITOR): Promise<Workbook> {
  const wb = workbook(name);
  await wb.service.signIn({ tenantUrl: platform.url, apiKey: key, authScheme: 'auto' });
  const envs = await wb.service.listEnvironments(DEPLOYMENT);
  const production = envs.find((e) => e.type === 'production');
  if (!production) throw new Error('no production environment');
  await wb.service.setContext({ deploymentId: DEPLOYMENT, environmentId: production.id });
  return wb;
}

function builderDraft(meta: Meta, name: string, partial: Partial<BuilderState>): ReportDraft {
  const state: BuilderState = { ...emptyBuilderState(), view: 'orders', ...partial };
  const c = compileBuilder(state, meta);
  return {
    name,
    description: `${name} (test)`,
    mode: 'builder',
    sqlQuery: c.sqlQuery,
    jsonQuery: c.jsonQuery,
    pivotItems: c.pivotItems,
    builderState: state,
  };
}

/** The same SQL run directly on the platform's query API. */
async function direct(sql: string): Promise<QueryResult> {
  const deployment = (await (
    await fetch(`${platform.url}/api/v1/deployments`, { headers: { Authorization: `Bearer ${EDITOR}` } })
  ).json()) as {
    data: { deployments: Array<{ id: string; deploymentUrl: string }> };
  };
  const url = deployment.data.deployments.find((d) => d.id === DEPLOYMENT)?.deploymentUrl ?? '';
  return new QueryClient({
    deploymentUrl: url,
    credential: EDITOR,
    transport: baseTransport,
    clock,
    random: Math.random,
    defaultTimezone: TIMEZONE,
  }).run({ query: sql });
}

/** The result as the cells should read: header of `header` (else the column names), numbers as numbers, text as text. */
function expectedCells(result: QueryResult, header?: string[]): Scalar[][] {
  const numeric = result.columns.map((c) => /^(Int|UInt|Double|Float|Decimal)/.test(columnTypeName(c.column_type)));
  return [
    header ?? result.columns.map((c) => c.name),
    ...result.rows.map((row) => row.map((v, j) => (v === null ? null : numeric[j] && typeof v === 'string' ? Number(v) : v))),
  ];
}

function cells(wb: Workbook, row: number, col: number, rows: number, cols: number): Scalar[][] {
  return wb.host.model.getValues(wb.sheetId, { row, col, rows, cols });
}

function documentText(host: MemoryHost): string {
  return JSON.stringify(host.model.toJSON());
}

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
    expect(wb.host.credentials.values()).toEqual([]);
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
    // A reloaded pane has not heard from the platform yet: the status is as of the last refresh.
    expect((await reopen(wb).listPlacements())[0]).toEqual(
      expect.objectContaining({ status: 'upToDate', statusCheckedAt: null, dataRows: expected.length - 1 }),
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

describe('rights follow the signed-in key', () => {
  it('shows the viewer read only, and the editor who signs in next editable, with nothing of the viewer kept', async () => {
    const wb = await signedIn('rights');
    const meta = await wb.service.getMeta();
    wb.host.setActiveCell(wb.sheetId, 0, 0);
    const draft = builderDraft(meta, 'Rights', { rows: ['orders.status'], measures: ['orders.count'] });
    const { placementId } = await wb.service.insert(draft, await wb.service.activeCell(), { jobId: 'rights-insert', overwrite: false });
    await wb.service.signOut();
    await wb.service.signIn({ tenantUrl: platform.url, apiKey: VIEWER, authScheme: 'auto' });
    await wb.service.refresh(placementId, { jobId: 'rights-viewer' });
    expect((await wb.service.listPlacements())[0]?.canEdit).toBe(false);
    // Signed out: nobody's rights are shown.
    await wb.service.signOut();
    expect((await wb.service.listPlacements())[0]?.canEdit).toBeNull();
    await wb.service.signIn({ tenantUrl: platform.url, apiKey: EDITOR, authScheme: 'auto' });
    expect((await wb.service.listPlacements())[0]?.canEdit).toBeNull();
    // The editor's edit is not refused on the viewer's account.
    const edited = await wb.service.update(placementId, { ...draft, name: 'Rights (edited)' }, { jobId: 'rights-edit' });
    expect(edited.placementId).toBe(placementId);
    expect((await wb.service.listPlacements())[0]).toEqual(expect.objectContaining({ name: 'Rights (edited)', canEdit: true }));
  });

  it('forgets the viewer rights when another key signs in without a sign-out', async () => {
    const wb = await signedIn('rights-switch', VIEWER);
    const editor = await signedIn('rights-switch-editor');
    const meta = await editor.service.getMeta();
    const draft = builderDraft(meta, 'Switch', { rows: ['orders.status'], measures: ['orders.count'] });
    wb.host.setActiveCell(wb.sheetId, 0, 0);
    // The viewer cannot insert; the workbook gets its placement from an editor's service over the same document.
    const other = serviceOf(wb.host, wb.hook);
    await other.signIn({ tenantUrl: platform.url, apiKey: EDITOR, authScheme: 'auto' });
    const { placementId } = await other.insert(draft, await other.activeCell(), { jobId: 'switch-insert', overwrite: false });
    await wb.service.signIn({ tenantUrl: platform.url, apiKey: VIEWER, authScheme: 'auto' });
    await wb.service.refresh(placementId, { jobId: 'switch-viewer' });
    expect((await wb.service.listPlacements())[0]?.canEdit).toBe(false);
    await wb.service.signIn({ tenantUrl: platform.url, apiKey: EDITOR, authScheme: 'auto' });
    expect((await wb.service.listPlacements())[0]?.canEdit).toBeNull();
    await wb.service.refresh(placementId, { jobId: 'switch-editor' });
    expect((await wb.service.listPlacements())[0]?.canEdit).toBe(true);
  });
});

describe('one draft, one report', () => {
  let wb: Workbook;
  beforeAll(async () => {
    wb = await signedIn('one-draft');
  });

  const count = async (name: string) => (await reportNames(platform.url, EDITOR, DEPLOYMENT)).filter((n) => n === name).length;
  const sqlDraft = (name: string, sqlQuery: string): ReportDraft => ({
    name,
    description: '',
    mode: 'sql',
    sqlQuery,
    jsonQuery: null,
    pivotItems: null,
    builderState: null,
  });
  const SQL_OK = 'SELECT status, MEASURE(count) AS count FROM orders GROUP BY 1 ORDER BY 1';

  it('never sends SQL that is only whitespace: insert and update say "Write a query first" and change nothing', async () => {
    const sent: string[] = [];
    wb.hook.before.fn = (r) => {
      sent.push(r.url);
    };
    try {
      wb.host.setActiveCell(wb.sheetId, 40, 0);
      const blank = sqlDraft('Blank', ' \n\t ');
      const err = await addinRejection(
        wb.service.insert(blank, await wb.service.activeCell(), { jobId: 'blank-insert', overwrite: false }),
      );
      expect(err.kind).toBe('validation');
      expect(err.message).toContain('Write a query first');
      expect(sent).toEqual([]);
      expect(await count('Blank')).toBe(0);
      const placed = await wb.service.insert(sqlDraft('Not blank', SQL_OK), await wb.service.activeCell(), {
        jobId: 'blank-base',
        overwrite: false,
      });
      const before = cells(wb, 40, 0, placed.dataRows + 1, 2);
      sent.length = 0;
      const again = await addinRejection(wb.service.update(placed.placementId, sqlDraft('Not blank', '   '), { jobId: 'blank-update' }));
      expect(again.kind).toBe('validation');
      expect(again.message).toContain('Write a query first');
      expect(sent.filter((url) => url.includes(SQL_QUERY_PATH))).toEqual([]);
      expect(cells(wb, 40, 0, placed.dataRows + 1, 2)).toEqual(before);
      expect((await wb.service.loadDraft(placed.placementId)).sqlQuery).toBe(SQL_OK);
    } finally {
      wb.hook.before.fn = null;
    }
  });

  it('a blocked insert saves no report; Insert again after placing is blocked and still one report', async () => {
    const name = 'One draft: blocked';
    wb.host.setActiveCell(wb.sheetId, 1, 1);
    const target = await wb.service.activeCell();
    await wb.service.insert(sqlDraft(name, SQL_OK), target, { jobId: 'd1-1', overwrite: false, publicId: 'OneDraft0001' });
    expect(await count(name)).toBe(1);
    // Insert again at B2 (a new draft, its own publicId): another report's cells are there.
    const again = await addinRejection(
      wb.service.insert(sqlDraft(name, SQL_OK), target, { jobId: 'd1-2', overwrite: false, publicId: 'OneDraft0002' }),
    );
    expect(again.kind).toBe('blocked');
    expect(await count(name)).toBe(1);
  });

  it('SQL with a typo, fixed, then Insert: one report', async () => {
    const name = 'One draft: typo';
    const target = { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 1, col: 10, label: 'Sheet1!K2' };
    const typo = await addinRejection(
      wb.service.insert(sqlDraft(name, 'SELEC status FROM orders'), target, { jobId: 'd2-1', overwrite: false, publicId: 'OneDraft0003' }),
    );
    expect(typo.kind).toBe('query');
    expect(await count(name)).toBe(0);
    await wb.service.insert(sqlDraft(name, SQL_OK), target, { jobId: 'd2-2', overwrite: false, publicId: 'OneDraft0003' });
    expect(await count(name)).toBe(1);
  });

  it('overwrite question, Cancel, Insert, Overwrite: one report', async () => {
    const name = 'One draft: overwrite';
    wb.host.model.setValue(wb.sheetId, 3, 20, 'mine');
    const target = { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 1, col: 20, label: 'Sheet1!U2' };
    const options = { overwrite: false, publicId: 'OneDraft0004' };
    expect((await addinRejection(wb.service.insert(sqlDraft(name, SQL_OK), target, { ...options, jobId: 'd3-1' }))).kind).toBe('blocked');
    expect((await addinRejection(wb.service.insert(sqlDraft(name, SQL_OK), target, { ...options, jobId: 'd3-2' }))).kind).toBe('blocked');
    const out = await wb.service.insert(sqlDraft(name, SQL_OK), target, { ...options, jobId: 'd3-3', overwrite: true });
    expect(await count(name)).toBe(1);
    expect((await wb.service.listPlacements()).find((p) => p.placementId === out.placementId)?.publicId).toBe('OneDraft0004');
  });
});

describe('orphaned placements', () => {
  /** A service that hears of the model's sheet and area changes, as the preview's does. */
  function watchedWorkbook(name: string): Workbook & { changes: number } {
    const wb = workbook(name);
    const service = serviceOf(wb.host, wb.hook, {
      workbookChanges: (onChange) =>
        wb.host.model.subscribe((c) => {
          if (c.type === 'sheets' || c.type === 'areas') onChange();
        }),
    });
    const watched = { ...wb, service, events: [] as ServiceEvent[], changes: 0 };
    service.subscribe((e) => {
      watched.events.push(e);
      if (e.type === 'placementsChanged') watched.changes += 1;
    });
    return watched;
  }

  it('lists a placement whose sheet or rows were deleted as orphaned, says so on the change, and refresh explains instead of failing', async () => {
    const wb = watchedWorkbook('orphans');
    await wb.service.signIn({ tenantUrl: platform.url, apiKey: EDITOR, authScheme: 'auto' });
    const production = (await wb.service.listEnvironments(DEPLOYMENT)).find((e) => e.type === 'production');
    await wb.service.setContext({ deploymentId: DEPLOYMENT, environmentId: production?.id ?? null });
    const meta = await wb.service.getMeta();
    const other = wb.host.model.addSheet('Other');
    const draft = builderDraft(meta, 'On its own sheet', { rows: ['orders.status'], measures: ['orders.count'] });
    const onSheet = await wb.service.insert(
      draft,
      { sheetId: other.id, sheetName: 'Other', row: 1, col: 1, label: 'Other!B2' },
      { jobId: 'o1', overwrite: false },
    );
    const onRows = await wb.service.insert(
      draft,
      { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 4, col: 0, label: 'Sheet1!A5' },
      { jobId: 'o2', overwrite: false },
    );

    // Renaming and moving are heard too: the list's labels follow.
    let before = wb.changes;
    wb.host.model.renameSheet(other.id, 'Renamed');
    expect(wb.changes).toBeGreaterThan(before);
    expect((await wb.service.listPlacements()).find((p) => p.placementId === onSheet.placementId)?.rangeLabel).toMatch(/^Renamed!B2:/);

    before = wb.changes;
    wb.host.model.deleteSheet(other.id);
    expect(wb.changes).toBeGreaterThan(before);
    before = wb.changes;
    wb.host.model.deleteRows(wb.sheetId, 2, onRows.headerRows + onRows.dataRows + 10);
    expect(wb.changes).toBeGreaterThan(before);
    // A cell edit is not a layout change.
    before = wb.changes;
    wb.host.model.setValue(wb.sheetId, 0, 0, 'typed');
    expect(wb.changes).toBe(before);

    const listed = await wb.service.listPlacements();
    for (const id of [onSheet.placementId, onRows.placementId]) {
      expect(listed.find((p) => p.placementId === id)).toEqual(expect.objectContaining({ status: 'orphaned', rangeLabel: null }));
      const err = await addinRejection(wb.service.refresh(id, { jobId: `refresh-${id}` }));
      expect(err.kind).toBe('notFound');
      expect(err.message).toMatch(/no longer in the workbook .*Remove it from the list, or insert the report again\./);
      expect((await wb.service.listPlacements()).find((p) => p.placementId === id)?.status).toBe('orphaned');
    }
    const goTo = await addinRejection(wb.service.goTo(onSheet.placementId));
    expect(goTo.message).toContain('no longer in the workbook');
    // Remove forgets it (there are no cells to clear).
    await wb.service.remove(onSheet.placementId, { clearCells: true });
    expect((await wb.service.listPlacements()).map((p) => p.placementId)).toEqual([onRows.placementId]);
  });

  it('stops listening to the host once nobody listens to the service', () => {
    let watching = 0;
    const host = new MemoryHost(new WorkbookModel({ name: 'unwatched' }), { mintWorkbookId: () => 'wb-unwatched' });
    const service = createAddinService({
      host,
      transport: baseTransport,
      clock,
      random: Math.random,
      randomBytes: (n) => new Uint8Array(randomBytes(n)),
      defaultTenantUrl: null,
      timezone: TIMEZONE,
      workbookChanges: () => {
        watching += 1;
        return () => {
          watching -= 1;
        };
      },
    });
    expect(watching).toBe(0);
    const first = service.subscribe(() => undefined);
    const second = service.subscribe(() => undefined);
    expect(watching).toBe(1);
    first();
    expect(watching).toBe(1);
    second();
    expect(watching).toBe(0);
  });
});

describe('header titles', () => {
  it("keeps a SQL-mode report's column names as written, even where a member of that name has a title", async () => {
    const wb = await signedIn('sql-headers');
    const sql = 'SELECT status, MEASURE(count) AS count, MEASURE(total_amount) AS "Sum of amount" FROM orders GROUP BY 1 ORDER BY 1';
    const draft: ReportDraft = {
      name: 'SQL by status',
      description: '',
      mode: 'sql',
      sqlQuery: sql,
      jsonQuery: null,
      pivotItems: null,
      builderState: null,
    };
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
  const draftOf = (name: string, sqlQuery: string): ReportDraft => ({
    name,
    description: '',
    mode: 'sql',
    sqlQuery,
    jsonQuery: null,
    pivotItems: null,
    builderState: null,
  });

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
