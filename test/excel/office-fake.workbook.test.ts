/** The Office/Excel fake against documented behaviour: worksheets, named items, events, cell-edit mode, Office common API. */
import { createOfficeFake } from './fake/install';
import type { FakeWorkbook } from './fake/excel';
import { fake, Excel, codeOf, read, write, useFreshOfficeFake } from './office-fake-rig';

useFreshOfficeFake();

describe('worksheets and named items', () => {
  it('adds, renames and deletes worksheets with stable ids', async () => {
    const id = await Excel.run(async (ctx) => {
      const ws = ctx.workbook.worksheets.add('Report');
      ws.load('id, name, position');
      await ctx.sync();
      expect(ws.position).toBe(2);
      return ws.id;
    });
    await fake.user.renameSheet('Report', 'Q1 report');
    const names = await Excel.run(async (ctx) => {
      const byId = ctx.workbook.worksheets.getItem(id).load('name');
      const all = ctx.workbook.worksheets.load('items/name');
      const missing = ctx.workbook.worksheets.getItemOrNullObject('Report');
      await ctx.sync();
      return { name: byId.name, all: all.items.map((w) => w.name), missing: missing.isNullObject };
    });
    expect(names).toEqual({ name: 'Q1 report', all: ['Sheet1', 'Data', 'Q1 report'], missing: true });
    expect(await codeOf(fake.user.addSheet('q1 REPORT'))).toBe('ItemAlreadyExists');
    await fake.user.deleteSheet(id);
    expect(await codeOf(write('A1', 1, id))).toBe('ItemNotFound');
  });

  async function nameState(name: string) {
    return Excel.run(async (ctx) => {
      const item = ctx.workbook.names.getItemOrNullObject(name).load('value, type, visible');
      const range = ctx.workbook.names.getItemOrNullObject(name).getRangeOrNullObject().load('address');
      await ctx.sync();
      if (item.isNullObject) return null;
      return { value: item.value, type: item.type, visible: item.visible, address: range.isNullObject ? null : range.address };
    });
  }

  it('keeps hidden names that move with inserted rows and columns and break when their rows are deleted', async () => {
    await Excel.run(async (ctx) => {
      const item = ctx.workbook.names.add('_p1', ctx.workbook.worksheets.getItem('Data').getRange('B3:C5'));
      item.visible = false;
      await ctx.sync();
    });
    expect(await nameState('_p1')).toEqual({ value: 'Data!$B$3:$C$5', type: 'Range', visible: false, address: 'Data!B3:C5' });
    await fake.user.insertRows('Data', 0, 2);
    expect((await nameState('_p1'))!.address).toBe('Data!B5:C7');
    await fake.user.insertRows('Data', 5, 1);
    expect((await nameState('_p1'))!.address).toBe('Data!B5:C8');
    await fake.user.insertColumns('Data', 0, 1);
    expect((await nameState('_p1'))!.address).toBe('Data!C5:D8');
    await fake.user.insertRows('Sheet1', 0, 3);
    expect((await nameState('_p1'))!.address).toBe('Data!C5:D8');
    await fake.user.deleteRows('Data', 4, 1);
    expect((await nameState('_p1'))!.address).toBe('Data!C5:D7');
    await fake.user.deleteRows('Data', 2, 10);
    expect(await nameState('_p1')).toEqual({ value: '#REF!', type: 'Error', visible: false, address: null });
    expect(
      await codeOf(
        Excel.run(async (ctx) => {
          ctx.workbook.names.getItem('_p1').getRange().load('values');
          await ctx.sync();
        }),
      ),
    ).toBe('InvalidReference');
  });

  it('shifts only the cells of a partial insert or delete; names move only when the shift spans all their columns', async () => {
    await write('A1:C2', [
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await Excel.run(async (ctx) => {
      ctx.workbook.names.add('_wide', '=Sheet1!$A$2:$C$2');
      ctx.workbook.names.add('_b', '=Sheet1!$B$2');
      ctx.workbook.worksheets.getItem('Sheet1').getRange('B1:B1').insert('Down');
      await ctx.sync();
    });
    expect((await read('A1:C3')).values).toEqual([
      [1, '', 3],
      [4, 2, 6],
      ['', 5, ''],
    ]);
    expect((await nameState('_wide'))!.address).toBe('Sheet1!A2:C2');
    expect((await nameState('_b'))!.address).toBe('Sheet1!B3');
    await Excel.run(async (ctx) => {
      ctx.workbook.worksheets.getItem('Sheet1').getRange('B1:B2').delete('Up');
      await ctx.sync();
    });
    expect((await read('A1:C2')).values).toEqual([
      [1, 5, 3],
      [4, '', 6],
    ]);
    expect((await nameState('_b'))!.address).toBe('Sheet1!B1');
  });

  it('breaks names whose sheet is deleted, refuses duplicate or invalid names, and deletes names', async () => {
    await Excel.run(async (ctx) => {
      ctx.workbook.names.add('_a', '=Data!$A$1:$B$2');
      ctx.workbook.names.add('_b', ctx.workbook.worksheets.getItem('Sheet1').getRange('A1'));
      await ctx.sync();
    });
    expect(await codeOf(Excel.run(async (ctx) => void (ctx.workbook.names.add('_A', '=Data!A1'), await ctx.sync())))).toBe(
      'ItemAlreadyExists',
    );
    expect(await codeOf(Excel.run(async (ctx) => void (ctx.workbook.names.add('A1', '=Data!A1'), await ctx.sync())))).toBe(
      'InvalidArgument',
    );
    await fake.user.deleteSheet('Data');
    expect((await nameState('_a'))!.value).toBe('#REF!');
    await Excel.run(async (ctx) => {
      ctx.workbook.names.getItem('_b').delete();
      await ctx.sync();
    });
    expect(await nameState('_b')).toBeNull();
  });
});

describe('events, cell-edit mode, requirement-dependent members', () => {
  it('fires worksheet events for deletions, renames and row changes (the add-in’s own changes too)', async () => {
    const seen: unknown[] = [];
    await Excel.run(async (ctx) => {
      const sheets = ctx.workbook.worksheets;
      sheets.onDeleted!.add(async (e) => void seen.push(e));
      sheets.onNameChanged!.add(async (e) => void seen.push(e));
      ctx.workbook.worksheets.getItem('Sheet1').onChanged.add(async (e) => void seen.push((e as { changeType: string }).changeType));
      await ctx.sync();
    });
    const dataId = await Excel.run(async (ctx) => {
      const d = ctx.workbook.worksheets.getItem('Data').load('id');
      await ctx.sync();
      return d.id;
    });
    await fake.user.insertRows('Sheet1', 2, 1);
    await write('A1', 5);
    await fake.user.renameSheet('Data', 'Facts');
    await fake.user.deleteSheet('Facts');
    await fake.flushEvents();
    expect(seen).toEqual([
      'RowInserted',
      'RangeEdited',
      expect.objectContaining({ type: 'WorksheetNameChanged', worksheetId: dataId, nameBefore: 'Data', nameAfter: 'Facts' }),
      expect.objectContaining({ type: 'WorksheetDeleted', worksheetId: dataId }),
    ]);
  });

  it('raises Workbook.onSelectionChanged with { workbook } once registered at a sync, for a different selection only, until removed in its own context', async () => {
    const seen: unknown[] = [];
    const handler = async (e: unknown) => void seen.push(e);
    // Added but never synced: not registered.
    await Excel.run(async (ctx) => {
      ctx.workbook.onSelectionChanged.add(handler);
      return undefined;
    }).catch(() => undefined);
    await fake.user.select('Sheet1', 'C3');
    await fake.flushEvents();
    expect(seen).toEqual([]);

    const registered = await Excel.run(async (ctx) => {
      const result = ctx.workbook.onSelectionChanged.add(handler);
      await ctx.sync();
      return result;
    });
    await fake.user.select('Sheet1', 'D4');
    await fake.user.select('Sheet1', 'D4');
    await fake.user.select('Data', 'A1:B2');
    await fake.flushEvents();
    expect(seen).toHaveLength(2);
    // The args' workbook is a live object of a context of its own: it reads the selection.
    const { workbook } = seen[1] as { workbook: FakeWorkbook };
    const address = await Excel.run(workbook, async (ctx) => {
      const r = ctx.workbook.getSelectedRange().load('address');
      await ctx.sync();
      return r.address;
    });
    expect(address).toBe('Data!A1:B2');

    // Removal needs the context the handler was added in.
    await expect(
      Excel.run(async (ctx) => {
        registered.remove();
        await ctx.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidRequestContext' });
    await Excel.run(registered.context, async (ctx) => {
      registered.remove();
      await ctx.sync();
    });
    await fake.user.select('Sheet1', 'E5');
    await fake.flushEvents();
    expect(seen).toHaveLength(2);
  });

  it('offers no Workbook.onSelectionChanged below ExcelApi 1.2', async () => {
    const old = createOfficeFake({ excelApi: 1 });
    await old.globals.Excel.run(async (ctx) => {
      expect(() => ctx.workbook.onSelectionChanged).toThrow(expect.objectContaining({ code: 'ApiNotFound' }));
    });
  });

  it('offers no onNameChanged below ExcelApi 1.17 and no getRangeByIndexes below 1.7', async () => {
    const old = createOfficeFake({ excelApi: 6 });
    await old.globals.Excel.run(async (ctx) => {
      expect(ctx.workbook.worksheets.onNameChanged).toBeUndefined();
      expect(() => ctx.workbook.worksheets.getItem('Sheet1').getRangeByIndexes(0, 0, 1, 1)).toThrow(
        expect.objectContaining({ code: 'ApiNotFound' }),
      );
    });
    expect(old.globals.Office.context.requirements.isSetSupported('ExcelApi', '1.7')).toBe(false);
    expect(old.globals.Office.context.requirements.isSetSupported('ExcelApi', '1.6')).toBe(true);
  });

  it('fails batches in cell-edit mode, or waits for the edit to end with delayForCellEdit', async () => {
    fake.user.setCellEditMode(true);
    expect(await codeOf(write('A1', 1))).toBe('InvalidOperationInCellEditMode');
    let done = false;
    const delayed = Excel.run({ delayForCellEdit: true }, async (ctx) => {
      ctx.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[2]];
      await ctx.sync();
      done = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toBe(false);
    fake.user.setCellEditMode(false);
    await delayed;
    expect((await read('A1')).values).toEqual([[2]]);
  });
});

describe('Office common API', () => {
  it('answers onReady with host and platform, null outside Office', async () => {
    expect(await fake.globals.Office.onReady()).toEqual({ host: 'Excel', platform: 'OfficeOnline' });
    const outside = createOfficeFake({ insideOffice: false });
    expect(await outside.globals.Office.onReady()).toEqual({ host: null, platform: null });
    expect(outside.globals.Office.context.requirements.isSetSupported('ExcelApi', '1.1')).toBe(false);
  });

  it('keeps settings in memory until saveAsync writes them to the document', async () => {
    const settings = fake.globals.Office.context.document.settings;
    settings.set('k', { a: 1 });
    expect(settings.get('k')).toEqual({ a: 1 });
    expect(fake.settings.saved).toEqual({});
    await new Promise<void>((resolve) => settings.saveAsync(() => resolve()));
    expect(fake.settings.saved).toEqual({ k: { a: 1 } });
    expect(createOfficeFake({ savedSettings: fake.settings.saved }).globals.Office.context.document.settings.get('k')).toEqual({ a: 1 });
  });

  it('runs associated ribbon functions and reports how often they completed; OfficeRuntime.storage keeps strings', async () => {
    fake.globals.Office.actions.associate('go', (e) => e.completed());
    expect((await fake.invokeCommand('go')).completedCalls).toBe(1);
    await expect(fake.invokeCommand('missing')).rejects.toThrow(/No function is associated/);
    const storage = fake.globals.OfficeRuntime!.storage;
    await storage.setItem('key', 'secret');
    expect(await storage.getItem('key')).toBe('secret');
    await storage.removeItem('key');
    expect(await storage.getItem('key')).toBeNull();
    expect(createOfficeFake({ officeRuntimeStorage: false }).globals.OfficeRuntime).toBeUndefined();
  });
});
