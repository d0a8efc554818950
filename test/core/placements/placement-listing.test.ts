/** listingsOf: each placement's sheet name and its sheet's position in the workbook's tab order (null when orphaned). */
import { listingsOf } from '../../../src/core/placements/placement-listing';
import type { PlacementRecord } from '../../../src/core/placements/placement-record';
import type { WorkbookLayout } from '../../../src/core/host';

const record = (placementId: string, sheetId: string, sheetName: string): PlacementRecord => ({
  placementId,
  reportId: 1,
  publicId: 'AbCdEfGhIjKl',
  deploymentId: '101',
  environmentId: '1011',
  name: placementId,
  sheetId,
  sheetName,
  anchor: { row: 0, col: 0 },
  area: { row: 0, col: 0, rows: 2, cols: 1 },
  areaRows: 2,
  cols: 1,
  layout: 'flat',
  queryChecksum: 'c1',
  placedAt: '2024-01-01T00:00:00.000Z',
  refreshedAt: '2024-01-02T00:00:00.000Z',
});

test('each listing carries its sheet position in tab order; an orphan has none and keeps its last sheet name', () => {
  const layout: WorkbookLayout = {
    workbook: { id: 'w', name: 'Book' },
    sheets: [
      { id: 's3', name: 'Summary' },
      { id: 's1', name: 'Data' },
    ],
    areas: {
      a: { sheetId: 's1', row: 0, col: 0, rows: 2, cols: 1 },
      b: { sheetId: 's3', row: 4, col: 1, rows: 2, cols: 1 },
      c: null,
    },
  };
  const out = listingsOf([record('a', 's1', 'Data'), record('b', 's3', 'Summary'), record('c', 's9', 'Gone')], layout);
  expect(out.map((l) => [l.record.placementId, l.sheetName, l.sheetIndex, l.rangeRef])).toEqual([
    ['a', 'Data', 1, 'Data!A1:A2'],
    ['b', 'Summary', 0, 'Summary!B5:B6'],
    ['c', 'Gone', null, null],
  ]);
});
