/** placementView: the status rule (refreshing, orphaned, failed, out of date, up to date) and the fields the pane shows. */
import type { PlacementListing } from '../../../src/core/placements/placement-types';
import type { PlacementRecord } from '../../../src/core/placements/placement-record';
import { lastKnownOf, placementView, type LastKnownReport } from '../../../src/core/service/placement-view';
import { reportSchema } from '../../../src/core/wire/schemas';

const record: PlacementRecord = {
  placementId: 'p1',
  reportId: 7,
  publicId: 'AbCdEfGhIjKl',
  deploymentId: '101',
  environmentId: '1011',
  name: 'Orders',
  sheetId: 's1',
  sheetName: 'Sheet1',
  anchor: { row: 1, col: 1 },
  area: { row: 1, col: 1, rows: 5, cols: 2 },
  areaRows: 5,
  cols: 2,
  layout: 'flat',
  queryChecksum: 'c1',
  placedAt: '2024-01-01T00:00:00.000Z',
  refreshedAt: '2024-01-02T00:00:00.000Z',
};

const listing = (r: Partial<PlacementRecord> = {}, placed = true): PlacementListing => ({
  record: { ...record, ...r },
  area: placed ? { sheetId: 's1', row: 3, col: 1, rows: 5, cols: 2 } : null,
  sheetName: 'Sheet1',
  sheetIndex: placed ? 0 : null,
  rangeRef: placed ? 'Sheet1!B4:C8' : null,
});

const CHECKED = '2024-01-03T10:00:00.000Z';
const known = (k: Partial<LastKnownReport> = {}): LastKnownReport => ({
  currentQueryChecksum: 'c1',
  syncStatus: 'UP_TO_DATE',
  canEdit: true,
  meta: null,
  checkedAt: CHECKED,
  ...k,
});

describe('placementView', () => {
  it("shows where the cells are now, the record's shape in data rows, and when the platform was last heard", () => {
    expect(placementView(listing(), known(), false)).toEqual({
      placementId: 'p1',
      reportId: 7,
      publicId: 'AbCdEfGhIjKl',
      name: 'Orders',
      sheetName: 'Sheet1',
      sheetIndex: 0,
      rangeLabel: 'Sheet1!B4:C8',
      dataRows: 4,
      cols: 2,
      headerRows: 1,
      refreshedAt: '2024-01-02T00:00:00.000Z',
      status: 'upToDate',
      statusCheckedAt: CHECKED,
      lastError: null,
      canEdit: true,
      truncatedAtDefaultCap: false,
    });
  });

  it("says when the last result was cut at the platform's default cap, as the record keeps it", () => {
    expect(placementView(listing({ truncatedAtDefaultCap: true }), known(), false).truncatedAtDefaultCap).toBe(true);
  });

  it('counts data rows: the stored header rows, else 1 for a flat record and 2 for a pivot one written before they were kept', () => {
    expect(placementView(listing({ headerRows: 1 }), known(), false)).toEqual(expect.objectContaining({ dataRows: 4, headerRows: 1 }));
    expect(placementView(listing({ layout: 'pivot', headerRows: 3 }), known(), false)).toEqual(
      expect.objectContaining({ dataRows: 2, headerRows: 3 }),
    );
    expect(placementView(listing({ layout: 'pivot' }), known(), false)).toEqual(expect.objectContaining({ dataRows: 3, headerRows: 2 }));
    expect(placementView(listing({ areaRows: 1, area: { row: 1, col: 1, rows: 1, cols: 2 } }), known(), false)).toEqual(
      expect.objectContaining({ dataRows: 0, headerRows: 1 }),
    );
  });

  it('has no status check time when the platform was not heard this session (the status is as of the last refresh)', () => {
    expect(placementView(listing(), undefined, false)).toEqual(expect.objectContaining({ status: 'upToDate', statusCheckedAt: null }));
  });

  it('applies the first status that holds', () => {
    const failed = { lastError: { kind: 'query', message: 'bad SQL', at: 'x' } };
    expect(placementView(listing(failed, false), known({ currentQueryChecksum: 'c2' }), true).status).toBe('refreshing');
    expect(placementView(listing(failed, false), known({ currentQueryChecksum: 'c2' }), false).status).toBe('orphaned');
    expect(placementView(listing(failed), known({ currentQueryChecksum: 'c2' }), false)).toEqual(
      expect.objectContaining({ status: 'failed', lastError: { kind: 'query', message: 'bad SQL' } }),
    );
    expect(placementView(listing(), known({ currentQueryChecksum: 'c2' }), false).status).toBe('outOfDate');
    expect(placementView(listing(), known({ syncStatus: 'OUT_OF_DATE' }), false).status).toBe('outOfDate');
    expect(placementView(listing(), undefined, false)).toEqual(expect.objectContaining({ status: 'upToDate', canEdit: null }));
    expect(placementView(listing({ queryChecksum: undefined }), known({ currentQueryChecksum: 'c9' }), false).status).toBe('upToDate');
  });

  it('reads an unknown stored error kind as a host error', () => {
    expect(placementView(listing({ lastError: { kind: 'martian', message: 'm', at: 'x' } }), undefined, false).lastError).toEqual({
      kind: 'host',
      message: 'm',
    });
  });
});

describe('lastKnownOf', () => {
  it("takes the report checksum, rights and meta, and this placement's sync status", () => {
    const report = reportSchema.parse({
      id: 7,
      deploymentId: 101,
      name: 'Orders',
      canEdit: false,
      currentQueryChecksum: 'c3',
      meta: { mode: 'sql' },
      externalWorkbookPlacements: [
        { id: 'other', host: 'SPREADSHEET_1', workbookId: 'w', syncStatus: 'UP_TO_DATE' },
        { id: 'p1', host: 'SPREADSHEET_1', workbookId: 'w', syncStatus: 'OUT_OF_DATE' },
      ],
    });
    expect(lastKnownOf(report, 'p1', CHECKED)).toEqual({
      currentQueryChecksum: 'c3',
      syncStatus: 'OUT_OF_DATE',
      canEdit: false,
      meta: { mode: 'sql' },
      checkedAt: CHECKED,
    });
    expect(lastKnownOf(report, 'nope', CHECKED).syncStatus).toBeNull();
  });
});
