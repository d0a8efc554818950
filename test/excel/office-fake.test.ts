/** The Office/Excel fake against the documented behaviour the Excel adapter relies on (learn.microsoft.com, @types/office-js). */
import { createOfficeFake, type OfficeFake } from './fake/install';
import { dateSerial } from './fake/typed-input';

let fake: OfficeFake;
let Excel: OfficeFake['globals']['Excel'];

beforeEach(() => {
  fake = createOfficeFake({ sheets: ['Sheet1', 'Data'] });
  Excel = fake.globals.Excel;
});

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as { code: string }).code;
  }
  return 'no error';
}

async function read(address: string, sheet = 'Sheet1') {
  return Excel.run(async (ctx) => {
    const r = ctx.workbook.worksheets.getItem(sheet).getRange(address).load('values, numberFormat, formulas');
    await ctx.sync();
    return { values: r.values, numberFormat: r.numberFormat, formulas: r.formulas };
  });
}

async function write(address: string, values: unknown, sheet = 'Sheet1') {
  await Excel.run(async (ctx) => {
    ctx.workbook.worksheets.getItem(sheet).getRange(address).values = values;
    await ctx.sync();
  });
}

describe('RequestContext', () => {
  it('throws PropertyNotLoaded until a property is loaded and synced', async () => {
    await Excel.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:B2');
      expect(() => r.values).toThrow(expect.objectContaining({ code: 'PropertyNotLoaded' }));
      r.load('values');
      expect(() => r.values).toThrow(expect.objectContaining({ code: 'PropertyNotLoaded' }));
      await ctx.sync();
      expect(r.values).toEqual([
        ['', ''],
        ['', ''],
      ]);
      expect(() => r.numberFormat).toThrow(expect.objectContaining({ code: 'PropertyNotLoaded' }));
    });
  });

  it('applies queued operations only at sync, in order', async () => {
    await Excel.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1');
      r.values = [[1]];
      expect((await read('A1')).values).toEqual([['']]);
      r.load('values');
      r.values = [[2]];
      await ctx.sync();
      expect(r.values).toEqual([[1]]);
    });
    expect((await read('A1')).values).toEqual([[2]]);
  });

  it('refuses a request over 5 MB and applies none of it', async () => {
    const big = Array.from({ length: 60_000 }, (_, i) => [`row ${i} ${'x'.repeat(80)}`]);
    const code = await codeOf(
      Excel.run(async (ctx) => {
        const sheet = ctx.workbook.worksheets.getItem('Sheet1');
        sheet.getRange('B1').values = [['small']];
        sheet.getRange(`A1:A${big.length}`).values = big;
        await ctx.sync();
      }),
    );
    expect(code).toBe('RequestPayloadSizeLimitExceeded');
    expect((await read('B1')).values).toEqual([['']]);
    expect(fake.stats.maxRequestBytes).toBeGreaterThan(5 * 1024 * 1024);
  });

  it('answers InvalidArgument for a values matrix of the wrong shape; what came before it in the batch stays applied', async () => {
    const code = await codeOf(
      Excel.run(async (ctx) => {
        const sheet = ctx.workbook.worksheets.getItem('Sheet1');
        sheet.getRange('C1').values = [['before']];
        sheet.getRange('A1:B2').values = [[1, 2]];
        sheet.getRange('D1').values = [['after']];
        await ctx.sync();
      }),
    );
    expect(code).toBe('InvalidArgument');
    expect((await read('A1:D1')).values).toEqual([['', '', 'before', '']]);
    expect(await codeOf(write('A1:B1', [[1, 2, 3]]))).toBe('InvalidArgument');
    expect(await codeOf(write('A1:B1', [[1, undefined]]))).toBe('InvalidArgument');
  });

  it('fails when work is queued after the last sync of Excel.run, and refuses a context used after its run', async () => {
    let saved: { workbook: { worksheets: { getItem(n: string): unknown } } } | undefined;
    const code = await codeOf(
      Excel.run(async (ctx) => {
        saved = ctx;
        ctx.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[1]];
      }),
    );
    expect(code).toBe('GeneralException');
    expect((await read('A1')).values).toEqual([['']]);
    expect(() =>
      (saved!.workbook.worksheets.getItem('Sheet1') as { getRange(a: string): { load(p: string): void } }).getRange('A1').load('values'),
    ).toThrow(expect.objectContaining({ code: 'InvalidRequestContext' }));
  });

  it('counts syncs, request bytes and calculation suspensions', async () => {
    await Excel.run(async (ctx) => {
      ctx.application.suspendApiCalculationUntilNextSync();
      ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:B1').values = [['a', 'b']];
      await ctx.sync();
      await ctx.sync();
    });
    expect(fake.stats.syncs).toBe(2);
    expect(fake.stats.calculationSuspensions).toBe(1);
    expect(fake.stats.requestBytes[0]).toBeGreaterThan(JSON.stringify([['a', 'b']]).length);
    expect(fake.stats.requestBytes[1]).toBe(0);
    expect(fake.stats.requests[0]).toEqual(['suspendApiCalculationUntilNextSync', 'setValues']);
  });

  it('refuses reads over 5,000,000 cells and responses over 5 MB', async () => {
    expect(
      await codeOf(
        Excel.run(async (ctx) => {
          ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:E1000001').load('values');
          await ctx.sync();
        }),
      ),
    ).toBe('RangeExceedsLimit');
    const small = createOfficeFake({ maxResponseBytes: 1000 });
    expect(
      await codeOf(
        small.globals.Excel.run(async (ctx) => {
          ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:J100').load('values');
          await ctx.sync();
        }),
      ),
    ).toBe('ResponsePayloadSizeLimitExceeded');
  });
});

