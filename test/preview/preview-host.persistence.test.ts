/** PreviewHost persistence in IndexedDB: round trip of a large workbook, migration from localStorage, a damaged value set aside. */
import { PRODUCT_PREFIX } from '../../src/core/wire/wire-names';
import { blockFromGrids } from '../core/cells/block-grids';
import { TEXT_FORMAT, type Scalar } from '../../src/core/host';
import { IndexedDbWorkbookStore, WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE } from '../../src/preview/indexed-db-workbook-store';
import { CREDENTIAL_KEY_PREFIX } from '../../src/browser/local-credential-store';
import { DAMAGED_WORKBOOK_KEY, WORKBOOK_STORAGE_KEY } from '../../src/preview/preview-host';
import { serializeWorkbook } from '../../src/preview/saved-workbook';
import { WorkbookModel } from '../../src/core/memory/workbook-model';
import { FakeIndexedDb } from './fake-indexed-db';
import { MemoryStorage } from './memory-storage';
import { load, saved } from './preview-host-load';

describe('persistence in IndexedDB', () => {
  it('keeps values, formats, bold headers, tracked areas, the document store, the workbook id and the selection across a reload', async () => {
    const idb = new FakeIndexedDb();
    const a = await load(idb);
    const sheet = (await a.layout()).sheets[0]!;
    await a.writeBlock(
      blockFromGrids({
        sheetId: sheet.id,
        row: 1,
        col: 1,
        values: [
          ['status', 'count', 'code'],
          ['open', 3, '007'],
        ],
        formats: [
          [null, null, null],
          [null, null, TEXT_FORMAT],
        ],
        headerRows: 1,
      }),
    );
    await a.trackArea('p1', { sheetId: sheet.id, row: 1, col: 1, rows: 2, cols: 3 });
    await a.documentStore.set(`${PRODUCT_PREFIX}.placements`, '{"version":1}');
    const id = (await a.layout()).workbook.id;
    const second = a.model.addSheet('Data');
    await a.select({ sheetId: second.id, row: 4, col: 2, rows: 1, cols: 1 });
    expect(a.flush()).toBe(true);
    expect(await a.whenSaved()).toBe(true);
    a.dispose();

    const b = await load(idb);
    const sheetB = (await b.layout()).sheets[0]!;
    expect((await b.layout()).sheets.map((s) => s.name)).toEqual(['Sheet1', 'Data']);
    expect(b.model.getValues(sheetB.id, { row: 1, col: 1, rows: 2, cols: 3 })).toEqual([
      ['status', 'count', 'code'],
      ['open', 3, '007'],
    ]);
    expect(b.model.getCell(sheetB.id, 1, 1)?.bold).toBe(true);
    expect(b.model.getCell(sheetB.id, 2, 3)?.format).toBe(TEXT_FORMAT);
    expect((await b.layout()).areas['p1'] ?? null).toEqual({ sheetId: sheet.id, row: 1, col: 1, rows: 2, cols: 3 });
    expect(await b.documentStore.get(`${PRODUCT_PREFIX}.placements`)).toBe('{"version":1}');
    expect((await b.layout()).workbook.id).toBe(id);
    const active = await b.activeCell();
    expect([active.sheet.name, active.row, active.col]).toEqual(['Data', 4, 2]);
    expect(b.notices()).toEqual([]);
    // One database, one store, created once.
    expect(idb.upgrades).toBe(1);
  });

  it('round-trips a 50,000-row placement larger than localStorage holds, in one write', async () => {
    const idb = new FakeIndexedDb();
    const local = new MemoryStorage();
    local.quota = 5_000_000 / 2; // what a browser's localStorage would allow (UTF-16 code units)
    const a = await load(idb, local);
    const sheetId = a.model.sheets()[0]!.id;
    const rows = 50_000;
    const values: Scalar[][] = [['order', 'amount', 'region', 'day', 'customer', 'open', 'note']];
    for (let r = 1; r <= rows; r += 1)
      values.push([
        `order-${r}`,
        r * 1.25,
        r % 3 === 0 ? 'EU' : 'US',
        45_000 + (r % 365),
        `customer ${r % 997}`,
        r % 2 === 0,
        `“${r}” ünïcode`,
      ]);
    // In tiles, as the orchestrator writes (the preview takes 25,000 cells per request: one short task of the page each).
    for (let start = 0; start < values.length; start += 3_000) {
      const tile = values.slice(start, start + 3_000);
      await a.writeBlock(
        blockFromGrids({
          sheetId,
          row: start,
          col: 0,
          values: tile,
          formats: tile.map((r) => r.map(() => null)),
          headerRows: start === 0 ? 1 : 0,
        }),
      );
    }
    await a.trackArea('big', { sheetId, row: 0, col: 0, rows: rows + 1, cols: 7 });
    const writesBefore = idb.writeTransactions;
    expect(a.flush()).toBe(true);
    expect(await a.whenSaved()).toBe(true);
    expect(idb.writeTransactions - writesBefore).toBe(1);
    // Stored in parts when large (one put each), read back as one text.
    const text = await (await IndexedDbWorkbookStore.open(idb, null)).read();
    expect(typeof text).toBe('string');
    expect((text as string).length).toBeGreaterThan(local.quota);
    expect(local.getItem(WORKBOOK_STORAGE_KEY)).toBeNull();

    const b = await load(idb, local);
    const sheetB = b.model.sheets()[0]!.id;
    expect(b.model.countValues()).toBe(a.model.countValues());
    expect(b.model.getValues(sheetB, { row: 0, col: 0, rows: rows + 1, cols: 7 })).toEqual(values);
    expect(b.model.getCell(sheetB, 0, 3)?.bold).toBe(true);
    expect((await b.layout()).areas['big'] ?? null).toEqual({ sheetId, row: 0, col: 0, rows: rows + 1, cols: 7 });
    expect(b.notices()).toEqual([]);
  });

  it('keeps credentials out of the saved record, in localStorage under their own per-user key', async () => {
    const idb = new FakeIndexedDb();
    const local = new MemoryStorage();
    const a = await load(idb, local);
    await a.credentials.set('session', 'secret-api-key-123');
    await a.documentStore.set(`${PRODUCT_PREFIX}.context`, 'ctx');
    a.flush();
    await a.whenSaved();

    const record = saved(idb) as string;
    expect(record).toContain(`${PRODUCT_PREFIX}.context`);
    expect(record).not.toContain('secret-api-key-123');
    expect(saved(idb, DAMAGED_WORKBOOK_KEY)).toBeUndefined();
    expect(local.getItem(`${CREDENTIAL_KEY_PREFIX}session`)).toBe('secret-api-key-123');
    expect([...local.map.keys()]).toEqual([`${CREDENTIAL_KEY_PREFIX}session`]);
    expect(await a.documentStore.get('session')).toBeNull();

    const b = await load(idb, local);
    expect(await b.credentials.get('session')).toBe('secret-api-key-123');
    await b.credentials.remove('session');
    expect(local.getItem(`${CREDENTIAL_KEY_PREFIX}session`)).toBeNull();
  });
});

