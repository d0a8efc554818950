/** window.previewWorkbook: sheets by name, A1 cells, rows from 1, host semantics, selection and tracked areas. */
import { blockFromGrids } from '../core/cells/block-grids';
import { TEXT_FORMAT } from '../../src/core/host';
import { LocalStorageWorkbookStore } from '../../src/preview/local-workbook-store';
import { PreviewHost } from '../../src/preview/preview-host';
import { createPreviewWorkbookApi } from '../../src/preview/preview-workbook-api';
import { MemoryStorage } from './memory-storage';
import { MemoryWorkbookStore } from './memory-workbook-store';

function setup() {
  const host = new PreviewHost({ store: new MemoryWorkbookStore(), credentialStorage: new MemoryStorage(), mintWorkbookId: () => 'wb' });
  return { host, api: createPreviewWorkbookApi(host) };
}

describe('window.previewWorkbook', () => {
  it('reads and writes cells by sheet name and A1 reference', () => {
    const { api } = setup();
    api.setValue('Sheet1', 'B2', 'status');
    api.setValue('sheet1', 'C2', 12);
    api.setValue('Sheet1', 'B3', '42');
    expect(api.getValues('Sheet1', 'B2:C3')).toEqual([
      ['status', 12],
      [42, null],
    ]);
    expect(api.getValues('Sheet1', 'C3:B2')).toEqual(api.getValues('Sheet1', 'B2:C3'));
    expect(api.getValues('Sheet1', 'A1')).toEqual([[null]]);
  });

  it('setValues writes a rectangle in one change', () => {
    const { host, api } = setup();
    let changes = 0;
    host.model.subscribe(() => (changes += 1));
    api.setValues('Sheet1', 'B2', [
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(changes).toBe(1);
    expect(api.getValues('Sheet1', 'B2:C3')).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('keeps `=` text as typed and flags it as a formula (no formula engine)', () => {
    const { api } = setup();
    api.setValue('Sheet1', 'A1', '=1+1');
    expect(api.getValues('Sheet1', 'A1')).toEqual([['=1+1']]);
    expect(api.isFormula('Sheet1', 'A1')).toBe(true);
    expect(api.isFormula('Sheet1', 'A2')).toBe(false);
  });

  it('reports formats and bold headers written by the host', async () => {
    const { host, api } = setup();
    const sheetId = host.model.sheets()[0]!.id;
    await host.writeBlock(
      blockFromGrids({ sheetId, row: 0, col: 0, values: [['code'], ['=x']], formats: [[null], [TEXT_FORMAT]], headerRows: 1 }),
    );
    expect(api.formats('Sheet1', 'A1:A2')).toEqual([[null], [TEXT_FORMAT]]);
    expect(api.isBold('Sheet1', 'A1')).toBe(true);
    expect(api.isBold('Sheet1', 'A2')).toBe(false);
    expect(api.isFormula('Sheet1', 'A2')).toBe(false);
  });

  it('adds, renames, lists and deletes sheets', () => {
    const { api } = setup();
    api.addSheet('Data');
    api.addSheet('My Report');
    expect(api.sheets()).toEqual(['Sheet1', 'Data', 'My Report']);
    expect(() => api.addSheet('data')).toThrow(/already exists/);
    api.renameSheet('Data', 'Raw');
    api.deleteSheet('Sheet1');
    expect(api.sheets()).toEqual(['Raw', 'My Report']);
    expect(() => api.getValues('Sheet1', 'A1')).toThrow(/No sheet named "Sheet1"/);
  });

  it('selects like a click: shows the sheet and makes the cell active', async () => {
    const { host, api } = setup();
    api.addSheet('My Report');
    api.select('My Report', 'C5');
    expect(api.activeCell()).toBe("'My Report'!C5");
    const cell = await host.activeCell();
    expect([cell.sheet.name, cell.row, cell.col]).toEqual(['My Report', 4, 2]);
    api.select('Sheet1', 'B2:D4');
    expect(api.activeCell()).toBe('Sheet1!B2');
  });

  it('inserts and deletes rows (numbered from 1): values and tracked areas follow', async () => {
    const { host, api } = setup();
    const sheetId = host.model.sheets()[0]!.id;
    api.setValue('Sheet1', 'B2', 'head');
    api.setValue('Sheet1', 'B3', 1);
    await host.trackArea('p1', { sheetId, row: 1, col: 1, rows: 2, cols: 1 });
    api.insertRows('Sheet1', 1, 2);
    expect(api.getValues('Sheet1', 'B4:B5')).toEqual([['head'], [1]]);
    expect(api.getValues('Sheet1', 'B2:B3')).toEqual([[null], [null]]);
    expect(api.trackedAreas()).toEqual({ p1: 'Sheet1!B4:B5' });
    api.deleteRows('Sheet1', 1, 3);
    expect(api.getValues('Sheet1', 'B1:B2')).toEqual([['head'], [1]]);
    expect(api.trackedAreas()).toEqual({ p1: 'Sheet1!B1:B2' });
    api.deleteRows('Sheet1', 1, 1);
    expect(api.trackedAreas()).toEqual({ p1: 'Sheet1!B1' });
    api.deleteRows('Sheet1', 1, 1);
    expect(api.trackedAreas()).toEqual({ p1: null });
    expect(() => api.insertRows('Sheet1', 0, 1)).toThrow(/numbered from 1/);
  });

  it('inserts and deletes columns by letter', () => {
    const { api } = setup();
    api.setValue('Sheet1', 'B1', 'x');
    api.insertColumns('Sheet1', 'A', 2);
    expect(api.getValues('Sheet1', 'D1')).toEqual([['x']]);
    api.deleteColumns('Sheet1', 'B', 1);
    expect(api.getValues('Sheet1', 'C1')).toEqual([['x']]);
  });

  it('save() hands the workbook to storage now; whenSaved() resolves once it is written', async () => {
    const store = new MemoryWorkbookStore();
    store.hold = true;
    const host = new PreviewHost({ store, credentialStorage: new MemoryStorage(), mintWorkbookId: () => 'wb' });
    const api = createPreviewWorkbookApi(host);
    api.setValue('Sheet1', 'A1', 'kept');
    expect(api.save()).toBe(true);
    expect(store.written).toHaveLength(1);
    api.setValue('Sheet1', 'A2', 'too');
    let result: boolean | null = null;
    void api.whenSaved().then((ok) => (result = ok));
    store.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result).toBeNull();
    store.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result).toBe(true);
    const again = createPreviewWorkbookApi(
      await PreviewHost.open({ store, credentialStorage: new MemoryStorage(), mintWorkbookId: () => 'wb' }),
    );
    expect(again.getValues('Sheet1', 'A1:A2')).toEqual([['kept'], ['too']]);
  });

  it('save() returns false when the browser refuses at once (localStorage fallback)', () => {
    const local = new MemoryStorage();
    local.quota = 10;
    const host = new PreviewHost({ store: new LocalStorageWorkbookStore(local), credentialStorage: local, mintWorkbookId: () => 'wb' });
    const api = createPreviewWorkbookApi(host);
    api.setValue('Sheet1', 'A1', 'too big');
    expect(api.save()).toBe(false);
    host.dispose();
  });
});
