/** Reads in blocks under Excel's response caps: sized by estimate, halved when Excel refuses one, empty cells as null. */
import { readBold, readInBlocks, readValuesAndFormats, rowsPerRead, EXCEL_READ_BUDGET } from '../../src/excel/block-reads';
import { useInstalledFake, sheetId } from './helpers/installed-fake';

const fake = useInstalledFake({ maxResponseBytes: 8 * 1024 });

it('sizes reads under 5,000,000 cells and 5 MB', () => {
  expect(rowsPerRead(10)).toBe(Math.floor((5 * 1024 * 1024) / (10 * EXCEL_READ_BUDGET.bytesPerCell)));
  expect(rowsPerRead(10, { ...EXCEL_READ_BUDGET, maxBytes: Infinity })).toBe(500_000);
  expect(rowsPerRead(1_000_000, EXCEL_READ_BUDGET)).toBe(1);
});

it('halves a read Excel refuses for its size and returns every row in order, empty cells as null', async () => {
  const id = await sheetId(fake(), 'Sheet1');
  const rows = 300;
  await Excel.run(async (ctx) => {
    const r = ctx.workbook.worksheets.getItem(id).getRangeByIndexes(0, 0, rows, 2);
    r.values = Array.from({ length: rows }, (_, i) => [i, i % 7 === 0 ? '' : `text ${i}`]);
    await ctx.sync();
  });
  const budget = { maxCells: 5_000_000, maxBytes: 1_000_000, bytesPerCell: 10 };
  const read = await Excel.run((ctx) => readValuesAndFormats(ctx, { sheetId: id, row: 0, col: 0, rows, cols: 2 }, budget));
  expect(read.values.map((r) => r[0])).toEqual(Array.from({ length: rows }, (_, i) => i));
  expect(read.values[7]![1]).toBeNull();
  expect(read.formats[0]).toEqual(['General', 'General']);
  expect(fake().stats.syncs).toBeGreaterThan(3);
});

it('gives up with a limit error when a single row is still too large, and passes other errors through', async () => {
  const tooLarge = Object.assign(new Error('too large'), { code: 'ResponsePayloadSizeLimitExceeded' });
  const e = await readInBlocks({ sheetId: 's', row: 0, col: 0, rows: 4, cols: 1 }, () => Promise.reject(tooLarge)).catch((x: unknown) => x);
  expect((e as { kind: string }).kind).toBe('limit');
  const calls: number[] = [];
  await expect(
    readInBlocks({ sheetId: 's', row: 0, col: 0, rows: 4, cols: 1 }, (part) => {
      calls.push(part.rows);
      return Promise.reject(new Error('other'));
    }),
  ).rejects.toThrow('other');
  expect(calls).toEqual([4]);
});

it('reads per-cell bold in blocks (getCellProperties, ExcelApi 1.9)', async () => {
  const id = await sheetId(fake(), 'Sheet1');
  await Excel.run(async (ctx) => {
    const sheet = ctx.workbook.worksheets.getItem(id);
    sheet.getRangeByIndexes(0, 0, 1, 3).format.font.bold = true;
    sheet.getRangeByIndexes(5, 1, 1, 1).format.font.bold = true;
    await ctx.sync();
  });
  const bold = await Excel.run((ctx) =>
    readBold(ctx, { sheetId: id, row: 0, col: 0, rows: 40, cols: 3 }, { maxCells: 5_000_000, maxBytes: 1_000_000, bytesPerCell: 1 }),
  );
  expect(bold).toHaveLength(40);
  expect(bold[0]).toEqual([true, true, true]);
  expect(bold[5]).toEqual([false, true, false]);
  expect(bold.flat().filter(Boolean)).toHaveLength(4);
});
