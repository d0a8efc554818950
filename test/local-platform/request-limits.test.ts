/**
 * What the platform refuses before touching state, and its page cap.
 * Over-deep bodies, oversized placement fields and meta, legacy-shaped ids on create, other auth schemes.
 */
import { deploymentListSchema, errorBodySchema, listEnvelopeSchema, reportSchema, type Report } from '../../src/core/wire/schemas';
import { paths, SQL_QUERY_PATH } from '../../src/core/wire/wire-names';
import { MAX_META_BYTES, MAX_PLACEMENT_FIELD_CHARS } from '../../local-platform/body-limits';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../local-platform/json-depth';
import { MAX_LIMIT } from '../../local-platform/pagination';
import { platformPerFile } from '../helpers/platform-per-file';
import { ADMIN, EDITOR, VIEWER, call, freshPublicId, type Answer } from './http';

const platform = platformPerFile();

const errorOf = (a: Answer, status: number): string => {
  expect(a.status).toBe(status);
  return errorBodySchema.parse(a.json).error;
};
const reportOf = (a: Answer): Report => {
  expect([200, 201]).toContain(a.status);
  return reportSchema.parse(a.json);
};
const create = (body: Record<string, unknown> = {}): Promise<Answer> =>
  call('POST', platform.url + paths.reports('101'), { body: { name: 'Limits', ...body } });
const deep = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

describe('bodies nested too deep', () => {
  it('a body nested 100,000 levels deep is a 400 before anything changes, and consumes no report id', async () => {
    const before = reportOf(await create());
    const deepMeta = `{"name":"Deep","meta":{"a":${deep(100_000)}}}`;
    expect(
      errorOf(await call('PUT', platform.url + paths.reportByPublicId('101', freshPublicId('deep')), { body: deepMeta }), 400),
    ).toMatch(/more than 32 levels deep/);
    expect(errorOf(await call('POST', platform.url + paths.reports('101'), { body: deepMeta }), 400)).toMatch(/levels deep/);
    expect(errorOf(await call('PUT', platform.url + paths.reportById('101', before.id), { body: deepMeta }), 400)).toMatch(/levels deep/);
    const after = reportOf(await create());
    expect(after.id).toBe(before.id + 1);
    expect(reportOf(await call('GET', platform.url + paths.reportById('101', before.id)))).toMatchObject({ version: before.version });
  });

  it('the query API answers 400 to a deep body', async () => {
    const a = await call('POST', `${platform.url}/d/101${SQL_QUERY_PATH}`, {
      key: null,
      headers: { Authorization: VIEWER },
      body: `{"query":"SELECT 1","x":${deep(100_000)}}`,
    });
    expect(a.status).toBe(400);
    expect(a.text).toMatch(/levels deep/);
  });

  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan(deep(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(deep(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ s: '['.repeat(1000) + '\\"[[' }))).toBe(false);
  });
});

describe('size limits of stored fields', () => {
  const connect = (r: Report, body: Record<string, unknown>, key = VIEWER): Promise<Answer> =>
    call('PUT', platform.url + paths.connectWorkbook('101', r.id), {
      key,
      body: { externalWorkbookId: 'wb-limits', placementId: 'p1', ...body },
    });

  it.each(['externalWorkbookId', 'placementId', 'workbookName', 'sheetId', 'sheetName', 'anchorCell', 'endResultCell', 'resultLocation'])(
    'connect-workbook: a %s over the limit is a 400 naming it, and no placement is stored',
    async (field) => {
      const r = reportOf(await create());
      const message = errorOf(await connect(r, { [field]: 'x'.repeat(MAX_PLACEMENT_FIELD_CHARS + 1) }), 400);
      expect(message).toContain(field);
      expect(message).toContain(String(MAX_PLACEMENT_FIELD_CHARS));
      const read = reportOf(await call('GET', platform.url + paths.reportById('101', r.id)));
      expect(read.externalWorkbookPlacements ?? []).toEqual([]);
      expect(reportOf(await connect(r, { [field]: 'x'.repeat(MAX_PLACEMENT_FIELD_CHARS) })).externalWorkbookPlacements).toHaveLength(1);
    },
  );

  it('a meta over the limit is a 400 on create, upsert and update; one within it is stored', async () => {
    const big = { blob: 'x'.repeat(MAX_META_BYTES) };
    expect(errorOf(await create({ meta: big }), 400)).toMatch(/meta: .* more than the 16384 allowed/);
    const publicId = freshPublicId('meta');
    expect(
      errorOf(await call('PUT', platform.url + paths.reportByPublicId('101', publicId), { body: { name: 'M', meta: big } }), 400),
    ).toMatch(/meta/);
    const r = reportOf(await create({ meta: { blob: 'x'.repeat(MAX_META_BYTES - 100) } }));
    expect(errorOf(await call('PUT', platform.url + paths.reportById('101', r.id), { body: { meta: big } }), 400)).toMatch(/meta/);
    expect(reportOf(await call('GET', platform.url + paths.reportById('101', r.id))).version).toBe(1);
    expect(errorOf(await create({ workbookName: 'w'.repeat(MAX_PLACEMENT_FIELD_CHARS + 1) }), 400)).toMatch(/workbookName/);
  });
});

