/** PreviewHost: persistence in browser storage (round trip, debounce, damaged value, refused save), selection, credentials kept apart. */
import { HOST_EXCEL } from '../../src/core/api/wire-names';
import { TEXT_FORMAT } from '../../src/core/host';
import { DAMAGED_WORKBOOK_KEY, PreviewHost, WORKBOOK_STORAGE_KEY } from '../../src/preview/preview-host';
import { CREDENTIAL_KEY_PREFIX } from '../../src/preview/local-credential-store';
import { MemoryStorage } from './memory-storage';

let seq = 0;
function open(storage: MemoryStorage, credentialStorage?: MemoryStorage): PreviewHost {
  return new PreviewHost({ storage, credentialStorage, mintWorkbookId: () => `wb-${++seq}` });
}

afterEach(() => {
  jest.useRealTimers();
});

describe('persistence', () => {
  it('keeps values, formats, bold headers, tracked areas, the document store and the workbook id across a reload', async () => {
    const storage = new MemoryStorage();
    const a = open(storage);
    const sheet = (await a.sheets())[0]!;
    await a.writeBlock({
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
    });
    await a.trackArea('p1', { sheetId: sheet.id, row: 1, col: 1, rows: 2, cols: 3 });
    await a.document.set('svc.placements', '{"version":1}');
    const id = (await a.workbook()).id;
    const second = a.model.addSheet('Data');
    await a.select({ sheetId: second.id, row: 4, col: 2, rows: 1, cols: 1 });
    expect(a.flush()).toBe(true);

    const b = open(storage);
    const sheetB = (await b.sheets())[0]!;
    expect((await b.sheets()).map((s) => s.name)).toEqual(['Sheet1', 'Data']);
    expect(b.model.getValues(sheetB.id, { row: 1, col: 1, rows: 2, cols: 3 })).toEqual([
      ['status', 'count', 'code'],
      ['open', 3, '007'],
    ]);
    expect(b.model.getCell(sheetB.id, 1, 1)?.bold).toBe(true);
    expect(b.model.getCell(sheetB.id, 2, 3)?.format).toBe(TEXT_FORMAT);
    expect(await b.trackedArea('p1')).toEqual({ sheetId: sheet.id, row: 1, col: 1, rows: 2, cols: 3 });
    expect(await b.document.get('svc.placements')).toBe('{"version":1}');
    expect((await b.workbook()).id).toBe(id);
    const active = await b.activeCell();
    expect([active.sheet.name, active.row, active.col]).toEqual(['Data', 4, 2]);
  });

  it('keeps credentials out of the saved workbook, under their own per-user key', async () => {
    const storage = new MemoryStorage();
    const a = open(storage);
    await a.credentials.set('session', 'secret-api-key-123');
    await a.document.set('svc.context', 'ctx');
    a.flush();

    const saved = storage.getItem(WORKBOOK_STORAGE_KEY)!;
    expect(saved).toContain('svc.context');
    expect(saved).not.toContain('secret-api-key-123');
    expect(storage.getItem(`${CREDENTIAL_KEY_PREFIX}session`)).toBe('secret-api-key-123');
    expect(await a.document.get('session')).toBeNull();

    const b = open(storage);
    expect(await b.credentials.get('session')).toBe('secret-api-key-123');
    await b.credentials.remove('session');
    expect(storage.getItem(`${CREDENTIAL_KEY_PREFIX}session`)).toBeNull();
  });

  it('can keep credentials in a different storage than the workbook', async () => {
    const storage = new MemoryStorage();
    const secrets = new MemoryStorage();
    const a = open(storage, secrets);
    await a.credentials.set('k', 'v');
    a.flush();
    expect([...storage.map.keys()].some((k) => k.startsWith(CREDENTIAL_KEY_PREFIX))).toBe(false);
    expect(secrets.getItem(`${CREDENTIAL_KEY_PREFIX}k`)).toBe('v');
  });

  it('saves after a quiet time, once for a burst of changes', () => {
    jest.useFakeTimers();
    const storage = new MemoryStorage();
    const host = open(storage);
    const sheetId = host.model.sheets()[0]!.id;
    for (let i = 0; i < 10; i += 1) host.model.setValue(sheetId, i, 0, i);
    expect(storage.getItem(WORKBOOK_STORAGE_KEY)).toBeNull();
    jest.advanceTimersByTime(299);
    expect(storage.writes).toBe(0);
    jest.advanceTimersByTime(1);
    expect(storage.writes).toBe(1);
    expect(open(storage).model.getValues(sheetId, { row: 0, col: 0, rows: 10, cols: 1 }).flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('does not write on a selection change alone, but keeps it with the next save', () => {
    jest.useFakeTimers();
    const storage = new MemoryStorage();
    const host = open(storage);
    const sheetId = host.model.sheets()[0]!.id;
    host.selection.set({ sheetId, active: { row: 3, col: 3 }, focus: { row: 3, col: 3 } });
    jest.advanceTimersByTime(1000);
    expect(storage.writes).toBe(0);
    expect(host.flush()).toBe(true);
    expect(storage.writes).toBe(1);
    expect(open(storage).selection.selection.active).toEqual({ row: 3, col: 3 });
  });
});

describe('a damaged saved workbook', () => {
  it.each([
    ['not JSON', '{"kind": "svc.preview.workbook", '],
    ['another app\'s value', JSON.stringify({ hello: 'world' })],
    ['a broken workbook inside the envelope', JSON.stringify({ kind: 'svc.preview.workbook', version: 1, workbook: { version: 1, sheets: [] }, selection: null })],
  ])('%s: starts a fresh workbook, keeps the damaged copy and shows a notice', (_name, raw) => {
    const storage = new MemoryStorage();
    storage.setItem(WORKBOOK_STORAGE_KEY, raw);
    const host = open(storage);
    expect(host.model.sheets().map((s) => s.name)).toEqual(['Sheet1']);
    expect(host.model.countValues()).toBe(0);
    const notice = host.notices().find((n) => n.id === 'damaged');
    expect(notice?.intent).toBe('warning');
    expect(notice?.message).toContain('could not be read');
    expect(notice?.message).toContain(DAMAGED_WORKBOOK_KEY);
    expect(storage.getItem(DAMAGED_WORKBOOK_KEY)).toBe(raw);
    // Nothing overwrites the damaged value until the user changes something.
    expect(storage.getItem(WORKBOOK_STORAGE_KEY)).toBe(raw);
    host.model.setValue(host.model.sheets()[0]!.id, 0, 0, 'new');
    host.flush();
    expect(open(storage).notices()).toEqual([]);
  });

  it('says so when the damaged copy cannot be kept either', () => {
    const storage = new MemoryStorage();
    const raw = 'x'.repeat(100);
    storage.setItem(WORKBOOK_STORAGE_KEY, raw);
    storage.quota = 150;
    const host = open(storage);
    expect(host.notices()[0]?.message).toContain('could not be kept');
  });

  it('names a selection on a sheet that no longer exists as no selection (A1 of the first sheet)', async () => {
    const storage = new MemoryStorage();
    const a = open(storage);
    a.model.setValue(a.model.sheets()[0]!.id, 0, 0, 1);
    a.flush();
    const saved = JSON.parse(storage.getItem(WORKBOOK_STORAGE_KEY)!) as Record<string, unknown>;
    storage.setItem(WORKBOOK_STORAGE_KEY, JSON.stringify({ ...saved, selection: { sheetId: 'gone', active: { row: 5, col: 5 }, focus: { row: 5, col: 5 } } }));
    const b = open(storage);
    const cell = await b.activeCell();
    expect([cell.sheet.name, cell.row, cell.col]).toEqual(['Sheet1', 0, 0]);
    expect(b.notices()).toEqual([]);
  });
});

describe('a refused save', () => {
  it('shows a notice naming the size, and clears it once a save succeeds', () => {
    const storage = new MemoryStorage();
    const host = open(storage);
    const sheetId = host.model.sheets()[0]!.id;
    storage.quota = 2000;
    host.model.setRange(sheetId, 0, 0, Array.from({ length: 200 }, (_, i) => [`row ${i}`, i]));
    expect(host.flush()).toBe(false);
    const notice = host.notices().find((n) => n.id === 'saveFailed');
    expect(notice?.intent).toBe('error');
    expect(notice?.message).toMatch(/about \d+\.\d MB/);
    host.model.clearRange(sheetId, { row: 0, col: 0, rows: 200, cols: 2 });
    expect(host.flush()).toBe(true);
    expect(host.notices()).toEqual([]);
  });
});

describe('the SpreadsheetHost port', () => {
  it('behaves like Excel: SPREADSHEET_1, Excel grid and 5 MB requests', () => {
    const host = open(new MemoryStorage());
    expect(host.platformHost).toBe(HOST_EXCEL);
    expect(host.limits.maxRows).toBe(1_048_576);
    expect(host.limits.maxCols).toBe(16_384);
    expect(host.limits.maxBytesPerWrite).toBe(5_000_000);
  });

  it('activeCell() is the top-left cell of the grid selection; select() selects and asks the grid to reveal it', async () => {
    const host = open(new MemoryStorage());
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
    const host = open(new MemoryStorage());
    const sheetId = host.model.sheets()[0]!.id;
    await expect(host.select({ sheetId: 'nope', row: 0, col: 0, rows: 1, cols: 1 })).rejects.toMatchObject({ kind: 'notFound' });
    await expect(host.select({ sheetId, row: 1_048_570, col: 0, rows: 10, cols: 1 })).rejects.toMatchObject({ kind: 'limit' });
  });

  it('tracked areas follow inserted rows, and a deleted sheet moves the selection and orphans its areas', async () => {
    const host = open(new MemoryStorage());
    const first = host.model.sheets()[0]!.id;
    const second = host.model.addSheet('Two').id;
    await host.trackArea('p', { sheetId: second, row: 2, col: 1, rows: 3, cols: 2 });
    host.model.insertRows(second, 0, 2);
    expect(await host.trackedArea('p')).toEqual({ sheetId: second, row: 4, col: 1, rows: 3, cols: 2 });
    host.selection.showSheet(second);
    host.model.deleteSheet(second);
    expect(await host.trackedArea('p')).toBeNull();
    expect((await host.activeCell()).sheet.id).toBe(first);
  });

  it('showSheet() brings back the last selection of a sheet', () => {
    const host = open(new MemoryStorage());
    const first = host.model.sheets()[0]!.id;
    const second = host.model.addSheet('Two').id;
    host.selection.set({ sheetId: first, active: { row: 7, col: 1 }, focus: { row: 7, col: 1 } });
    host.selection.showSheet(second);
    expect(host.selection.selection).toEqual({ sheetId: second, active: { row: 0, col: 0 }, focus: { row: 0, col: 0 } });
    host.selection.showSheet(first);
    expect(host.selection.selection.active).toEqual({ row: 7, col: 1 });
  });
});
