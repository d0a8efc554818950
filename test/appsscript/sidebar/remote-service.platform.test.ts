// The sidebar's AddinService over google.script.run against the local platform.
// google.script.run is bridged to the BUILT server bundle in a vm (JSON only, asynchronous answers): the pane's calls
// answer typed values, a job's item events arrive from jobStatus polling, errors keep their kind.
import { remoteAddinService } from '../../../appsscript/sidebar/remote-service';
import { mintCallId, serverClient } from '../../../appsscript/sidebar/server-client';
import type { AddinService, ServiceEvent } from '../../../src/core/service/addin-service';
import { addinRejection } from '../../helpers/caught-error';
import { BY_STATUS_SQL, sqlDraft } from '../../helpers/sql-draft';
import { createFakeEnvironment, type FakeEnvironment } from '../fakes/environment';
import { useBuiltServer } from '../helpers/built-server';
import { scriptRunBridge } from '../helpers/script-run-bridge';

const server = useBuiltServer('sheets-remote-');
let env: FakeEnvironment;
let service: AddinService;
let events: ServiceEvent[];

beforeEach(() => {
  env = createFakeEnvironment({ fetchCostMs: 100 });
  service = remoteAddinService(serverClient(scriptRunBridge(env, server.code).run, { sleep: async () => undefined }), {
    mintId: () => mintCallId(),
    jobPollMs: 5,
    listPollMs: 0,
  });
  events = [];
  service.subscribe((e) => events.push(e));
});
afterEach(() => env.close());

/** Signs in with the editor key and chooses the first deployment and environment; returns them. */
async function signedInWithContext(): Promise<{ deploymentId: string; environmentId: string }> {
  await service.signIn({ tenantUrl: server.platform.url, apiKey: 'dev-editor-key', authScheme: 'auto' });
  const deployments = await service.listDeployments();
  const environments = await service.listEnvironments(deployments[0]!.id);
  const context = { deploymentId: deployments[0]!.id, environmentId: environments[0]!.id };
  await service.setContext(context);
  return context;
}

