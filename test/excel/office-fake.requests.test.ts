/** The Office/Excel fake against documented behaviour (learn.microsoft.com, @types/office-js): RequestContext, values and formats. */
import { createOfficeFake } from './fake/install';
import { dateSerial } from './fake/typed-input';
import { fake, Excel, codeOf, read, write, useFreshOfficeFake } from './office-fake-rig';

useFreshOfficeFake();

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
