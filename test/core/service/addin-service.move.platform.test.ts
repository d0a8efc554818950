/** createAddinService on the real local platform: move a placement (to a picked or the selected cell) and its growth setting. */
import { addinRejection } from '../../helpers/caught-error';
import { cells, signedIn, usePlatform, sqlDraft, BY_STATUS_SQL } from './platform-workbook';

usePlatform();

const draft = sqlDraft('Orders by status', BY_STATUS_SQL);

describe('movePlacement and setPlacementGrowth', () => {
  it('moves to the selected cell, lists it there, and is blocked by a user cell until asked to overwrite', async () => {
    const wb = await signedIn('move-selection');
    const placed = await wb.service.insert(
      draft,
      { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' },
      { jobId: 'move-insert', overwrite: false },
    );
    const header = cells(wb, 0, 0, 1, 2);
    wb.host.setActiveCell(wb.sheetId, 20, 3);
    const moved = await wb.service.movePlacement(placed.placementId, 'selection', { jobId: 'move-1' });
    expect(moved.rangeLabel.startsWith('Sheet1!D21:E')).toBe(true);
    expect(cells(wb, 20, 3, 1, 2)).toEqual(header);
    expect(cells(wb, 0, 0, 1, 2)).toEqual([[null, null]]);
    expect((await wb.service.listPlacements())[0]?.rangeLabel).toBe(moved.rangeLabel);
    expect(wb.events).toContainEqual({ type: 'placementsChanged' });

    wb.host.model.setValue(wb.sheetId, 41, 1, 'note');
    const target = { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 40, col: 1, label: 'Sheet1!B41' };
    const e = await addinRejection(wb.service.movePlacement(placed.placementId, target, { jobId: 'move-2' }));
    expect(e).toMatchObject({ kind: 'blocked', data: { cells: ['B42'] } });
    expect(cells(wb, 20, 3, 1, 2)).toEqual(header);
    await wb.service.movePlacement(placed.placementId, target, { jobId: 'move-3', overwrite: true });
    expect(cells(wb, 40, 1, 1, 2)).toEqual(header);
  });

  it('keeps the growth setting in the record and shows it in the list (absent until set)', async () => {
    const wb = await signedIn('growth-setting');
    const placed = await wb.service.insert(
      draft,
      { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' },
      { jobId: 'growth-insert', overwrite: false },
    );
    expect((await wb.service.listPlacements())[0]?.growth).toBeUndefined();
    await wb.service.setPlacementGrowth(placed.placementId, 'insertRows');
    expect((await wb.service.listPlacements())[0]?.growth).toBe('insertRows');
    const bad = await addinRejection(wb.service.setPlacementGrowth(placed.placementId, 'sideways' as 'ask'));
    expect(bad.kind).toBe('validation');
    expect((await wb.service.listPlacements())[0]?.growth).toBe('insertRows');
  });
});