test('sign in, choose the context, insert at the active cell and refresh: typed answers and the job’s events', async () => {
  expect(await service.getSession()).toMatchObject({ signedIn: false });
  expect(await service.signIn({ tenantUrl: server.platform.url, apiKey: 'dev-editor-key', authScheme: 'auto' })).toMatchObject({
    signedIn: true,
  });
  const deployments = await service.listDeployments();
  const environments = await service.listEnvironments(deployments[0]!.id);
  await service.setContext({ deploymentId: deployments[0]!.id, environmentId: environments[0]!.id });
  expect(await service.getContext()).toEqual({ deploymentId: deployments[0]!.id, environmentId: environments[0]!.id });
  expect((await service.getMeta()).cubes.length).toBeGreaterThan(0);
  const target = await service.activeCell();
  expect(target).toMatchObject({ sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' });
  const draft = sqlDraft('By status', BY_STATUS_SQL);
  const outcome = await service.insert(draft, target, { jobId: mintCallId(), overwrite: false });
  expect(outcome.rangeLabel).toMatch(/^Sheet1!A1:B\d+$/);
  expect(events.some((e) => e.type === 'placementsChanged')).toBe(true);
  events.length = 0;
  const refreshed = await service.refresh(outcome.placementId, { jobId: mintCallId() });
  expect(refreshed.dataRows).toBe(outcome.dataRows);
  expect(events).toContainEqual(
    expect.objectContaining({
      type: 'item',
      placementId: outcome.placementId,
      item: { state: 'done', dataRows: outcome.dataRows, cols: 2 },
    }),
  );
  const [view] = await service.listPlacements();
  expect(view).toMatchObject({ name: 'By status', status: 'upToDate' });
  expect((await service.loadDraft(outcome.placementId)).sqlQuery).toBe(draft.sqlQuery);
  await service.goTo(outcome.placementId);
  expect(env.book.getActiveRange().getA1Notation()).toMatch(/^A1:B\d+$/);
});

test('a server error keeps its kind: a wrong key is unauthenticated, a job without a context is validation', async () => {
  expect((await addinRejection(service.signIn({ tenantUrl: server.platform.url, apiKey: 'wrong', authScheme: 'auto' }))).kind).toBe(
    'unauthenticated',
  );
  const target = { sheetId: '0', sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' };
  const draft = sqlDraft('x', 'SELECT 1');
  expect((await addinRejection(service.insert(draft, target, { jobId: mintCallId(), overwrite: false }))).kind).toBe('validation');
});

test('move a placement and set its growth over google.script.run: parsed on both sides, the list follows', async () => {
  await signedInWithContext();
  const target = await service.activeCell();
  const draft = sqlDraft('To move', BY_STATUS_SQL);
  const outcome = await service.insert(draft, target, { jobId: mintCallId(), overwrite: false });
  await service.setPlacementGrowth(outcome.placementId, 'insertRows');
  expect((await service.listPlacements())[0]).toMatchObject({ growth: 'insertRows' });
  events.length = 0;
  const to = { ...target, row: 10, col: 3, label: 'Sheet1!D11' };
  const moved = await service.movePlacement(outcome.placementId, to, { jobId: mintCallId() });
  expect(moved.rangeLabel).toMatch(/^Sheet1!D11:E\d+$/);
  expect(events).toContainEqual({ type: 'placementsChanged' });
  const sheet = env.book.getSheets()[0]!;
  expect(sheet.getRange(11, 4, 1, 1).getValue()).toBe('status');
  expect(sheet.getRange(1, 1, 1, 1).getValue()).toBe('');
  expect((await service.listPlacements())[0]).toMatchObject({ rangeLabel: moved.rangeLabel, growth: 'insertRows' });
  const bad = await addinRejection(service.setPlacementGrowth(outcome.placementId, 'sideways' as 'ask'));
  expect(bad.kind).toBe('validation');
});

test('turn the filter summary and the anchor note on over google.script.run: the summary row and the note are on the sheet', async () => {
  await service.signIn({ tenantUrl: server.platform.url, apiKey: 'dev-editor-key', authScheme: 'auto' });
  const deployments = await service.listDeployments();
  const environments = await service.listEnvironments(deployments[0]!.id);
  await service.setContext({ deploymentId: deployments[0]!.id, environmentId: environments[0]!.id });
  const draft = {
    name: 'With context',
    description: '',
    mode: 'sql' as const,
    sqlQuery: 'SELECT status, MEASURE(count) FROM orders GROUP BY 1 ORDER BY 1',
    jsonQuery: null,
    pivotItems: null,
    builderState: null,
  };
  const outcome = await service.insert(draft, await service.activeCell(), { jobId: mintCallId(), overwrite: false });
  const rewritten = await service.setPlacementContext(outcome.placementId, { filterSummary: true }, { jobId: mintCallId() });
  expect(rewritten?.headerRows).toBe(2);
  expect(await service.setPlacementContext(outcome.placementId, { anchorNote: true }, { jobId: mintCallId() })).toBeNull();
  const sheet = env.book.getSheets()[0]!;
  expect(sheet.getRange(1, 1, 1, 1).getValue()).toBe('Filters: as written in the report’s SQL');
  expect(sheet.getRange(2, 1, 1, 1).getValue()).toBe('status');
  expect(sheet.getRange(1, 1, 1, 1).getNote()).toMatch(/^Report 'With context', refreshed \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  expect((await service.listPlacements())[0]).toMatchObject({ filterSummary: true, anchorNote: true });
  const bad = await addinRejection(
    service.setPlacementContext(outcome.placementId, { anchorNote: 'yes' as unknown as boolean }, { jobId: mintCallId() }),
  );
  expect(bad.kind).toBe('validation');
});

test('place a report again and by id over google.script.run: parsed on both sides, a bad id keeps its kind', async () => {
  await signedInWithContext();
  const target = await service.activeCell();
  const draft = sqlDraft('To place again', BY_STATUS_SQL);
  const outcome = await service.insert(draft, target, { jobId: mintCallId(), overwrite: false });
  events.length = 0;
  const again = await service.placeAgain(outcome.placementId, { ...target, row: 0, col: 4, label: 'Sheet1!E1' }, { jobId: mintCallId() });
  expect(again.rangeLabel).toMatch(/^Sheet1!E1:F\d+$/);
  expect(events).toContainEqual({ type: 'placementsChanged' });
  const reportId = (await service.listPlacements())[0]!.reportId;
  const byId = await service.placeReport(
    String(reportId),
    { ...target, row: 0, col: 8, label: 'Sheet1!I1' },
    {
      jobId: mintCallId(),
      placementId: 'SheetsPlace1',
    },
  );
  expect(byId.placementId).toBe('SheetsPlace1');
  const sheet = env.book.getSheets()[0]!;
  expect([sheet.getRange(1, 5, 1, 1).getValue(), sheet.getRange(1, 9, 1, 1).getValue()]).toEqual(['status', 'status']);
  const list = await service.listPlacements();
  expect(list.map((p) => p.reportId)).toEqual([reportId, reportId, reportId]);
  const bad = await addinRejection(service.placeReport('not a report', target, { jobId: mintCallId() }));
  expect(bad.kind).toBe('validation');
  expect(bad.message).toMatch(/number id/);
});
