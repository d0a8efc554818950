/** Workbook changes reach the pane's list: sheet deletions, renames, row and column changes, and the pane shown again; removable. */
import { watchWorkbookChanges, excelWorkbookChanges } from '../../src/excel/workbook-changes';
import { useInstalledFake } from './helpers/installed-fake';

const fake = useInstalledFake({ sheets: ['Sheet1', 'Data'] });
const options = () => ({
  isSetSupported: (n: string, v?: string) => Office.context.requirements.isSetSupported(n, v),
  log: () => undefined,
});

it('reports structural changes and renames (value edits come with their cells), and stops after removal', async () => {
  let changes = 0;
  const edits: unknown[] = [];
  const stop = await watchWorkbookChanges((edit) => (edit ? edits.push(edit) : (changes += 1)), options());
  await fake().user.type('Sheet1', 'A1', 'hello');
  await fake().flushEvents();
  expect(changes).toBe(0);
  await fake().user.insertRows('Sheet1', 0, 2);
  await fake().user.renameSheet('Data', 'Facts');
  await fake().user.addSheet('New');
  await fake().user.deleteSheet('Facts');
  await fake().flushEvents();
  expect(changes).toBe(4);
  fake().setPaneVisible(false);
  fake().setPaneVisible(true);
  expect(changes).toBe(5);
  await stop();
  await fake().user.deleteColumns('Sheet1', 0, 1);
  fake().setPaneVisible(true);
  await fake().flushEvents();
  expect(changes).toBe(5);
});

it('without ExcelApi 1.17 it still follows deletions; the service form starts and stops synchronously', async () => {
  const calls: string[] = [];
  const stop = excelWorkbookChanges({ ...options(), isSetSupported: (n, v) => n === 'ExcelApi' && (v === '1.7' || v === '1.9') })(() =>
    calls.push('changed'),
  );
  await new Promise((r) => setTimeout(r, 0));
  await fake().user.renameSheet('Data', 'Facts');
  await fake().user.deleteSheet('Facts');
  await fake().flushEvents();
  expect(calls).toEqual(['changed']);
  stop();
  await new Promise((r) => setTimeout(r, 0));
  await fake()
    .user.deleteSheet('Sheet1')
    .catch(() => undefined);
  await fake().user.addSheet('Other');
  await fake().flushEvents();
  expect(calls).toEqual(['changed']);
});

it("passes the user's value edits with their cells and ignores the add-in's own writes", async () => {
  const edits: unknown[] = [];
  const stop = await watchWorkbookChanges((edit) => void (edit && edits.push(edit)), options());
  const sheet1 = fake().state.sheets[0]?.id ?? '';
  await fake().user.type('Sheet1', 'B2', 'processing');
  await Excel.run(async (ctx) => {
    ctx.workbook.worksheets.getItem('Sheet1').getRange('C3:D4').values = [
      ['a', 'b'],
      ['c', 'd'],
    ];
    await ctx.sync();
  });
  await fake().flushEvents();
  expect(edits).toEqual([{ sheetId: sheet1, range: { sheetId: sheet1, row: 1, col: 1, rows: 1, cols: 1 } }]);
  await stop();
});

it('without ExcelApi 1.14 (no triggerSource) value edits are not followed', async () => {
  const edits: unknown[] = [];
  const isSetSupported = (n: string, v?: string) => n === 'ExcelApi' && v !== '1.14' && v !== '1.17';
  const stop = await watchWorkbookChanges((edit) => void (edit && edits.push(edit)), { ...options(), isSetSupported });
  await fake().user.type('Sheet1', 'B2', 'processing');
  await fake().flushEvents();
  expect(edits).toEqual([]);
  await stop();
});
