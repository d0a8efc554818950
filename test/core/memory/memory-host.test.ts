/**
 * Tests for MemoryHost: strict write and read limits, snapshot/restore, separate stores with the document's caps.
 * Also the workbook id, the layout, tracked areas and fault injection.
 */
import { PRODUCT_PREFIX } from '../../../src/core/wire/wire-names';
import { AddinError } from '../../../src/core/errors/addin-error';
import { HOST_SHEETS } from '../../../src/core/wire/wire-names';
import { boldRuns, formatRuns } from '../../../src/core/cells/cell-runs';
import { TEXT_FORMAT } from '../../../src/core/host';
import { MemoryHost, MEMORY_WORKBOOK_ID_SETTING, estimateWriteBytes } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';

function setup(limits = {}): { host: MemoryHost; sheet: string } {
  const host = new MemoryHost(new WorkbookModel(), { limits, platformHost: HOST_SHEETS, workbookName: 'Budget.xlsx' });
  return { host, sheet: host.model.sheets()[0]!.id };
}

describe('MemoryHost', () => {
  it('mints the workbook id once and keeps it in the document store', async () => {
    let n = 0;
    const host = new MemoryHost(new WorkbookModel(), { mintWorkbookId: () => `wb-${++n}` });
    expect((await host.layout()).workbook).toEqual({ id: 'wb-1', name: 'Book1' });
    expect((await host.layout()).workbook).toEqual({ id: 'wb-1', name: 'Book1' });
    expect(await host.documentStore.get(MEMORY_WORKBOOK_ID_SETTING)).toBe('wb-1');
    expect(n).toBe(1);
  });

  it('keeps credentials out of the document store and out of the workbook JSON', async () => {
    const { host } = setup();
    await host.credentials.set('apiKey', 'secret-123');
    await host.documentStore.set(`${PRODUCT_PREFIX}.context`, '{}');
    expect(host.documentStore.keys()).toEqual([`${PRODUCT_PREFIX}.context`]);
    expect(JSON.stringify(host.model.toJSON())).not.toContain('secret-123');
    expect(await host.credentials.get('apiKey')).toBe('secret-123');
  });

  it('rejects a write over the cell or byte limit with kind limit, writing nothing', async () => {
    const { host, sheet } = setup({ maxCellsPerWrite: 6, maxBytesPerWrite: 40 });
    const big = {
      sheetId: sheet,
      row: 0,
      col: 0,
      values: [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
      ],
    };
    await expect(host.writeBlock(big)).rejects.toMatchObject({ kind: 'limit', code: 'RequestPayloadSizeLimitExceeded' });
    const wide = { sheetId: sheet, row: 0, col: 0, values: [['a'.repeat(50)]] };
    expect(estimateWriteBytes(wide)).toBeGreaterThan(40);
    await expect(host.writeBlock(wide)).rejects.toMatchObject({ kind: 'limit' });
    expect(host.model.countValues()).toBe(0);
  });

  it('counts multi-byte characters in the size estimate', () => {
    expect(estimateWriteBytes({ values: [['é']] })).toBe(8); // [["é"]]: 4 brackets, 2 quotes, 2 bytes
    expect(estimateWriteBytes({ values: [['😀']] })).toBe(10);
  });

  it('enforces the grid bounds', async () => {
    const { host, sheet } = setup({ maxRows: 100, maxCols: 5 });
    await expect(host.writeBlock({ sheetId: sheet, row: 99, col: 0, values: [[1], [2]] })).rejects.toMatchObject({ kind: 'limit' });
    await expect(host.writeBlock({ sheetId: sheet, row: 0, col: 4, values: [[1, 2]] })).rejects.toMatchObject({ kind: 'limit' });
    await expect(host.writeBlock({ sheetId: 'nope', row: 0, col: 0, values: [[1]] })).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('writes formats before values and bolds header rows', async () => {
    const { host, sheet } = setup();
    await host.writeBlock({
      sheetId: sheet,
      row: 1,
      col: 1,
      values: [['id'], ['=1+1']],
      formats: formatRuns([[null], [TEXT_FORMAT]]),
      bold: [{ row: 0, col: 0, rows: 1, cols: 1, bold: true }],
    });
    expect(host.model.getCell(sheet, 1, 1)).toEqual({ value: 'id', format: null, bold: true, formula: false });
    expect(host.model.getCell(sheet, 2, 1)).toEqual({ value: '=1+1', format: TEXT_FORMAT, bold: false, formula: false });
  });

  it('restores a snapshot exactly, formats included', async () => {
    const { host, sheet } = setup();
    host.model.setRange(sheet, 0, 0, [['keep', 5]], { formats: [[TEXT_FORMAT, '0.0%']] });
    const range = { sheetId: sheet, row: 0, col: 0, rows: 2, cols: 2 };
    const before = host.model.toJSON();
    const [snap] = await host.snapshot([range]);
    if (!snap) throw new Error('no snapshot');
    expect(snap.formats).toEqual([
      [TEXT_FORMAT, '0.0%'],
      ['General', 'General'],
    ]);
    await host.writeBlock({
      sheetId: sheet,
      row: 0,
      col: 0,
      values: [
        ['x', 'y'],
        ['z', 'w'],
      ],
      formats: [{ row: 0, col: 0, rows: 2, cols: 2, format: '0' }],
    });
    await host.writeBlock({ ...range, values: snap.values, formats: formatRuns(snap.formats) });
    expect(host.model.toJSON()).toEqual(before);
  });

  it('snapshots bold and sets it back exactly, unbolding what a header write bolded', async () => {
    const { host, sheet } = setup();
    host.model.setBold(sheet, { row: 1, col: 1, rows: 1, cols: 1 }, true);
    const range = { sheetId: sheet, row: 0, col: 0, rows: 2, cols: 2 };
    const before = host.model.toJSON();
    const [snap] = await host.snapshot([range]);
    if (!snap) throw new Error('no snapshot');
    expect(snap.bold).toEqual([
      [false, false],
      [false, true],
    ]);
    await host.writeBlock({
      ...range,
      values: [
        ['h1', 'h2'],
        ['a', 'b'],
      ],
      bold: [{ row: 0, col: 0, rows: 2, cols: 2, bold: true }],
    });
    expect(host.model.getCell(sheet, 0, 0)?.bold).toBe(true);
    await host.writeBlock({ ...range, values: snap.values, formats: formatRuns(snap.formats), bold: boldRuns(snap.bold) });
    expect(host.model.toJSON()).toEqual(before);
    await expect(
      host.writeBlock({ ...range, values: snap.values, bold: [{ row: 1, col: 1, rows: 2, cols: 1, bold: true }] }),
    ).rejects.toMatchObject({ kind: 'host' });
  });

  it('fails the next writes on request, and a write after k successes, once', async () => {
    const { host, sheet } = setup();
    const w = (v: number) => host.writeBlock({ sheetId: sheet, row: v, col: 0, values: [[v]] });
    host.failNextWrites(1);
    await expect(w(0)).rejects.toBeInstanceOf(AddinError);
    await w(1);
    host.failWriteAfter(2, new Error('boom'));
    await w(2);
    await w(3);
    await expect(w(4)).rejects.toThrow('boom');
    await w(5);
    expect(host.log.map((e) => e.range.row)).toEqual([1, 2, 3, 5]);
    expect(host.model.getValue(sheet, 4, 0)).toBeNull();
  });

  it('clears values but not formats, several ranges in one call', async () => {
    const { host, sheet } = setup();
    host.model.setRange(
      sheet,
      0,
      0,
      [
        [1, 2],
        [3, 4],
      ],
      {
        formats: [
          ['0', '0'],
          ['0', '0'],
        ],
      },
    );
    await host.clear([
      { sheetId: sheet, row: 0, col: 0, rows: 1, cols: 1 },
      { sheetId: sheet, row: 0, col: 1, rows: 1, cols: 1 },
    ]);
    expect(host.model.getValues(sheet, { row: 0, col: 0, rows: 2, cols: 2 })).toEqual([
      [null, null],
      [3, 4],
    ]);
    expect(host.model.getCell(sheet, 0, 0)?.format).toBe('0');
  });

  it('tracks areas through the model: the layout has them where they are, null when orphaned, none when unknown', async () => {
    const { host, sheet } = setup();
    await host.trackArea('p1', { sheetId: sheet, row: 3, col: 0, rows: 2, cols: 2 });
    await host.trackArea('p2', { sheetId: sheet, row: 0, col: 5, rows: 1, cols: 1 });
    host.model.insertRows(sheet, 0, 1);
    expect((await host.layout(['p1'])).areas).toEqual({ p1: { sheetId: sheet, row: 4, col: 0, rows: 2, cols: 2 } });
    host.model.deleteRows(sheet, 4, 2);
    const layout = await host.layout();
    expect(layout.areas).toEqual({ p1: null, p2: { sheetId: sheet, row: 1, col: 5, rows: 1, cols: 1 } });
    expect(layout.sheets).toEqual([{ id: sheet, name: 'Sheet1' }]);
    expect((await host.layout(['unknown'])).areas).toEqual({});
  });

  it('refuses a read past its response limits, and answers several ranges in order', async () => {
    const { host, sheet } = setup({ maxCellsPerRead: 10 });
    host.model.setRange(sheet, 0, 0, [[1, 2, 3]]);
    await expect(host.snapshot([{ sheetId: sheet, row: 0, col: 0, rows: 4, cols: 3 }])).rejects.toMatchObject({ kind: 'limit' });
    const snaps = await host.snapshot([
      { sheetId: sheet, row: 0, col: 2, rows: 1, cols: 1 },
      { sheetId: sheet, row: 0, col: 0, rows: 1, cols: 2 },
    ]);
    expect(snaps.map((s) => s.values)).toEqual([[[3]], [[1, 2]]]);
  });

  it("refuses a document value or store past Apps Script's caps, changing nothing", async () => {
    const host = new MemoryHost(new WorkbookModel(), { documentLimits: { maxValueBytes: 20, maxStoreBytes: 40 } });
    await host.documentStore.update({ a: 'x'.repeat(10), b: 'y' });
    await expect(host.documentStore.set('c', 'z'.repeat(30))).rejects.toMatchObject({ kind: 'limit' });
    await expect(host.documentStore.update({ c: 'z'.repeat(15), d: 'w'.repeat(15) })).rejects.toMatchObject({ kind: 'limit' });
    expect(await host.documentStore.entries('')).toEqual({ a: 'x'.repeat(10), b: 'y' });
    await host.documentStore.update({ a: null });
    expect(await host.documentStore.entries('')).toEqual({ b: 'y' });
  });

  it('answers hostBusy to any call while "a cell is being edited", then works again', async () => {
    const { host, sheet } = setup();
    host.busyFor(2);
    await expect(host.layout()).rejects.toMatchObject({ kind: 'hostBusy' });
    await expect(host.writeBlock({ sheetId: sheet, row: 0, col: 0, values: [[1]] })).rejects.toMatchObject({ kind: 'hostBusy' });
    expect(host.model.getValue(sheet, 0, 0)).toBeNull();
    await host.writeBlock({ sheetId: sheet, row: 0, col: 0, values: [[1]] });
    expect(host.model.getValue(sheet, 0, 0)).toBe(1);
  });

  it('records autofitColumns calls', async () => {
    const { host, sheet } = setup();
    await host.autofitColumns({ sheetId: sheet, row: 0, col: 1, rows: 3, cols: 2 });
    expect(host.autofitted).toEqual([{ sheetId: sheet, row: 0, col: 1, rows: 3, cols: 2 }]);
  });

  it('reports the active cell and moves it on select', async () => {
    const { host, sheet } = setup();
    expect(host.platformHost).toBe(HOST_SHEETS);
    expect(await host.activeCell()).toEqual({ sheet: { id: sheet, name: 'Sheet1' }, row: 0, col: 0 });
    await host.select({ sheetId: sheet, row: 4, col: 2, rows: 3, cols: 3 });
    expect(await host.activeCell()).toMatchObject({ row: 4, col: 2 });
    expect(host.model.name).toBe('Budget.xlsx');
  });
});