describe('migration from localStorage', () => {
  function legacyWorkbook(): string {
    const model = new WorkbookModel({ name: 'Preview workbook' });
    const sheetId = model.sheets()[0]!.id;
    model.setRange(sheetId, 0, 0, [
      ['kept', 1],
      ['across', 2],
    ]);
    model.setSetting(`${PRODUCT_PREFIX}.placements`, 'p');
    return serializeWorkbook(model.toJSON(), { sheetId, active: { row: 1, col: 1 }, focus: { row: 1, col: 1 } });
  }

  it('moves a workbook an older preview left in localStorage into IndexedDB once, then removes it there', async () => {
    const idb = new FakeIndexedDb();
    const local = new MemoryStorage();
    const old = legacyWorkbook();
    local.setItem(WORKBOOK_STORAGE_KEY, old);
    local.setItem(`${CREDENTIAL_KEY_PREFIX}session`, 'key');

    const a = await load(idb, local);
    const sheetId = a.model.sheets()[0]!.id;
    expect(a.model.getValues(sheetId, { row: 0, col: 0, rows: 2, cols: 2 })).toEqual([
      ['kept', 1],
      ['across', 2],
    ]);
    expect(a.selection.selection.active).toEqual({ row: 1, col: 1 });
    expect(await a.documentStore.get(`${PRODUCT_PREFIX}.placements`)).toBe('p');
    expect(saved(idb)).toBe(old);
    expect(local.getItem(WORKBOOK_STORAGE_KEY)).toBeNull();
    expect(local.getItem(`${CREDENTIAL_KEY_PREFIX}session`)).toBe('key');
    expect(a.notices()).toEqual([]);

    a.model.setValue(sheetId, 5, 0, 'later');
    a.flush();
    await a.whenSaved();
    const b = await load(idb, local);
    expect(b.model.getValue(sheetId, 5, 0)).toBe('later');
    expect(b.model.getValue(sheetId, 0, 0)).toBe('kept');
  });

  it('prefers IndexedDB over a copy left in localStorage, and removes the copy', async () => {
    const idb = new FakeIndexedDb();
    const local = new MemoryStorage();
    const a = await load(idb, local);
    a.model.setValue(a.model.sheets()[0]!.id, 0, 0, 'newer');
    a.flush();
    await a.whenSaved();
    local.setItem(WORKBOOK_STORAGE_KEY, legacyWorkbook());

    const b = await load(idb, local);
    expect(b.model.getValue(b.model.sheets()[0]!.id, 0, 0)).toBe('newer');
    expect(local.getItem(WORKBOOK_STORAGE_KEY)).toBeNull();
  });

  it('leaves the localStorage value in place when IndexedDB refuses it (the next start tries again)', async () => {
    const idb = new FakeIndexedDb();
    idb.quotaChars = 10;
    const local = new MemoryStorage();
    const old = legacyWorkbook();
    local.setItem(WORKBOOK_STORAGE_KEY, old);
    const a = await load(idb, local);
    expect(a.model.getValue(a.model.sheets()[0]!.id, 0, 0)).toBe('kept');
    expect(local.getItem(WORKBOOK_STORAGE_KEY)).toBe(old);
    expect(saved(idb)).toBeUndefined();

    idb.quotaChars = Infinity;
    await load(idb, local);
    expect(saved(idb)).toBe(old);
    expect(local.getItem(WORKBOOK_STORAGE_KEY)).toBeNull();
  });

  it('a damaged localStorage value is migrated, then set aside in IndexedDB with the notice', async () => {
    const idb = new FakeIndexedDb();
    const local = new MemoryStorage();
    local.setItem(WORKBOOK_STORAGE_KEY, `{"kind": "${PRODUCT_PREFIX}.preview.workbook", `);
    const host = await load(idb, local);
    expect(host.notices().map((n) => n.id)).toEqual(['damaged']);
    expect(saved(idb, DAMAGED_WORKBOOK_KEY)).toBe(`{"kind": "${PRODUCT_PREFIX}.preview.workbook", `);
    expect(local.getItem(WORKBOOK_STORAGE_KEY)).toBeNull();
  });
});

