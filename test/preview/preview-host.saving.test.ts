/** PreviewHost: write-behind saves coalesced, a refused save in the localStorage fallback, credentials kept apart, the port. */
import { HOST_EXCEL } from '../../src/core/wire/wire-names';
import { LocalStorageWorkbookStore } from '../../src/preview/local-workbook-store';
import { DAMAGED_WORKBOOK_KEY, PreviewHost, WORKBOOK_STORAGE_KEY } from '../../src/preview/preview-host';
import { FakeIndexedDb } from './fake-indexed-db';
import { MemoryStorage } from './memory-storage';
import { MemoryWorkbookStore } from './memory-workbook-store';
import { mintWorkbookId, load, saved, settle } from './preview-host-load';

afterEach(() => {
  jest.useRealTimers();
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

  it("onCellEdits() tells of the user's value edits with their cells, not of the add-in's own writes", async () => {
    const host = open();
    const first = host.model.sheets()[0]!.id;
    const heard: unknown[] = [];
    const stop = host.onCellEdits((edit) => heard.push(edit));
    await host.writeBlock({ sheetId: first, row: 0, col: 0, values: [['own', 'write']] });
    await host.clear([{ sheetId: first, row: 0, col: 0, rows: 1, cols: 2 }]);
    expect(heard).toEqual([]);
    host.model.setValue(first, 4, 2, 'typed');
    expect(heard).toEqual([{ sheetId: first, range: { sheetId: first, row: 4, col: 2, rows: 1, cols: 1 } }]);
    stop();
    host.model.setValue(first, 5, 2, 'after');
    expect(heard).toHaveLength(1);
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
