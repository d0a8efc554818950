/** Text-safe block writing over the fake: text Excel would reinterpret stays text, numbers and dates stay numbers, bold by rectangles. */
import { planTextSafeBlock, writeTextSafeBlock, MAX_FORMAT_RECTS } from '../../src/excel/text-safe-block';
import type { WriteBlock } from '../../src/core/host';
import { boldRuns, formatRuns } from '../../src/core/cells/cell-runs';
import { useInstalledFake, readCells, sheetId } from './helpers/installed-fake';

const fake = useInstalledFake({ sheets: ['Sheet1'] });

async function write(block: Omit<WriteBlock, 'sheetId'>): Promise<void> {
  const id = await sheetId(fake(), 'Sheet1');
  await Excel.run((ctx) => writeTextSafeBlock(ctx, { ...block, sheetId: id }));
}

describe('planTextSafeBlock', () => {
  it('adds @ to every string Excel would reinterpret, writes empty cells as "" and keeps given formats', () => {
    const plan = planTextSafeBlock({
      sheetId: 's',
      row: 0,
      col: 0,
      values: [['=1+2', 'plain', null, 5, 'Jan 2024']],
      formats: formatRuns([[null, null, null, '0.00', null]]),
    });
    expect(plan.values).toEqual([['=1+2', 'plain', '', 5, 'Jan 2024']]);
    expect(plan.formats).toEqual([['@', null, null, '0.00', '@']]);
    expect(plan.hasTextFormat).toBe(true);
  });

  it("sets bold by the block's runs, on and off, and leaves cells outside every run alone", () => {
    const plan = planTextSafeBlock({
      sheetId: 's',
      row: 0,
      col: 0,
      values: [
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ],
      bold: [{ row: 0, col: 0, rows: 1, cols: 2, bold: true }],
    });
    expect(plan.boldRects).toEqual([{ row: 0, col: 0, rows: 1, cols: 2, value: true }]);
    const exact = planTextSafeBlock({
      sheetId: 's',
      row: 0,
      col: 0,
      values: [['a'], ['b'], ['c']],
      bold: boldRuns([[true], [false], [false]]),
    });
    expect(exact.boldRects).toEqual([
      { row: 0, col: 0, rows: 1, cols: 1, value: true },
      { row: 1, col: 0, rows: 2, cols: 1, value: false },
    ]);
  });

  it('refuses a malformed block before any Excel call', () => {
    expect(() => planTextSafeBlock({ sheetId: 's', row: 0, col: 0, values: [['a'], ['b', 'c']] })).toThrow(/malformed/);
    expect(() =>
      planTextSafeBlock({ sheetId: 's', row: 0, col: 0, values: [[1]], formats: [{ row: 0, col: 0, rows: 2, cols: 1, format: '0' }] }),
    ).toThrow(/format run reaches outside the 1 x 1 values/);
    expect(() =>
      planTextSafeBlock({ sheetId: 's', row: 0, col: 0, values: [[1]], bold: [{ row: 0, col: 1, rows: 1, cols: 1, bold: true }] }),
    ).toThrow(/bold run reaches outside/);
    expect(() => planTextSafeBlock({ sheetId: 's', row: 0, col: 0, values: [[NaN]] })).toThrow(/non-finite/);
  });
});

describe('writeTextSafeBlock over the fake', () => {
  it('reads back text that looks like formulas, numbers, booleans and dates exactly, as text', async () => {
    const risky = ['=SUM(A1)', '+1', '-x', '@foo', '00123', '1e5', 'TRUE', '2024-01-05', '5%', '#N/A'];
    await write({ row: 1, col: 1, values: [risky] });
    const back = await readCells(fake(), 'Sheet1', 'B2:K2');
    expect(back.values).toEqual([risky]);
    expect(back.formulas).toEqual([risky]);
  });

  it('keeps numbers, booleans and date serials typed, with their formats, and writes null as an empty cell', async () => {
    await write({ row: 0, col: 0, values: [['old', 'old', 'old']] });
    await write({ row: 0, col: 0, values: [[45296, true, null]], formats: formatRuns([['yyyy-mm-dd', null, null]]) });
    const back = await readCells(fake(), 'Sheet1', 'A1:C1');
    expect(back.values).toEqual([[45296, true, '']]);
    expect(back.formats).toEqual([['yyyy-mm-dd', 'General', 'General']]);
  });

  it('syncs the @ format before the values (two syncs) and needs one sync without risky text; calculation is suspended', async () => {
    await write({ row: 0, col: 0, values: [['a', 1]] });
    expect(fake().stats.syncs).toBe(2); // sheetId + block
    await write({ row: 0, col: 0, values: [['007', 1]] });
    expect(fake().stats.syncs).toBe(5);
    expect(fake().stats.requests[3]).toEqual(['setNumberFormat']);
    expect(fake().stats.requests[4]).toEqual(['suspendApiCalculationUntilNextSync', 'setValues']);
    expect(fake().stats.calculationSuspensions).toBe(2);
  });

  it('a single-sync writer (format and values in one batch) would lose the text: the fake catches it', async () => {
    await Excel.run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem('Sheet1').getRange('A1');
      r.numberFormat = [['@']];
      r.values = [['00123']];
      await ctx.sync();
    });
    expect((await readCells(fake(), 'Sheet1', 'A1')).values).toEqual([[123]]);
  });

  it('bolds and clears bold exactly where the block says', async () => {
    await write({
      row: 0,
      col: 0,
      values: [
        ['h1', 'h2'],
        ['a', 'b'],
        ['c', 'd'],
      ],
      bold: boldRuns([
        [true, true],
        [false, false],
        [false, false],
      ]),
    });
    expect((await readCells(fake(), 'Sheet1', 'A1:B1')).bold).toBe(true);
    expect((await readCells(fake(), 'Sheet1', 'A2:B3')).bold).toBe(false);
    await write({ row: 0, col: 0, values: [['x', 'y']], bold: boldRuns([[false, false]]) });
    expect((await readCells(fake(), 'Sheet1', 'A1:B1')).bold).toBe(false);
  });

  it('with many format rectangles, writes one format matrix and keeps the formats of cells the block leaves alone', async () => {
    const cols = MAX_FORMAT_RECTS + 2;
    await Excel.run(async (ctx) => {
      ctx.workbook.worksheets.getItem('Sheet1').getRangeByIndexes(0, 0, 1, cols).numberFormat = [Array.from({ length: cols }, () => '0.0')];
      await ctx.sync();
    });
    const values = [Array.from({ length: cols }, (_, j) => (j % 2 === 0 ? `0${j}` : j))];
    await write({ row: 0, col: 0, values });
    const back = await readCells(fake(), 'Sheet1', 'A1:BN1');
    expect(back.values[0]!.slice(0, 4)).toEqual(['00', 1, '02', 3]);
    expect(back.formats[0]!.slice(0, 4)).toEqual(['@', '0.0', '@', '0.0']);
  });
});
