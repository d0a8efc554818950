/** Sheets, active cell, selection, clearing and occupied cells over the fake. */
import { activeCell, clearContents, listSheets, occupiedCells, selectRange } from '../../src/excel/sheet-ops';
import { useInstalledFake, readCells, sheetId } from './helpers/installed-fake';

const fake = useInstalledFake({ sheets: ['Sheet1', 'Data'] });

it('lists sheets with their ids, follows the selection, and selects ranges', async () => {
  const data = await sheetId(fake(), 'Data');
  expect((await Excel.run((ctx) => listSheets(ctx))).map((s) => s.name)).toEqual(['Sheet1', 'Data']);
  await fake().user.select('Data', 'C5:D9');
  expect(await Excel.run((ctx) => activeCell(ctx))).toEqual({ sheet: { id: data, name: 'Data' }, row: 4, col: 2 });
  const s1 = await sheetId(fake(), 'Sheet1');
  await Excel.run((ctx) => selectRange(ctx, { sheetId: s1, row: 1, col: 1, rows: 2, cols: 2 }));
  expect(fake().state.selection).toEqual({ sheetId: s1, rect: { row: 1, col: 1, rows: 2, cols: 2 } });
  expect(fake().state.activeSheetId).toBe(s1);
});

it('finds occupied cells row-major, at most max, reading only inside the used range', async () => {
  const s1 = await sheetId(fake(), 'Sheet1');
  await fake().user.type('Sheet1', 'B2', 'x');
  await fake().user.type('Sheet1', 'D2', '5');
  await fake().user.type('Sheet1', 'C40', 'y');
  const whole = { sheetId: s1, row: 0, col: 0, rows: 1_048_576, cols: 16_384 };
  const syncs = fake().stats.syncs;
  expect(await Excel.run((ctx) => occupiedCells(ctx, whole, 10))).toEqual([
    { row: 1, col: 1 },
    { row: 1, col: 3 },
    { row: 39, col: 2 },
  ]);
  expect(fake().stats.syncs - syncs).toBe(2);
  expect(await Excel.run((ctx) => occupiedCells(ctx, whole, 2))).toHaveLength(2);
  expect(await Excel.run((ctx) => occupiedCells(ctx, { sheetId: s1, row: 2, col: 0, rows: 30, cols: 5 }, 10))).toEqual([]);
  const data = await sheetId(fake(), 'Data');
  expect(await Excel.run((ctx) => occupiedCells(ctx, { ...whole, sheetId: data }, 10))).toEqual([]);
});

it('clears contents and keeps formats', async () => {
  const s1 = await sheetId(fake(), 'Sheet1');
  await fake().user.type('Sheet1', 'A1', '2024-01-05');
  await Excel.run((ctx) => clearContents(ctx, { sheetId: s1, row: 0, col: 0, rows: 1, cols: 1 }));
  expect(await readCells(fake(), 'Sheet1', 'A1')).toMatchObject({ values: [['']], formats: [['yyyy-mm-dd']] });
});
