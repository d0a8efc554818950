/** Contract tests of PUT .../reports/by-public-id/{publicId} (3.4, 4.9, 7.3) over real HTTP, one platform for the file. */
import { errorBodySchema, listEnvelopeSchema, reportSchema, type Report } from '../../src/core/wire/schemas';
import { CODE_AMBIGUOUS_LEGACY_ID, CODE_UPSERT_BRANCH_CHANGED, paths } from '../../src/core/wire/wire-names';
import { platformPerFile } from '../helpers/platform-per-file';
import { ADMIN, EDITOR, VIEWER, call, freshPublicId, type Answer } from './http';

const platform = platformPerFile();

const upsert = (
  deploymentId: string,
  publicId: string,
  body: unknown,
  key = EDITOR,
  headers: Record<string, string> = {},
): Promise<Answer> => call('PUT', platform.url + paths.reportByPublicId(deploymentId, publicId), { key, body, headers });

const report = (a: Answer): Report => {
  expect(a.status).toBe(200);
  return reportSchema.parse(a.json);
};

const conflict = (a: Answer): { error: string; code?: string | undefined } => {
  expect(a.status).toBe(409);
  return errorBodySchema.parse(a.json);
};

async function reportsWithPublicId(deploymentId: string, publicId: string): Promise<Report[]> {
  const a = await call('GET', `${platform.url}${paths.reports(deploymentId)}?limit=100000`, { key: ADMIN });
  const list = listEnvelopeSchema('reports', reportSchema).parse(a.json);
  return list.data.reports.filter((r) => r.publicId === publicId);
}

const sampleBody = {
  name: 'Orders by status',
  title: 'Orders by status',
  sqlQuery: 'SELECT status, MEASURE(count) FROM orders GROUP BY 1',
  jsonQuery: '{"measures":["orders.count"],"dimensions":["orders.status"]}',
  meta: { chart: 'table' },
  pivotItems: { rows: ['orders.status'], columns: [], measures: ['orders.count'], filters: [] },
  externalWorkbookId: 'wb-1',
  resultLocation: 'Sheet1!A1',
  source: 'SPREADSHEET_1',
};