describe('a damaged saved workbook', () => {
  it.each([
    ['not JSON', `{"kind": "${PRODUCT_PREFIX}.preview.workbook", `],
    ["another app's value", JSON.stringify({ hello: 'world' })],
    [
      'a broken workbook inside the envelope',
      JSON.stringify({ kind: `${PRODUCT_PREFIX}.preview.workbook`, version: 1, workbook: { version: 1, sheets: [] }, selection: null }),
    ],
    ['not text at all', { sheets: 'structured clone of something else' }],
  ])('%s: starts a fresh workbook, sets the damaged copy aside in IndexedDB and shows a notice', async (_name, raw) => {
    const idb = new FakeIndexedDb();
    idb.seed(WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE, WORKBOOK_STORAGE_KEY, raw);
    const host = await load(idb);
    expect(host.model.sheets().map((s) => s.name)).toEqual(['Sheet1']);
    expect(host.model.countValues()).toBe(0);
    const notice = host.notices().find((n) => n.id === 'damaged');
    expect(notice?.intent).toBe('warning');
    expect(notice?.message).toContain('could not be read');
    expect(notice?.message).toContain(`IndexedDB database "${WORKBOOK_DATABASE}", key "${DAMAGED_WORKBOOK_KEY}"`);
    expect(saved(idb, DAMAGED_WORKBOOK_KEY)).toEqual(raw);
    // Nothing overwrites the damaged value until the user changes something.
    expect(host.flush()).toBe(true);
    await host.whenSaved();
    expect(saved(idb)).toEqual(raw);
    host.model.setValue(host.model.sheets()[0]!.id, 0, 0, 'new');
    host.flush();
    await host.whenSaved();
    expect((await load(idb)).notices()).toEqual([]);
    expect(saved(idb, DAMAGED_WORKBOOK_KEY)).toEqual(raw);
  });

  it('says so when the damaged copy cannot be kept either', async () => {
    const idb = new FakeIndexedDb();
    idb.seed(WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE, WORKBOOK_STORAGE_KEY, 'x'.repeat(100));
    idb.quotaChars = 50;
    const host = await load(idb);
    expect(host.notices()[0]?.message).toContain('could not be kept');
  });

  it('names a selection on a sheet that no longer exists as no selection (A1 of the first sheet)', async () => {
    const idb = new FakeIndexedDb();
    const a = await load(idb);
    a.model.setValue(a.model.sheets()[0]!.id, 0, 0, 1);
    a.flush();
    await a.whenSaved();
    const record = JSON.parse(saved(idb) as string) as Record<string, unknown>;
    idb.seed(
      WORKBOOK_DATABASE,
      WORKBOOK_OBJECT_STORE,
      WORKBOOK_STORAGE_KEY,
      JSON.stringify({ ...record, selection: { sheetId: 'gone', active: { row: 5, col: 5 }, focus: { row: 5, col: 5 } } }),
    );
    const b = await load(idb);
    const cell = await b.activeCell();
    expect([cell.sheet.name, cell.row, cell.col]).toEqual(['Sheet1', 0, 0]);
    expect(b.notices()).toEqual([]);
  });
});
