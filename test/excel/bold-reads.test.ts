/** Bold of a large range of mixed bold, found by row bands: exact, in a few small syncs. */
import { boldByBands } from '../../src/excel/bold-reads';
import { EXCEL_READ_BUDGET, readInBlocks } from '../../src/excel/block-reads';
import { useInstalledFake, sheetId } from './helpers/installed-fake';

const fake = useInstalledFake({});

it('finds the bold cells of a 60,000 x 4 range by bands, exactly, without reading every cell', async () => {
  const id = await sheetId(fake(), 'Sheet1');
  await Excel.run(async (ctx) => {
    const sheet = ctx.workbook.worksheets.getItem(id);
    sheet.getRangeByIndexes(0, 0, 1, 4).format.font.bold = true;
    sheet.getRangeByIndexes(45_000, 2, 1, 1).format.font.bold = true;
    sheet.getRangeByIndexes(50_000, 0, 5_000, 4).format.font.bold = true;
    await ctx.sync();
  });
  const from = fake().stats.syncs;
  const bold = await Excel.run((ctx) => boldByBands(ctx, { sheetId: id, row: 0, col: 0, rows: 60_000, cols: 4 }, EXCEL_READ_BUDGET));
  expect(fake().stats.syncs - from).toBeLessThanOrEqual(4);
  expect(bold[0]).toEqual([true, true, true, true]);
  expect(bold[1]).toEqual([false, false, false, false]);
  expect(bold[45_000]).toEqual([false, false, true, false]);
  expect(bold[52_000]).toEqual([true, true, true, true]);
  expect(bold.flat().filter(Boolean)).toHaveLength(4 + 1 + 20_000);
});

it('sizes the next block by the bytes per cell the last response took', async () => {
  const id = await sheetId(fake(), 'Sheet1');
  const sizes: number[] = [];
  await readInBlocks(
    { sheetId: id, row: 0, col: 0, rows: 1000, cols: 2 },
    (part) => {
      sizes.push(part.rows);
      return Promise.resolve(part.rows * part.cols * 4);
    },
    { maxCells: 5_000_000, maxBytes: 4000, bytesPerCell: 40 },
    (bytes) => bytes,
  );
  // 40 bytes a cell assumed: 50 rows first; 4 measured: the next blocks take about ten times the rows.
  expect(sizes[0]).toBe(50);
  expect(sizes[1]).toBeGreaterThan(400);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(1000);
});
