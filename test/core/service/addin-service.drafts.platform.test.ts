/** createAddinService on the real local platform: viewer rights, one draft per report, orphaned placements. */
import { randomBytes } from 'node:crypto';
import { SQL_QUERY_PATH } from '../../../src/core/wire/wire-names';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import type { ServiceEvent } from '../../../src/core/service/addin-service';
import { createAddinService } from '../../../src/core/service/create-addin-service';
import { addinRejection } from '../../helpers/caught-error';
import { reportNames } from '../../browser/platform-reports';
import {
  EDITOR,
  VIEWER,
  DEPLOYMENT,
  TIMEZONE,
  clock,
  baseTransport,
  platform,
  type Workbook,
  serviceOf,
  workbook,
  signedIn,
  builderDraft,
  cells,
  usePlatform,
  sqlDraft,
  BY_STATUS_SQL,
} from './platform-workbook';

usePlatform();

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
    expect((await wb.service.listPlacements())[0]?.canEdit).toBe(true);
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
    expect((await wb.service.listPlacements())[0]?.canEdit).toBe(true);
  });

  it("knows at the first list load, before any refresh, that a viewer cannot edit any of an editor's reports", async () => {
    const editor = await signedIn('rights-first-list');
    const meta = await editor.service.getMeta();
    const place = async (name: string, col: number) => {
      editor.host.setActiveCell(editor.sheetId, 0, col);
      const draft = builderDraft(meta, name, { rows: ['orders.status'], measures: ['orders.count'] });
      return (await editor.service.insert(draft, await editor.service.activeCell(), { jobId: `first-${name}`, overwrite: false }))
        .placementId;
    };
    const first = await place('First', 0);
    await place('Second', 4);
    editor.host.setActiveCell(editor.sheetId, 0, 8);
    await editor.service.placeAgain(first, 'selection', { jobId: 'first-again' });
    const viewer = serviceOf(editor.host, editor.hook);
    await viewer.signIn({ tenantUrl: platform.url, apiKey: VIEWER, authScheme: 'auto' });
    const listed = await viewer.listPlacements();
    expect(listed.map((p) => [p.name, p.canEdit])).toEqual([
      ['First', false],
      ['Second', false],
      ['First', false],
    ]);
    // Asked once a session: a second list load sends no request.
    let requests = 0;
    editor.hook.before.fn = () => void (requests += 1);
    await viewer.listPlacements();
    editor.hook.before.fn = null;
    expect(requests).toBe(0);
  });
});

describe('one draft, one report', () => {
  let wb: Workbook;
  beforeAll(async () => {
    wb = await signedIn('one-draft');
  });

  const count = async (name: string) => (await reportNames(platform.url, EDITOR, DEPLOYMENT)).filter((n) => n === name).length;
  const SQL_OK = BY_STATUS_SQL;

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
