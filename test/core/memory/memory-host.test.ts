/** Tests for MemoryHost: strict write limits, snapshot/restore, separate stores, workbook id, tracked areas and fault injection. */
import { AddinError } from '../../../src/core/wire/errors';
import { HOST_SHEETS } from '../../../src/core/wire/wire-names';
import { TEXT_FORMAT } from '../../../src/core/host';
import { MemoryHost, WORKBOOK_ID_KEY, estimateWriteBytes } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';

function setup(limits = {}): { host: MemoryHost; sheet: string } {
  const host = new MemoryHost(new WorkbookModel(), { limits, platformHost: HOST_SHEETS, workbookName: 'Budget.xlsx' });
  return { host, sheet: host.model.sheets()[0]!.id };
}

describe('MemoryHost', () => {
  it('mints the workbook id once and keeps it in the document store', async () => {
    let n = 0;
    const host = new MemoryHost(new WorkbookModel(), { mintWorkbookId: () => `wb-${++n}` });
    expect(await host.workbook()).toEqual({ id: 'wb-1', name: 'Book1' });
    expect(await host.workbook()).toEqual({ id: 'wb-1', name: 'Book1' });
    expect(await host.document.get(WORKBOOK_ID_KEY)).toBe('wb-1');
    expect(n).toBe(1);
  });

  it('keeps credentials out of the document store and out of the workbook JSON', async () => {
    const { host } = setup();
    await host.credentials.set('apiKey', 'secret-123');
    await host.document.set('svc.context', '{}');
    expect(host.document.keys()).toEqual(['svc.context']);
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
    await host.writeBlock({ sheetId: sheet, row: 1, col: 1, values: [['id'], ['=1+1']], formats: [[null], [TEXT_FORMAT]], headerRows: 1 });
    expect(host.model.getCell(sheet, 1, 1)).toEqual({ value: 'id', format: null, bold: true, formula: false });
    expect(host.model.getCell(sheet, 2, 1)).toEqual({ value: '=1+1', format: TEXT_FORMAT, bold: false, formula: false });
  });

  it('restores a snapshot exactly, formats included', async () => {
    const { host, sheet } = setup();
    host.model.setRange(sheet, 0, 0, [['keep', 5]], { formats: [[TEXT_FORMAT, '0.0%']] });
    const range = { sheetId: sheet, row: 0, col: 0, rows: 2, cols: 2 };
    const before = host.model.toJSON();
    const snap = await host.snapshot(range);
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
      formats: [
        ['0', '0'],
        ['0', '0'],
      ],
    });
    await host.writeBlock({ ...range, values: snap.values, formats: snap.formats });
    expect(host.model.toJSON()).toEqual(before);
  });

  it('snapshots bold and sets it back exactly, unbolding what a header write bolded', async () => {
    const { host, sheet } = setup();
    host.model.setBold(sheet, { row: 1, col: 1, rows: 1, cols: 1 }, true);
    const range = { sheetId: sheet, row: 0, col: 0, rows: 2, cols: 2 };
    const before = host.model.toJSON();
    const snap = await host.snapshot(range);
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
      headerRows: 2,
    });
    expect(host.model.getCell(sheet, 0, 0)?.bold).toBe(true);
    await host.writeBlock({ ...range, values: snap.values, formats: snap.formats, ...(snap.bold ? { bold: snap.bold } : {}) });
    expect(host.model.toJSON()).toEqual(before);
    await expect(host.writeBlock({ ...range, values: snap.values, bold: [[true]] })).rejects.toMatchObject({ kind: 'host' });
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

  it('clears values but not formats, and reports occupied cells', async () => {
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
    await host.clear({ sheetId: sheet, row: 0, col: 0, rows: 1, cols: 2 });
    expect(await host.occupiedCells({ sheetId: sheet, row: 0, col: 0, rows: 2, cols: 2 }, 10)).toEqual([
      { row: 1, col: 0 },
      { row: 1, col: 1 },
    ]);
    expect(host.model.getCell(sheet, 0, 0)?.format).toBe('0');
  });

  it('tracks areas through the model and answers null for an orphaned or unknown one', async () => {
    const { host, sheet } = setup();
    await host.trackArea('p1', { sheetId: sheet, row: 3, col: 0, rows: 2, cols: 2 });
    host.model.insertRows(sheet, 0, 1);
    expect(await host.trackedArea('p1')).toEqual({ sheetId: sheet, row: 4, col: 0, rows: 2, cols: 2 });
    host.model.deleteRows(sheet, 4, 2);
    expect(await host.trackedArea('p1')).toBeNull();
    expect(await host.trackedArea('unknown')).toBeNull();
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