describe('3.4 / 4.9 create or update by publicId', () => {
  it('4.9 creates a report with that publicId and answers the full Report (2.8)', async () => {
    const publicId = freshPublicId();
    const r = report(await upsert('101', publicId, sampleBody));
    expect(r).toMatchObject({
      publicId,
      deploymentId: 101,
      name: sampleBody.name,
      type: 'REPORT',
      source: 'SPREADSHEET_1',
      sqlQuery: sampleBody.sqlQuery,
      jsonQuery: sampleBody.jsonQuery,
      meta: { chart: 'table' },
      version: 1,
      canEdit: true,
      canManage: true,
      createdBy: 2,
      userId: 2,
      user: { id: 2, email: 'eddie.editor@acme.example', firstName: 'Eddie' },
      pivotItems: { ...sampleBody.pivotItems, measuresAxis: 'columns', measuresPosition: 'before' },
      externalWorkbookPlacements: [],
    });
    expect(r.currentQueryChecksum).toMatch(/^[0-9a-f]{64}$/);
    expect(r.createdAt).toBe(r.updatedAt);
    expect(r.rolesWithAccess?.[0]?.actions).toContain('All');
  });

  it.each(['short', 'abcdefABCDE_', 'abcdefABCDEFG', 'abcdefABCDé1'])(
    '8 a publicId %j that is not 12 of [0-9A-Za-z] is a 400',
    async (bad) => {
      const a = await upsert('101', bad, sampleBody);
      expect(a.status).toBe(400);
      expect(errorBodySchema.parse(a.json).error).toMatch(/publicId/);
    },
  );

  it('4.9 an invalid body is a 400 naming the field', async () => {
    const a = await upsert('101', freshPublicId(), { ...sampleBody, pivotItems: { ...sampleBody.pivotItems, rows: 'orders.status' } });
    expect(a.status).toBe(400);
    expect(errorBodySchema.parse(a.json).error).toMatch(/pivotItems\.rows/);
    const b = await upsert('101', freshPublicId(), { ...sampleBody, source: 'EXCEL' });
    expect(errorBodySchema.parse(b.json).error).toMatch(/source/);
  });

  it('4.9 a body publicId different from the path is a 400', async () => {
    const a = await upsert('101', freshPublicId(), { ...sampleBody, publicId: 'ZZZZZZZZZZZZ' });
    expect(a.status).toBe(400);
    expect(errorBodySchema.parse(a.json).error).toMatch(/publicId/);
  });

  it('3.4 creating needs the create right: the viewer gets 403 and nothing is created', async () => {
    const publicId = freshPublicId();
    const a = await upsert('101', publicId, sampleBody, VIEWER);
    expect(a.status).toBe(403);
    expect(errorBodySchema.parse(a.json).error).toMatch(/create/);
    expect(await reportsWithPublicId('101', publicId)).toHaveLength(0);
  });

  it('3.4 updating needs edit access: the viewer gets 403 with a clear message and nothing changes', async () => {
    const publicId = freshPublicId();
    const created = report(await upsert('101', publicId, sampleBody));
    const a = await upsert('101', publicId, { name: 'Renamed by viewer' }, VIEWER);
    expect(a.status).toBe(403);
    expect(errorBodySchema.parse(a.json).error).toMatch(/edit access/);
    const [after] = await reportsWithPublicId('101', publicId);
    expect(after).toMatchObject({ name: created.name, version: 1, updatedAt: created.updatedAt });
  });

  it('3.4 an update changes the sent fields only and bumps version and updatedAt', async () => {
    const publicId = freshPublicId();
    const created = report(await upsert('101', publicId, sampleBody));
    await new Promise((r) => setTimeout(r, 5));
    const updated = report(await upsert('101', publicId, { name: 'Renamed', sqlQuery: 'SELECT 1 AS one' }));
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Renamed',
      sqlQuery: 'SELECT 1 AS one',
      title: sampleBody.title,
      jsonQuery: sampleBody.jsonQuery,
      version: 2,
    });
    expect(updated.updatedAt).not.toBe(created.updatedAt);
    expect(updated.createdAt).toBe(created.createdAt);
    expect(updated.currentQueryChecksum).not.toBe(created.currentQueryChecksum);
  });

  it('4.9 identical resend changes nothing (same updatedAt and version)', async () => {
    const publicId = freshPublicId();
    const first = report(await upsert('101', publicId, sampleBody));
    await new Promise((r) => setTimeout(r, 5));
    const again = report(await upsert('101', publicId, sampleBody));
    const keyOrderChanged = report(
      await upsert('101', publicId, {
        ...sampleBody,
        meta: { chart: 'table' },
        pivotItems: { filters: [], measures: ['orders.count'], columns: [], rows: ['orders.status'] },
      }),
    );
    for (const r of [again, keyOrderChanged]) {
      expect(r.id).toBe(first.id);
      expect(r.version).toBe(first.version);
      expect(r.updatedAt).toBe(first.updatedAt);
      expect(r.currentQueryChecksum).toBe(first.currentQueryChecksum);
    }
  });

  it('2.8 source is recorded at creation and ignored on update', async () => {
    const publicId = freshPublicId();
    report(await upsert('101', publicId, { ...sampleBody, source: 'SPREADSHEET_2' }));
    const updated = report(await upsert('101', publicId, { ...sampleBody, source: 'PLAYGROUND' }));
    expect(updated.source).toBe('SPREADSHEET_2');
    expect(updated.version).toBe(1);
  });

  it('3.4 an admin may update a report an editor created; canManage follows the caller', async () => {
    const publicId = freshPublicId();
    report(await upsert('101', publicId, sampleBody, EDITOR));
    const byAdmin = report(await upsert('101', publicId, { name: 'Admin rename' }, ADMIN));
    expect(byAdmin).toMatchObject({ name: 'Admin rename', canManage: true, createdBy: 2, refreshedBy: 1 });
    const asViewer = report(await call('GET', platform.url + paths.reportById('101', byAdmin.id), { key: VIEWER }));
    expect(asViewer).toMatchObject({ canEdit: false, canManage: false });
  });
});