describe('values and formats', () => {
  it('leaves a cell unchanged for null and clears it for ""', async () => {
    await write('A1:C1', [['keep', 'clear', 'x']]);
    await write('A1:C1', [[null, '', 'y']]);
    expect((await read('A1:C1')).values).toEqual([['keep', '', 'y']]);
  });

  it('parses strings like typed input: formulas, numbers, booleans and dates', async () => {
    await write('A1:J1', [['=1+2', '+x', '-x', '-5', '00123', '1e5', 'TRUE', '2024-01-05', '5%', 'plain']]);
    const { values, formulas, numberFormat } = await read('A1:J1');
    expect(formulas[0]!.slice(0, 3)).toEqual(['=1+2', '=+x', '=-x']);
    expect(values[0]!.slice(3)).toEqual([-5, 123, 100000, true, dateSerial(2024, 1, 5), 0.05, 'plain']);
    expect(dateSerial(2024, 1, 5)).toBe(45296);
    expect(numberFormat[0]![7]).toBe('yyyy-mm-dd');
  });

  it('keeps text in cells formatted @ in an earlier sync; a format queued in the same batch does not protect (by default)', async () => {
    await Excel.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1:C1');
      r.numberFormat = [['@', '@', '@']];
      r.values = [['=1+2', '00123', '2024-01-05']];
      await ctx.sync();
    });
    expect((await read('A1:C1')).values).toEqual([['#NAME?', 123, dateSerial(2024, 1, 5)]]);

    await Excel.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem('Sheet1').getRange('A2:D2');
      r.numberFormat = [['@', '@', '@', '@']];
      await ctx.sync();
      r.values = [['=1+2', '00123', '2024-01-05', 7]];
      await ctx.sync();
    });
    const row2 = await read('A2:D2');
    expect(row2.values).toEqual([['=1+2', '00123', '2024-01-05', 7]]);
    expect(row2.numberFormat).toEqual([['@', '@', '@', '@']]);

    const lenient = createOfficeFake({ textFormatProtects: 'earlierInBatch' });
    const value = await lenient.globals.Excel.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1');
      r.numberFormat = [['@']];
      r.values = [['=1+2']];
      r.load('values');
      await ctx.sync();
      return r.values;
    });
    expect(value).toEqual([['=1+2']]);
  });

  it('sets bold, clears contents or everything, and reports the used range', async () => {
    const empty = await Excel.run(async (ctx) => {
      const u = ctx.workbook.worksheets.getItem('Sheet1').getUsedRangeOrNullObject(true);
      await ctx.sync();
      return u.isNullObject;
    });
    expect(empty).toBe(true);
    await write('B2:C3', [
      [1, 2],
      [3, 4],
    ]);
    const out = await Excel.run(async (ctx) => {
      const sheet = ctx.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('B2:C2').format.font.bold = true;
      sheet.getRange('B3:C3').numberFormat = '0.00';
      sheet.getRange('B3').clear('Contents');
      const bold = sheet.getRange('B2:C2').load('format/font/bold');
      const mixed = sheet.getRange('B2:B3').format.font.load('bold');
      const used = sheet.getUsedRangeOrNullObject(true).load('address');
      await ctx.sync();
      return { bold: bold.format.font.bold, mixed: mixed.bold, used: used.address };
    });
    expect(out).toEqual({ bold: true, mixed: null, used: 'Sheet1!B2:C3' });
    expect((await read('B3:C3')).numberFormat).toEqual([['0.00', '0.00']]);
  });
});

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
