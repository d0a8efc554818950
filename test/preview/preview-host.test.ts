/**
 * PreviewHost: persistence in IndexedDB, the localStorage fallback, credentials kept apart, the SpreadsheetHost port.
 * Persistence covers the round trip of a large workbook, migration from localStorage, a damaged value set aside and
 * coalesced write-behind saves; the localStorage fallback's save can be refused.
 */
import { PRODUCT_PREFIX } from '../../src/core/wire/wire-names';
import { blockFromGrids } from '../core/cells/block-grids';
import { HOST_EXCEL } from '../../src/core/wire/wire-names';
import { TEXT_FORMAT, type Scalar } from '../../src/core/host';
import { IndexedDbWorkbookStore, WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE } from '../../src/preview/indexed-db-workbook-store';
import { CREDENTIAL_KEY_PREFIX } from '../../src/browser/local-credential-store';
import { LocalStorageWorkbookStore } from '../../src/preview/local-workbook-store';
import { DAMAGED_WORKBOOK_KEY, PreviewHost, WORKBOOK_STORAGE_KEY } from '../../src/preview/preview-host';
import { serializeWorkbook } from '../../src/preview/saved-workbook';
import { WorkbookModel } from '../../src/core/memory/workbook-model';
import { FakeIndexedDb } from './fake-indexed-db';
import { MemoryStorage } from './memory-storage';
import { MemoryWorkbookStore } from './memory-workbook-store';

let seq = 0;
const mintWorkbookId = (): string => `wb-${++seq}`;

/** A page load: the IndexedDB store over `idb` (migrating from `local`), credentials in `local`. */
async function load(idb: FakeIndexedDb, local: MemoryStorage = new MemoryStorage()): Promise<PreviewHost> {
  const store = await IndexedDbWorkbookStore.open(idb, local);
  return PreviewHost.open({ store, credentialStorage: local, mintWorkbookId });
}

function saved(idb: FakeIndexedDb, key = WORKBOOK_STORAGE_KEY): unknown {
  return idb.value(WORKBOOK_DATABASE, WORKBOOK_OBJECT_STORE, key);
}