describe('7.3 conflicts', () => {
  it('7.3 publicId in another deployment -> 409 without code', async () => {
    const publicId = freshPublicId();
    report(await upsert('101', publicId, sampleBody));
    for (const key of [EDITOR, VIEWER, ADMIN]) {
      const body = conflict(await upsert('102', publicId, sampleBody, key));
      expect(body.code).toBeUndefined();
      expect(body.error).toMatch(/another deployment/);
    }
    expect(await reportsWithPublicId('102', publicId)).toHaveLength(0);
  });

  it('7.3 publicId in another deployment -> 409 without code even when the caller cannot see that report', async () => {
    // InternalKPIs lives in deployment 103, which only admins can see.
    expect((await call('GET', platform.url + paths.environments('103'), { key: EDITOR })).status).toBe(404);
    const body = conflict(await upsert('101', 'InternalKPIs', sampleBody, EDITOR));
    expect(body.code).toBeUndefined();
  });

  it('7.3 legacy id matching exactly one report is adopted as its publicId and the report updated', async () => {
    const adopted = report(await upsert('101', 'legacy000001', { name: 'Revenue by category' }));
    expect(adopted).toMatchObject({ id: 2, publicId: 'legacy000001', name: 'Revenue by category', version: 2 });
    const again = report(await upsert('101', 'legacy000001', { name: 'Revenue by category' }));
    expect(again).toMatchObject({ id: 2, version: 2, updatedAt: adopted.updatedAt });
  });

  it('7.3 legacy id matching two reports -> 409 ambiguous_legacy_id and nothing changed', async () => {
    const before = await Promise.all([3, 4].map(async (id) => report(await call('GET', platform.url + paths.reportById('101', id)))));
    expect(before.map((r) => r.publicId)).toEqual(['legacy000002', 'legacy000002']);
    const body = conflict(await upsert('101', 'legacy000002', { name: 'Should not land' }));
    expect(body.code).toBe(CODE_AMBIGUOUS_LEGACY_ID);
    const after = await Promise.all([3, 4].map(async (id) => report(await call('GET', platform.url + paths.reportById('101', id)))));
    expect(after).toEqual(before);
  });

  it('7.3 upsert-race fault on a create -> 409 upsert_branch_changed; the retry updates the report the other writer created', async () => {
    const publicId = freshPublicId();
    const lost = conflict(await upsert('101', publicId, sampleBody, EDITOR, { 'x-fault': 'upsert-race' }));
    expect(lost.code).toBe(CODE_UPSERT_BRANCH_CHANGED);
    const retried = report(await upsert('101', publicId, sampleBody));
    expect(retried.publicId).toBe(publicId);
    expect(await reportsWithPublicId('101', publicId)).toHaveLength(1);
  });

  it('7.3 upsert-race fault on an update -> 409 upsert_branch_changed; the report and its placements survive and the retry applies', async () => {
    const publicId = freshPublicId();
    const created = report(await upsert('101', publicId, sampleBody));
    report(
      await call('PUT', platform.url + paths.connectWorkbook('101', created.id), {
        body: { externalWorkbookId: 'wb-race', placementId: 'p1' },
      }),
    );
    const lost = conflict(await upsert('101', publicId, { name: 'After race' }, EDITOR, { 'x-fault': 'upsert-race' }));
    expect(lost.code).toBe(CODE_UPSERT_BRANCH_CHANGED);
    const [survivor] = await reportsWithPublicId('101', publicId);
    expect(survivor).toMatchObject({ name: sampleBody.name, sqlQuery: sampleBody.sqlQuery });
    expect(survivor?.externalWorkbookPlacements?.map((p) => p.workbookId)).toEqual(['wb-race']);
    const retried = report(await upsert('101', publicId, { name: 'After race' }));
    expect(retried.name).toBe('After race');
    expect(await reportsWithPublicId('101', publicId)).toHaveLength(1);
  });

  it('7.3 two concurrent upserts on one fresh publicId: exactly one creates, the other updates or gets upsert_branch_changed, never a duplicate', async () => {
    for (let round = 0; round < 8; round++) {
      const publicId = freshPublicId('race');
      const answers = await Promise.all([
        upsert('101', publicId, { ...sampleBody, name: 'Writer A' }),
        upsert('101', publicId, { ...sampleBody, name: 'Writer B' }, ADMIN),
      ]);
      const ok = answers.filter((a) => a.status === 200).map((a) => reportSchema.parse(a.json));
      const lost = answers.filter((a) => a.status !== 200);
      for (const a of lost) expect(conflict(a).code).toBe(CODE_UPSERT_BRANCH_CHANGED);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(ok.filter((r) => r.version === 1)).toHaveLength(1);
      expect(new Set(ok.map((r) => r.id)).size).toBe(1);
      expect(await reportsWithPublicId('101', publicId)).toHaveLength(1);
    }
  });
});