describe('page size', () => {
  it(`a limit above ${MAX_LIMIT} gives a page of ${MAX_LIMIT}, echoed in pagination.limit`, async () => {
    for (let i = 0; i < MAX_LIMIT + 5; i++) reportOf(await create({ name: `Page ${i}` }));
    const list = listEnvelopeSchema('reports', reportSchema).parse(
      (await call('GET', `${platform.url}${paths.reports('101')}?limit=100000`, { key: ADMIN })).json,
    );
    expect(list.data.reports).toHaveLength(MAX_LIMIT);
    expect(list.pagination.limit).toBe(MAX_LIMIT);
    expect(list.pagination.total).toBeGreaterThan(MAX_LIMIT);
    const deployments = deploymentListSchema.parse((await call('GET', `${platform.url}${paths.deployments()}?limit=999999999`)).json);
    expect(deployments.pagination.limit).toBe(MAX_LIMIT);
  });
});

describe('legacy-shaped publicIds', () => {
  it('are refused on create (upsert, POST, PUT by id) so the real legacy report stays reachable', async () => {
    // legacy000001 is deployment 101's legacy report 2; deployment 102 has none.
    expect(
      errorOf(await call('PUT', platform.url + paths.reportByPublicId('102', 'legacy000001'), { body: { name: 'Squat' } }), 400),
    ).toMatch(/shape of a synthesized legacy id/);
    expect(
      errorOf(await call('PUT', platform.url + paths.reportByPublicId('101', 'legacy000777'), { body: { name: 'Squat' } }), 400),
    ).toMatch(/legacy/);
    expect(
      errorOf(await call('POST', platform.url + paths.reports('102'), { body: { name: 'Squat', publicId: 'legacy000001' } }), 400),
    ).toMatch(/legacy/);
    const fresh = reportOf(await call('POST', platform.url + paths.reports('102'), { body: { name: 'No id yet' } }));
    expect(fresh.publicId).not.toMatch(/^legacy\d{6}$/);
    const noId = reportOf(await call('POST', platform.url + paths.reports('101'), { body: { name: 'Plain' } }));
    expect(noId.publicId).toBeTruthy();
    // The legacy report itself is still adopted by its synthesized id.
    const adopted = reportOf(
      await call('PUT', platform.url + paths.reportByPublicId('101', 'legacy000001'), { body: { name: 'Adopted' } }),
    );
    expect(adopted).toMatchObject({ id: 2, publicId: 'legacy000001', name: 'Adopted' });
  });

  it('PUT /reports/{id} may not give a report a legacy-shaped id (a legacy report adopts its own through the upsert)', async () => {
    // Report 3 is a legacy report without publicId (legacy ref 2, shared with report 4).
    for (const publicId of ['legacy000009', 'legacy000002']) {
      expect(errorOf(await call('PUT', platform.url + paths.reportById('101', 3), { body: { publicId } }), 400)).toMatch(/legacy/);
    }
    expect(reportOf(await call('PUT', platform.url + paths.reportById('101', 3), { body: { publicId: 'ownReport003' } })).publicId).toBe(
      'ownReport003',
    );
  });
});

describe('query API auth scheme', () => {
  const query = (authorization: string): Promise<Answer> =>
    call('POST', `${platform.url}/d/101${SQL_QUERY_PATH}`, {
      key: null,
      headers: { Authorization: authorization },
      body: { query: 'SELECT 1 AS a' },
    });

  it.each([`Whatever ${VIEWER}`, `Basic ${VIEWER}`, `Token ${EDITOR}`, `Bearer ${VIEWER} extra`, `${VIEWER} ${VIEWER}`])(
    'refuses %s with 403',
    async (h) => {
      const a = await query(h);
      expect(a.status).toBe(403);
      errorBodySchema.parse(a.json);
    },
  );

  it.each([VIEWER, `Bearer ${VIEWER}`, `bearer ${EDITOR}`])('answers %s', async (h) => {
    expect((await query(h)).status).toBe(200);
  });
});