/** Lets pending promise callbacks (the fake's events) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

afterEach(() => {
  jest.useRealTimers();
});

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

describe('write-behind saving', () => {
  it('saves after a quiet time, once for a burst of changes', async () => {
    jest.useFakeTimers();
    const idb = new FakeIndexedDb();
    const host = await load(idb);
    const sheetId = host.model.sheets()[0]!.id;
    for (let i = 0; i < 10; i += 1) host.model.setValue(sheetId, i, 0, i);
    jest.advanceTimersByTime(299);
    expect(idb.writeTransactions).toBe(0);
    jest.advanceTimersByTime(1);
    expect(idb.writeTransactions).toBe(1);
    expect(await host.whenSaved()).toBe(true);
    jest.useRealTimers();
    expect((await load(idb)).model.getValues(sheetId, { row: 0, col: 0, rows: 10, cols: 1 }).flat()).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('keeps one save in flight: 200 changes during a slow save give one more save, of the last state', async () => {
    jest.useFakeTimers();
    const idb = new FakeIndexedDb();
    const host = await load(idb);
    const sheetId = host.model.sheets()[0]!.id;
    idb.holdWrites = true;
    host.model.setValue(sheetId, 0, 0, 'first');
    jest.advanceTimersByTime(300);
    expect(idb.writeTransactions).toBe(1);
    // The user keeps typing while the first save is being written, with pauses longer than the quiet time.
    for (let i = 0; i < 200; i += 1) {
      host.model.setValue(sheetId, 1, 0, i);
      jest.advanceTimersByTime(i % 20 === 0 ? 400 : 50);
      await settle();
    }
    jest.advanceTimersByTime(1000);
    await settle();
    expect(idb.writeTransactions).toBe(1);
    expect(idb.release()).toBe(1);
    await settle();
    expect(idb.writeTransactions).toBe(2);
    expect(idb.release()).toBe(1);
    expect(await host.whenSaved()).toBe(true);
    expect(idb.writeTransactions).toBe(2);
    expect(idb.maxWritesInFlight).toBe(1);
    jest.useRealTimers();
    idb.holdWrites = false;
    expect((await load(idb)).model.getValues(sheetId, { row: 0, col: 0, rows: 2, cols: 1 })).toEqual([['first'], [199]]);
  });

  it('flush() during a save queues the latest state and writes it last (last write wins)', async () => {
    const store = new MemoryWorkbookStore();
    const host = new PreviewHost({ store, credentialStorage: new MemoryStorage(), mintWorkbookId });
    const sheetId = host.model.sheets()[0]!.id;
    store.hold = true;
    host.model.setValue(sheetId, 0, 0, 'a');
    expect(host.flush()).toBe(true);
    host.model.setValue(sheetId, 0, 0, 'b');
    expect(host.flush()).toBe(true);
    host.model.setValue(sheetId, 0, 0, 'c');
    expect(host.flush()).toBe(true);
    expect(store.written).toHaveLength(1);
    let done: boolean | null = null;
    void host.whenSaved().then((ok) => (done = ok));
    expect(store.release()).toBe(1);
    await settle();
    expect(done).toBeNull();
    expect(store.written).toHaveLength(2);
    expect(store.release()).toBe(1);
    await settle();
    expect(done).toBe(true);
    expect(store.maxInFlight).toBe(1);
    expect(store.value).toContain('"c"');
    expect(store.value).not.toContain('"b"');
  });

  it('does not write on a selection change alone, but keeps it with the next save', async () => {
    jest.useFakeTimers();
    const store = new MemoryWorkbookStore();
    const host = new PreviewHost({ store, credentialStorage: new MemoryStorage(), mintWorkbookId });
    const sheetId = host.model.sheets()[0]!.id;
    host.selection.set({ sheetId, active: { row: 3, col: 3 }, focus: { row: 3, col: 3 } });
    jest.advanceTimersByTime(1000);
    expect(store.written).toHaveLength(0);
    expect(host.flush()).toBe(true);
    await host.whenSaved();
    expect(store.written).toHaveLength(1);
    jest.useRealTimers();
    const again = await PreviewHost.open({ store, credentialStorage: new MemoryStorage(), mintWorkbookId });
    expect(again.selection.selection.active).toEqual({ row: 3, col: 3 });
  });

  it('a save IndexedDB refuses shows the notice (no 5 MB wording) and whenSaved() says false', async () => {
    const idb = new FakeIndexedDb();
    const host = await load(idb);
    idb.quotaChars = 100;
    host.model.setValue(host.model.sheets()[0]!.id, 0, 0, 'x');
    expect(host.flush()).toBe(true);
    expect(await host.whenSaved()).toBe(false);
    const notice = host.notices().find((n) => n.id === 'saveFailed');
    expect(notice?.message).toContain('storage for the site is full');
    expect(notice?.message).not.toContain('5 MB');
    idb.quotaChars = Infinity;
    expect(host.flush()).toBe(true);
    expect(await host.whenSaved()).toBe(true);
    expect(host.notices()).toEqual([]);
  });

  it('reopens the connection when the browser closed it', async () => {
    const idb = new FakeIndexedDb();
    const host = await load(idb);
    idb.closeAll();
    host.model.setValue(host.model.sheets()[0]!.id, 0, 0, 'after close');
    host.flush();
    expect(await host.whenSaved()).toBe(true);
    expect(saved(idb)).toContain('after close');
  });
});

describe('the localStorage fallback (no IndexedDB)', () => {
  function fallback(local: MemoryStorage): PreviewHost {
    return new PreviewHost({ store: new LocalStorageWorkbookStore(local), credentialStorage: local, mintWorkbookId, retryDelayMs: 30_000 });
  }

  it('saves synchronously and round-trips', async () => {
    const local = new MemoryStorage();
    const a = fallback(local);
    a.model.setValue(a.model.sheets()[0]!.id, 0, 0, 'kept');
    expect(a.flush()).toBe(true);
    expect(local.writes).toBe(1);
    const b = await PreviewHost.open({ store: new LocalStorageWorkbookStore(local), credentialStorage: local, mintWorkbookId });
    expect(b.model.getValue(b.model.sheets()[0]!.id, 0, 0)).toBe('kept');
  });

  it('a refused save shows the size notice once, does not serialize again on each change, and saves once the workbook got smaller', () => {
    jest.useFakeTimers();
    const local = new MemoryStorage();
    const host = fallback(local);
    const sheetId = host.model.sheets()[0]!.id;
    local.quota = 2000;
    host.model.setRange(
      sheetId,
      0,
      0,
      Array.from({ length: 200 }, (_, i) => [`row ${i}`, i]),
    );
    jest.advanceTimersByTime(300);
    expect(local.attempts).toBe(1);
    const notice = host.notices().find((n) => n.id === 'saveFailed');
    expect(notice?.intent).toBe('error');
    expect(notice?.message).toMatch(/about \d+\.\d MB/);
    expect(notice?.message).toContain('5 MB');

    // More growth: no whole-workbook retry per change.
    for (let i = 0; i < 20; i += 1) {
      host.model.setValue(sheetId, 300 + i, 0, i);
      jest.advanceTimersByTime(400);
    }
    expect(local.attempts).toBe(1);
    // The retry comes after the retry delay (and fails again: still too big), then waits twice as long.
    jest.advanceTimersByTime(30_000 - 8_000);
    expect(local.attempts).toBe(2);
    jest.advanceTimersByTime(59_000);
    expect(local.attempts).toBe(2);
    jest.advanceTimersByTime(1_000);
    expect(local.attempts).toBe(3);

    // Removing data is what the notice asks for: saved at the next quiet time.
    host.model.clearRange(sheetId, { row: 0, col: 0, rows: 400, cols: 2 });
    jest.advanceTimersByTime(300);
    expect(local.attempts).toBe(4);
    expect(local.writes).toBe(1);
    expect(host.notices()).toEqual([]);
  });

  it('flush() returns false when refused, and true once a save succeeds', () => {
    const local = new MemoryStorage();
    const host = fallback(local);
    const sheetId = host.model.sheets()[0]!.id;
    local.quota = 2000;
    host.model.setRange(
      sheetId,
      0,
      0,
      Array.from({ length: 200 }, (_, i) => [`row ${i}`, i]),
    );
    expect(host.flush()).toBe(false);
    host.model.clearRange(sheetId, { row: 0, col: 0, rows: 200, cols: 2 });
    expect(host.flush()).toBe(true);
    expect(host.notices()).toEqual([]);
  });

  it('sets a damaged value aside under the damaged key', async () => {
    const local = new MemoryStorage();
    local.setItem(WORKBOOK_STORAGE_KEY, 'garbage');
    const host = await PreviewHost.open({ store: new LocalStorageWorkbookStore(local), credentialStorage: local, mintWorkbookId });
    expect(host.notices()[0]?.message).toContain(`localStorage key "${DAMAGED_WORKBOOK_KEY}"`);
    expect(local.getItem(DAMAGED_WORKBOOK_KEY)).toBe('garbage');
  });
});

describe('the SpreadsheetHost port', () => {
  const open = (): PreviewHost =>
    new PreviewHost({ store: new MemoryWorkbookStore(), credentialStorage: new MemoryStorage(), mintWorkbookId });

  it('behaves like Excel: SPREADSHEET_1, Excel grid and 5 MB requests', () => {
    const host = open();
    expect(host.platformHost).toBe(HOST_EXCEL);
    expect(host.limits.maxRows).toBe(1_048_576);
    expect(host.limits.maxCols).toBe(16_384);
    expect(host.limits.maxBytesPerWrite).toBe(5_000_000);
  });

  it('activeCell() is the top-left cell of the grid selection; select() selects and asks the grid to reveal it', async () => {
    const host = open();
    const sheetId = host.model.sheets()[0]!.id;
    host.selection.set({ sheetId, active: { row: 9, col: 4 }, focus: { row: 5, col: 2 } }, { reveal: false });
    const cell = await host.activeCell();
    expect([cell.row, cell.col]).toEqual([5, 2]);

    const before = host.selection.get().revealSeq;
    await host.select({ sheetId, row: 150_000, col: 3, rows: 20, cols: 4 });
    expect(host.selection.get().revealSeq).toBe(before + 1);
    expect(host.selection.selection).toEqual({ sheetId, active: { row: 150_000, col: 3 }, focus: { row: 150_019, col: 6 } });
    const after = await host.activeCell();
    expect([after.row, after.col]).toEqual([150_000, 3]);
  });

  it('select() refuses an unknown sheet and a range past the grid', async () => {
    const host = open();
    const sheetId = host.model.sheets()[0]!.id;
    await expect(host.select({ sheetId: 'nope', row: 0, col: 0, rows: 1, cols: 1 })).rejects.toMatchObject({ kind: 'notFound' });
    await expect(host.select({ sheetId, row: 1_048_570, col: 0, rows: 10, cols: 1 })).rejects.toMatchObject({ kind: 'limit' });
  });

  it('tracked areas follow inserted rows, and a deleted sheet moves the selection and orphans its areas', async () => {
    const host = open();
    const first = host.model.sheets()[0]!.id;
    const second = host.model.addSheet('Two').id;
    await host.trackArea('p', { sheetId: second, row: 2, col: 1, rows: 3, cols: 2 });
    host.model.insertRows(second, 0, 2);
    expect((await host.layout()).areas['p'] ?? null).toEqual({ sheetId: second, row: 4, col: 1, rows: 3, cols: 2 });
    host.selection.showSheet(second);
    host.model.deleteSheet(second);
    expect((await host.layout()).areas['p'] ?? null).toBeNull();
    expect((await host.activeCell()).sheet.id).toBe(first);
  });

  it('onLayoutChange() tells of sheets renamed or deleted and areas moved or deleted, not of cell edits', async () => {
    const host = open();
    const first = host.model.sheets()[0]!.id;
    const second = host.model.addSheet('Two').id;
    await host.trackArea('p', { sheetId: first, row: 2, col: 1, rows: 3, cols: 2 });
    let heard = 0;
    const stop = host.onLayoutChange(() => {
      heard += 1;
    });
    host.model.setValue(first, 0, 0, 'typed');
    expect(heard).toBe(0);
    host.model.insertRows(first, 0, 1);
    expect(heard).toBe(1);
    host.model.renameSheet(second, 'Renamed');
    expect(heard).toBe(2);
    host.model.deleteRows(first, 3, 3);
    expect((await host.layout()).areas['p'] ?? null).toBeNull();
    expect(heard).toBe(3);
    host.model.deleteSheet(second);
    expect(heard).toBe(4);
    stop();
    host.model.addSheet('After');
    expect(heard).toBe(4);
  });

  it('showSheet() brings back the last selection of a sheet', () => {
    const host = open();
    const first = host.model.sheets()[0]!.id;
    const second = host.model.addSheet('Two').id;
    host.selection.set({ sheetId: first, active: { row: 7, col: 1 }, focus: { row: 7, col: 1 } });
    host.selection.showSheet(second);
    expect(host.selection.selection).toEqual({ sheetId: second, active: { row: 0, col: 0 }, focus: { row: 0, col: 0 } });
    host.selection.showSheet(first);
    expect(host.selection.selection.active).toEqual({ row: 7, col: 1 });
  });
});
