/** createAddinService on the real local platform: place a report again, by its id or link, and an orphan anew, never saving it. */
import type { CellTarget, ReportDraft } from '../../../src/core/service/addin-service';
import type { TransportRequest } from '../../../src/core/api/transport';
import { addinRejection } from '../../helpers/caught-error';
import { DEPLOYMENT, EDITOR, VIEWER, cells, platform, signedIn, usePlatform, type Workbook } from './platform-workbook';

usePlatform();

const draft: ReportDraft = {
  name: 'Orders by status',
  description: '',
  mode: 'sql',
  sqlQuery: 'SELECT status, MEASURE(count) AS count FROM orders GROUP BY 1 ORDER BY 1',
  jsonQuery: null,
  pivotItems: null,
  builderState: null,
};

interface StoredPlacement {
  id: string;
  workbookId: string;
  anchorCell?: string | null;
  sheetName?: string | null;
}
interface StoredReport {
  id: number;
  name: string;
  sqlQuery: string;
  version?: number;
  updatedAt?: string;
  externalWorkbookPlacements?: StoredPlacement[];
}

/** The report as the platform holds it now (the local platform's GET, read with the editor's key). */
async function stored(reportId: number): Promise<StoredReport> {
  const res = await fetch(`${platform.url}/api/v1/deployments/${DEPLOYMENT}/reports/${reportId}`, {
    headers: { Authorization: `Bearer ${EDITOR}` },
  });
  return (await res.json()) as StoredReport;
}

function at(wb: Workbook, row: number, col: number, label: string): CellTarget {
  return { sheetId: wb.sheetId, sheetName: 'Sheet1', row, col, label };
}

/** Requests the workbook sends from now on (method and path). */
function watch(
  wb: Workbook,
  change?: (r: TransportRequest) => TransportRequest | void,
): Array<{ method: string; url: string; body: string }> {
  const seen: Array<{ method: string; url: string; body: string }> = [];
  wb.hook.before.fn = (r) => {
    seen.push({ method: r.method, url: r.url, body: r.body ?? '' });
    return change?.(r);
  };
  return seen;
}

async function placedReport(wb: Workbook): Promise<{ placementId: string; reportId: number }> {
  const placed = await wb.service.insert(draft, at(wb, 0, 0, 'Sheet1!A1'), { jobId: `${wb.sheetId}-insert`, overwrite: false });
  const view = (await wb.service.listPlacements()).find((p) => p.placementId === placed.placementId);
  return { placementId: placed.placementId, reportId: view?.reportId ?? -1 };
}

describe('placeAgain', () => {
  it('places the same report at the selected cell as a new placement, recorded on the platform, the report unchanged', async () => {
    const wb = await signedIn('place-again');
    const first = await placedReport(wb);
    const before = await stored(first.reportId);
    const sent = watch(wb);
    wb.host.setActiveCell(wb.sheetId, 0, 5);
    const again = await wb.service.placeAgain(first.placementId, 'selection', { jobId: 'again-1' });

    expect(again.placementId).not.toBe(first.placementId);
    expect(again.rangeLabel.startsWith('Sheet1!F1:G')).toBe(true);
    expect(cells(wb, 0, 5, 6, 2)).toEqual(cells(wb, 0, 0, 6, 2));
    const list = await wb.service.listPlacements();
    expect(list.map((p) => p.reportId)).toEqual([first.reportId, first.reportId]);
    expect(list.find((p) => p.placementId === again.placementId)?.rangeLabel).toBe(again.rangeLabel);
    expect(sent.some((r) => r.url.includes('/by-public-id/'))).toBe(false);
    const after = await stored(first.reportId);
    expect({ sql: after.sqlQuery, name: after.name, version: after.version, updatedAt: after.updatedAt }).toEqual({
      sql: before.sqlQuery,
      name: before.name,
      version: before.version,
      updatedAt: before.updatedAt,
    });
    const mine = (after.externalWorkbookPlacements ?? []).filter((p) => p.workbookId === 'wb-place-again');
    expect(mine.map((p) => [p.id, p.anchorCell]).sort()).toEqual(
      [
        [first.placementId, 'A1'],
        [again.placementId, 'F1'],
      ].sort(),
    );
    expect(wb.events).toContainEqual({ type: 'placementsChanged' });
  });

  it('is blocked by a user cell until asked to overwrite, and a blocked attempt records nothing', async () => {
    const wb = await signedIn('place-again-blocked');
    const first = await placedReport(wb);
    wb.host.model.setValue(wb.sheetId, 21, 1, 'note');
    const target = at(wb, 20, 1, 'Sheet1!B21');
    const e = await addinRejection(wb.service.placeAgain(first.placementId, target, { jobId: 'again-blocked' }));
    expect(e).toMatchObject({ kind: 'blocked', data: { cells: ['B22'] } });
    expect(cells(wb, 20, 1, 2, 2)).toEqual([
      [null, null],
      ['note', null],
    ]);
    expect(await wb.service.listPlacements()).toHaveLength(1);
    expect(
      (await stored(first.reportId)).externalWorkbookPlacements?.filter((p) => p.workbookId === 'wb-place-again-blocked'),
    ).toHaveLength(1);

    await wb.service.placeAgain(first.placementId, target, { jobId: 'again-overwrite', overwrite: true });
    expect(cells(wb, 20, 1, 1, 2)).toEqual(cells(wb, 0, 0, 1, 2));
    expect(await wb.service.listPlacements()).toHaveLength(2);
  });
});

