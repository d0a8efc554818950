/** Contract tests of PUT /reports/{id} (write-once publicId), POST /reports, GET /reports/{id} and connect-workbook (3.3, 4.10). */
import { errorBodySchema, reportSchema, type Report } from '../../src/core/wire/schemas';
import { HOST_EXCEL, HOST_SHEETS, SYNC_OUT_OF_DATE, SYNC_UP_TO_DATE, paths } from '../../src/core/wire/wire-names';
import { platformPerFile } from '../helpers/platform-per-file';
import { ADMIN, EDITOR, VIEWER, call, freshPublicId, type Answer } from './http';

const platform = platformPerFile();

const report = (a: Answer, status = 200): Report => {
  expect(a.status).toBe(status);
  return reportSchema.parse(a.json);
};
const errorOf = (a: Answer, status: number): { error: string; code?: string | undefined } => {
  expect(a.status).toBe(status);
  return errorBodySchema.parse(a.json);
};

async function newReport(deploymentId = '101', body: Record<string, unknown> = {}): Promise<Report> {
  return report(
    await call('PUT', platform.url + paths.reportByPublicId(deploymentId, freshPublicId()), {
      body: { name: 'Revenue', sqlQuery: 'SELECT MEASURE(total_amount) FROM orders', ...body },
    }),
  );
}

const connect = (r: Report, body: Record<string, unknown>, key = EDITOR, headers: Record<string, string> = {}): Promise<Answer> =>
  call('PUT', platform.url + paths.connectWorkbook(String(r.deploymentId), r.id), { key, body, headers });

