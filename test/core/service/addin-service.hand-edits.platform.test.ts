/** createAddinService on the real local platform: hand edits found and located, refresh stopped or overwriting, changes shown, undone. */
import { addinRejection } from '../../helpers/caught-error';
import { cells, reopen, signedIn, usePlatform, type Workbook, sqlDraft, BY_STATUS_SQL } from './platform-workbook';

usePlatform();

const draft = sqlDraft('Orders by status', BY_STATUS_SQL);

async function placed(name: string): Promise<{ wb: Workbook; id: string; dataRows: number }> {
  const wb = await signedIn(name);
  const o = await wb.service.insert(
    draft,
    { sheetId: wb.sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: 'Sheet1!A1' },
    { jobId: `${name}-insert`, overwrite: false },
  );
  return { wb, id: o.placementId, dataRows: o.dataRows };
}

describe('hand edits through the service', () => {
  it('are shown on the card after a check, in a reopened pane too, and located', async () => {
    const { wb, id } = await placed('hand-check');
    wb.host.model.setValue(wb.sheetId, 2, 1, 'my note');
    const fresh = reopen(wb);
    await fresh.checkHandEdits();
    const [view] = await fresh.listPlacements();
    expect(view?.handEdits).toEqual({ count: 1, exact: true, text: 'B3' });
    await fresh.locateHandEdits(id);
    expect(wb.host.selectedRanges).toEqual([{ sheetId: wb.sheetId, row: 2, col: 1, rows: 1, cols: 1 }]);
  });

  it('of the account signed out are not shown to the next one: what its last refresh changed is forgotten', async () => {
    const { wb, id } = await placed('hand-signout');
    wb.host.model.setValue(wb.sheetId, 2, 1, 'my note');
    await wb.service.refresh(id, { jobId: 'r1', handEdits: 'overwrite' });
    expect((await wb.service.listPlacements())[0]?.lastChanges).toMatchObject({ text: '1 cell changed' });
    await wb.service.signOut();
    expect((await wb.service.listPlacements())[0]?.lastChanges ?? null).toBeNull();
  });

  it('stop a refresh, which then overwrites when told; the changes are shown and undone', async () => {
    const { wb, id } = await placed('hand-refresh');
    const original = cells(wb, 0, 0, 4, 2);
    wb.host.model.setValue(wb.sheetId, 2, 1, 'my note');
    const edited = cells(wb, 0, 0, 4, 2);
    const e = await addinRejection(wb.service.refresh(id, { jobId: 'r1' }));
    expect(e.kind).toBe('handEdited');
    expect(e.message).toBe('"Orders by status" has cells edited by hand: B3. Refreshing would overwrite them.');
    expect(cells(wb, 0, 0, 4, 2)).toEqual(edited);
    let [view] = await wb.service.listPlacements();
    expect(view).toMatchObject({ status: 'upToDate', handEdits: { count: 1, text: 'B3' } });

    const out = await wb.service.refresh(id, { jobId: 'r2', handEdits: 'overwrite' });
    expect(out.changes).toMatchObject({ text: '1 cell changed', changedCells: 1 });
    expect(out.undo).toEqual({ available: true });
    expect(cells(wb, 0, 0, 4, 2)).toEqual(original);
    [view] = await wb.service.listPlacements();
    expect(view).toMatchObject({ handEdits: null, lastChanges: { text: '1 cell changed' }, undo: { available: true } });
    await wb.service.showChanges(id);
    expect(wb.host.selectedRanges).toEqual([{ sheetId: wb.sheetId, row: 2, col: 1, rows: 1, cols: 1 }]);

    await wb.service.undoRefresh(id, { jobId: 'u1' });
    expect(cells(wb, 0, 0, 4, 2)).toEqual(edited);
    // The hand edit the refresh had replaced is back, and the card says so at once.
    [view] = await wb.service.listPlacements();
    expect(view).toMatchObject({ undo: { available: false }, handEdits: { count: 1, exact: true, text: 'B3' } });
    const again = await addinRejection(wb.service.undoRefresh(id, { jobId: 'u2' }));
    expect(again.kind).toBe('notFound');
    // A check finds it too.
    await wb.service.checkHandEdits();
    [view] = await wb.service.listPlacements();
    expect(view?.handEdits).toEqual({ count: 1, exact: true, text: 'B3' });
  });

  it('are skipped by Refresh all unless it is told to overwrite', async () => {
    const { wb, id } = await placed('hand-all');
    wb.host.model.setValue(wb.sheetId, 1, 0, 'mine');
    const skipped = await wb.service.refreshAll([id], { jobId: 'a1' });
    expect(skipped).toMatchObject({ total: 1, done: 0, skipped: 1 });
    expect(skipped.items[0]?.item).toMatchObject({ state: 'skipped', reason: expect.stringContaining('A2') });
    expect(cells(wb, 1, 0, 1, 1)).toEqual([['mine']]);
    const over = await wb.service.refreshAll([id], { jobId: 'a2', handEdits: 'overwrite' });
    expect(over).toMatchObject({ done: 1, skipped: 0 });
    expect(cells(wb, 1, 0, 1, 1)).not.toEqual([['mine']]);
  });
});