describe('placeReport', () => {
  it('places a report by id and by link with a read-only key, without saving it', async () => {
    const owner = await signedIn('place-by-id-owner');
    const source = await placedReport(owner);
    const before = await stored(source.reportId);
    const wb = await signedIn('place-by-id', VIEWER);
    const sent = watch(wb);
    const byId = await wb.service.placeReport(` ${source.reportId} `, at(wb, 0, 0, 'Sheet1!A1'), { jobId: 'by-id' });
    expect(cells(wb, 0, 0, 6, 2)).toEqual(cells(owner, 0, 0, 6, 2));
    const link = `${platform.url}/api/v1/deployments/${DEPLOYMENT}/reports/${source.reportId}`;
    const byLink = await wb.service.placeReport(link, at(wb, 0, 4, 'Sheet1!E1'), { jobId: 'by-link', placementId: 'LinkPlaced01' });
    expect(byLink.placementId).toBe('LinkPlaced01');
    expect(cells(wb, 0, 4, 6, 2)).toEqual(cells(owner, 0, 0, 6, 2));

    const list = await wb.service.listPlacements();
    expect(list.map((p) => [p.placementId, p.reportId, p.name])).toEqual([
      [byId.placementId, source.reportId, draft.name],
      ['LinkPlaced01', source.reportId, draft.name],
    ]);
    // Only connect-workbook calls touch the report: nothing saves it.
    expect(sent.filter((r) => r.url.includes('/reports')).every((r) => r.method === 'PUT' && r.url.endsWith('/connect-workbook'))).toBe(
      true,
    );
    const after = await stored(source.reportId);
    expect([after.sqlQuery, after.version, after.updatedAt]).toEqual([before.sqlQuery, before.version, before.updatedAt]);
    const mine = (after.externalWorkbookPlacements ?? []).filter((p) => p.workbookId === 'wb-place-by-id');
    expect(mine.map((p) => [p.id, p.anchorCell]).sort()).toEqual(
      [
        [byId.placementId, 'A1'],
        ['LinkPlaced01', 'E1'],
      ].sort(),
    );
  });

  it('refuses text that is no report id or link, a link to another tenant, and a public id, before any request', async () => {
    const wb = await signedIn('place-by-id-bad');
    const sent = watch(wb);
    const target = at(wb, 0, 0, 'Sheet1!A1');
    const cases = ['orders by status', 'https://elsewhere.example.com/api/v1/deployments/101/reports/4', 'AbCdEf123456', ''];
    for (const reference of cases) {
      const e = await addinRejection(wb.service.placeReport(reference, target, { jobId: `bad-${cases.indexOf(reference)}` }));
      expect(e.kind).toBe('validation');
      expect(e.message).toMatch(/number id/);
    }
    expect(sent.filter((r) => r.url.includes('/reports'))).toEqual([]);
    expect(await wb.service.listPlacements()).toEqual([]);
  });

  it('says when the key cannot read the report (404, 403, 401): nothing is written or recorded', async () => {
    const owner = await signedIn('place-unreadable-owner');
    const source = await placedReport(owner);
    const wb = await signedIn('place-unreadable');
    const target = at(wb, 0, 0, 'Sheet1!A1');

    const missing = await addinRejection(wb.service.placeReport('987654', target, { jobId: 'missing' }));
    expect(missing.kind).toBe('notFound');
    expect(missing.message).toMatch(/no report 987654 in deployment 101.*Nothing was written or recorded/);

    watch(wb, (r) => (r.url.endsWith('/connect-workbook') ? { ...r, headers: { ...r.headers, 'x-fault': 'status=403' } } : undefined));
    const forbidden = await addinRejection(wb.service.placeReport(String(source.reportId), target, { jobId: 'forbidden' }));
    expect(forbidden.kind).toBe('forbidden');
    expect(forbidden.message).toMatch(new RegExp(`cannot read report ${source.reportId}.*\\(the platform answered 403\\)`));

    watch(wb, (r) =>
      r.url.endsWith('/connect-workbook') ? { ...r, headers: { ...r.headers, authorization: 'Bearer not-a-key' } } : undefined,
    );
    const refused = await addinRejection(wb.service.placeReport(String(source.reportId), target, { jobId: 'refused' }));
    expect(refused.kind).toBe('unauthenticated');
    expect(refused.message).toMatch(/cannot read report/);

    expect(
      cells(wb, 0, 0, 3, 3)
        .flat()
        .every((v) => v === null),
    ).toBe(true);
    expect(await wb.service.listPlacements()).toEqual([]);
    const placements = (await stored(source.reportId)).externalWorkbookPlacements ?? [];
    expect(placements.filter((p) => p.workbookId === 'wb-place-unreadable')).toEqual([]);
  });

  it('a blocked attempt and its retry with the same placement id leave one placement on the platform', async () => {
    const owner = await signedIn('place-by-id-retry-owner');
    const source = await placedReport(owner);
    const wb = await signedIn('place-by-id-retry');
    wb.host.model.setValue(wb.sheetId, 2, 0, 'mine');
    const target = at(wb, 0, 0, 'Sheet1!A1');
    const options = { placementId: 'RetryPlace01' };
    const e = await addinRejection(wb.service.placeReport(String(source.reportId), target, { ...options, jobId: 'retry-1' }));
    expect(e.kind).toBe('blocked');
    expect(await wb.service.listPlacements()).toEqual([]);
    // The definition was read through the new placement at its intended anchor: the platform holds it there, cell-less.
    const between = (await stored(source.reportId)).externalWorkbookPlacements ?? [];
    expect(between.filter((p) => p.workbookId === 'wb-place-by-id-retry').map((p) => [p.id, p.anchorCell])).toEqual([
      ['RetryPlace01', 'A1'],
    ]);

    await wb.service.placeReport(String(source.reportId), target, { ...options, jobId: 'retry-2', overwrite: true });
    const after = (await stored(source.reportId)).externalWorkbookPlacements ?? [];
    expect(after.filter((p) => p.workbookId === 'wb-place-by-id-retry').map((p) => p.id)).toEqual(['RetryPlace01']);
    expect((await wb.service.listPlacements()).map((p) => p.placementId)).toEqual(['RetryPlace01']);
  });

  it('reads the definition through a placement of the same report the workbook already has', async () => {
    const wb = await signedIn('place-by-id-placed');
    const first = await placedReport(wb);
    const sent = watch(wb);
    const again = await wb.service.placeReport(String(first.reportId), at(wb, 0, 6, 'Sheet1!G1'), { jobId: 'placed-again' });
    const connects = sent
      .filter((r) => r.url.endsWith('/connect-workbook'))
      .map((r) => JSON.parse(r.body) as { placementId: string; anchorCell?: string });
    expect(connects.map((b) => [b.placementId, b.anchorCell])).toEqual([
      [first.placementId, 'A1'],
      [again.placementId, 'G1'],
    ]);
  });

  it('refuses a link to another deployment than the workbook uses', async () => {
    const wb = await signedIn('place-other-deployment');
    const link = `${platform.url}/api/v1/deployments/999/reports/1`;
    const e = await addinRejection(wb.service.placeReport(link, at(wb, 0, 0, 'Sheet1!A1'), { jobId: 'other-deployment' }));
    expect(e.kind).toBe('validation');
    expect(e.message).toMatch(/deployment 999, but this workbook uses deployment 101/);
  });
});