describe('PUT /reports/{reportId} (minimal; write-once publicId)', () => {
  it('4.9 publicId is write-once: set when absent, the same value is fine, another value is a 400', async () => {
    const created = report(await call('POST', platform.url + paths.reports('101'), { body: { name: 'No publicId yet' } }), 201);
    expect(created.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
    // A legacy report has no real publicId: it gets one once.
    const assigned = report(await call('PUT', platform.url + paths.reportById('101', 3), { body: { publicId: 'cityReport01' } }));
    expect(assigned.publicId).toBe('cityReport01');
    const same = report(await call('PUT', platform.url + paths.reportById('101', 3), { body: { publicId: 'cityReport01' } }));
    expect(same.version).toBe(assigned.version);
    const changed = errorOf(await call('PUT', platform.url + paths.reportById('101', 3), { body: { publicId: 'cityReport02' } }), 400);
    expect(changed.error).toMatch(/write-once/);
  });

  it('7.3 an ambiguous legacy report is resolved by giving it its own publicId, then upserted by it', async () => {
    const own = report(await call('PUT', platform.url + paths.reportById('101', 4), { body: { publicId: 'cityReport99' } }));
    expect(own.publicId).toBe('cityReport99');
    const upserted = report(
      await call('PUT', platform.url + paths.reportByPublicId('101', 'cityReport99'), { body: { title: 'Orders by city' } }),
    );
    expect(upserted).toMatchObject({ id: 4, title: 'Orders by city' });
  });

  it('PUT /reports/{id} updates the sent fields, ignores source, and an identical resend changes nothing', async () => {
    const r = await newReport('101', { source: 'SPREADSHEET_2' });
    const updated = report(
      await call('PUT', platform.url + paths.reportById('101', r.id), { body: { description: 'Total revenue', source: 'CHARTS' } }),
    );
    expect(updated).toMatchObject({ description: 'Total revenue', source: 'SPREADSHEET_2', name: 'Revenue', version: 2 });
    const again = report(await call('PUT', platform.url + paths.reportById('101', r.id), { body: { description: 'Total revenue' } }));
    expect(again).toMatchObject({ version: 2, updatedAt: updated.updatedAt });
  });

  it('PUT /reports/{id} with a publicId used in another deployment -> 409 without code', async () => {
    const elsewhere = await newReport('102');
    // Legacy report 2 has no real publicId yet, so the only obstacle is the other deployment.
    const legacy = errorOf(await call('PUT', platform.url + paths.reportById('101', 2), { body: { publicId: elsewhere.publicId } }), 409);
    expect(legacy.code).toBeUndefined();
  });

  it('PUT /reports/{id}: the viewer gets 403, an unknown report 404', async () => {
    const r = await newReport();
    expect(
      errorOf(await call('PUT', platform.url + paths.reportById('101', r.id), { key: VIEWER, body: { name: 'x' } }), 403).error,
    ).toMatch(/edit access/);
    errorOf(await call('PUT', platform.url + paths.reportById('101', 987654), { body: { name: 'x' } }), 404);
    errorOf(await call('PUT', platform.url + paths.reportById('102', r.id), { body: { name: 'x' } }), 404);
  });
});

describe('POST /reports (minimal create)', () => {
  it('POST /reports creates (201) with the sent publicId and source, or mints a publicId', async () => {
    const publicId = freshPublicId('post');
    const created = report(
      await call('POST', platform.url + paths.reports('102'), { body: { name: 'EU revenue', publicId, source: 'SPREADSHEET_2' } }),
      201,
    );
    expect(created).toMatchObject({ publicId, deploymentId: 102, source: 'SPREADSHEET_2', version: 1, name: 'EU revenue' });
    const minted = report(await call('POST', platform.url + paths.reports('102'), { body: { name: 'Minted' } }), 201);
    expect(minted.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(minted.publicId).not.toBe(publicId);
  });

  it('POST /reports needs a name (400 naming it), the create right (viewer 403) and a free publicId (409)', async () => {
    expect(errorOf(await call('POST', platform.url + paths.reports('101'), { body: { title: 'no name' } }), 400).error).toMatch(/name/);
    errorOf(await call('POST', platform.url + paths.reports('101'), { key: VIEWER, body: { name: 'x' } }), 403);
    errorOf(await call('POST', platform.url + paths.reports('101'), { body: { name: 'x', publicId: 'SampleOrders' } }), 409);
  });

  it('GET /reports/{id} answers the report, and 404 from another deployment', async () => {
    const r = await newReport();
    expect(report(await call('GET', platform.url + paths.reportById('101', r.id), { key: VIEWER })).id).toBe(r.id);
    errorOf(await call('GET', platform.url + paths.reportById('102', r.id)), 404);
  });
});

describe('3.3 / 4.10 connect-workbook', () => {
  const placement = {
    externalWorkbookId: 'wb-4-10',
    placementId: 'pl-1',
    sheetId: '{sheet-1}',
    sheetName: 'Sales',
    anchorCell: 'B2',
    endResultCell: 'D20',
    resultLocation: 'Sales!B2:D20',
    workbookName: 'Q3.xlsx',
  };

  it('4.10 viewer may connect a workbook; the placement is recorded and the definition does not change', async () => {
    const r = await newReport();
    const connected = report(await connect(r, placement, VIEWER));
    expect(connected).toMatchObject({
      version: r.version,
      updatedAt: r.updatedAt,
      name: r.name,
      sqlQuery: r.sqlQuery,
      currentQueryChecksum: r.currentQueryChecksum,
    });
    expect(connected.externalWorkbookPlacements).toHaveLength(1);
    const p = connected.externalWorkbookPlacements![0]!;
    expect(p).toMatchObject({
      id: 'pl-1',
      host: HOST_EXCEL,
      workbookId: 'wb-4-10',
      workbookName: 'Q3.xlsx',
      sheetId: '{sheet-1}',
      sheetName: 'Sales',
      anchorCell: 'B2',
      endResultCell: 'D20',
      resultLocation: 'Sales!B2:D20',
      placedByUserId: 3,
      refreshedByUserId: 3,
      queryChecksum: r.currentQueryChecksum,
      syncStatus: SYNC_UP_TO_DATE,
    });
    expect(p.placedAt).toBe(p.refreshedAt);
  });

  it('3.3 connecting again upserts the placement keyed by workbook and placement id', async () => {
    const r = await newReport();
    const first = report(await connect(r, placement));
    await new Promise((done) => setTimeout(done, 5));
    const second = report(await connect(r, { ...placement, anchorCell: 'C3', endResultCell: undefined }, ADMIN));
    expect(second.externalWorkbookPlacements).toHaveLength(1);
    const [before, after] = [first.externalWorkbookPlacements![0]!, second.externalWorkbookPlacements![0]!];
    expect(after).toMatchObject({
      anchorCell: 'C3',
      endResultCell: 'D20',
      placedAt: before.placedAt,
      placedByUserId: 2,
      refreshedByUserId: 1,
    });
    expect(after.refreshedAt).not.toBe(before.refreshedAt);
    const other = report(await connect(r, { ...placement, placementId: 'pl-2' }));
    const otherWorkbook = report(await connect(r, { ...placement, externalWorkbookId: 'wb-other' }));
    expect(other.externalWorkbookPlacements).toHaveLength(2);
    expect(otherWorkbook.externalWorkbookPlacements).toHaveLength(3);
    expect(otherWorkbook.version).toBe(r.version);
  });

  it('2.9 syncStatus is OUT_OF_DATE once the query changed, UP_TO_DATE again after the placement is reconnected', async () => {
    const r = await newReport();
    report(await connect(r, placement));
    const edited = report(
      await call('PUT', platform.url + paths.reportByPublicId('101', r.publicId!), {
        body: { sqlQuery: 'SELECT MEASURE(count) FROM orders' },
      }),
    );
    expect(edited.externalWorkbookPlacements![0]).toMatchObject({ syncStatus: SYNC_OUT_OF_DATE, queryChecksum: r.currentQueryChecksum });
    const renamed = report(
      await call('PUT', platform.url + paths.reportByPublicId('101', r.publicId!), { body: { name: 'Only the name' } }),
    );
    expect(renamed.externalWorkbookPlacements![0]!.syncStatus).toBe(SYNC_OUT_OF_DATE);
    const reconnected = report(await connect(r, placement));
    expect(reconnected.externalWorkbookPlacements![0]).toMatchObject({
      syncStatus: SYNC_UP_TO_DATE,
      queryChecksum: edited.currentQueryChecksum,
    });
  });

  it('2.9 a placement made through Apps Script (UrlFetchApp user agent) has host SPREADSHEET_2', async () => {
    const r = await newReport();
    const placed = report(
      await connect(r, { externalWorkbookId: '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEfG', placementId: 'gs-1' }, EDITOR, {
        'User-Agent': 'Mozilla/5.0 (compatible; Google-Apps-Script; beanserver; +https://script.google.com; id: UAEmdDd8...)',
      }),
    );
    expect(placed.externalWorkbookPlacements![0]!.host).toBe(HOST_SHEETS);
  });

  it('4.10 a body without externalWorkbookId or placementId is a 400 naming the field; an unknown report 404', async () => {
    const r = await newReport();
    expect(errorOf(await connect(r, { externalWorkbookId: 'wb' }), 400).error).toMatch(/placementId/);
    expect(errorOf(await connect(r, { placementId: 'p' }), 400).error).toMatch(/externalWorkbookId/);
    errorOf(await call('PUT', platform.url + paths.connectWorkbook('101', 999999), { body: placement }), 404);
  });
});