describe('replaceOrphan', () => {
  it('writes an orphaned report at the selected cell under its own placement id, and it is no longer orphaned', async () => {
    const wb = await signedIn('replace-orphan');
    const other = wb.host.model.addSheet('Numbers');
    const placed = await wb.service.insert(
      draft,
      { sheetId: other.id, sheetName: 'Numbers', row: 2, col: 2, label: 'Numbers!C3' },
      {
        jobId: 'orphan-insert',
        overwrite: false,
      },
    );
    const header = wb.host.model.getValues(other.id, { row: 2, col: 2, rows: 1, cols: 2 });
    const e = await addinRejection(wb.service.replaceOrphan(placed.placementId, 'selection', { jobId: 'not-orphan' }));
    expect(e.kind).toBe('validation');

    wb.host.model.deleteSheet(other.id);
    const orphan = (await wb.service.listPlacements())[0];
    expect([orphan?.status, orphan?.rangeLabel]).toEqual(['orphaned', null]);
    const sent = watch(wb);
    wb.host.setActiveCell(wb.sheetId, 4, 1);
    const again = await wb.service.replaceOrphan(placed.placementId, 'selection', { jobId: 'orphan-again' });

    expect(again.placementId).toBe(placed.placementId);
    expect(cells(wb, 4, 1, 1, 2)).toEqual(header);
    const view = (await wb.service.listPlacements())[0];
    expect(view?.placementId).toBe(placed.placementId);
    expect(view?.rangeLabel).toBe(again.rangeLabel);
    expect(view?.status).not.toBe('orphaned');
    expect(sent.some((r) => r.url.includes('/by-public-id/'))).toBe(false);
    const mine = ((await stored(view?.reportId ?? -1)).externalWorkbookPlacements ?? []).filter(
      (p) => p.workbookId === 'wb-replace-orphan',
    );
    expect(mine.map((p) => [p.id, p.anchorCell, p.sheetName])).toEqual([[placed.placementId, 'B5', 'Sheet1']]);
    // It refreshes where it is now.
    await wb.service.refresh(placed.placementId, { jobId: 'orphan-refresh' });
  });
});
