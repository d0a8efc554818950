/** Cell-edit mode: a host call refused while the user edits a cell waits (with a message) and then runs; errors map to typed ones. */
import { runExcel } from '../../src/excel/run-excel';
import { excelError, hostBusyError, isCellEditModeError, HOST_BUSY_CODE, officeErrorCode } from '../../src/excel/excel-errors';
import { useInstalledFake, readCells } from './helpers/installed-fake';

const fake = useInstalledFake();

it('shows the waiting message and runs the batch once the user leaves the cell', async () => {
  fake().user.setCellEditMode(true);
  let waiting = 0;
  const run = runExcel(
    async (ctx) => {
      ctx.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [['done']];
      await ctx.sync();
      return 'ok';
    },
    { onWaitingForCellEdit: () => (waiting += 1) },
  );
  await new Promise((r) => setTimeout(r, 10));
  expect(waiting).toBe(1);
  expect(fake().state.sheets[0]!.cells.size).toBe(0);
  fake().user.setCellEditMode(false);
  expect(await run).toBe('ok');
  expect((await readCells(fake(), 'Sheet1', 'A1')).values).toEqual([['done']]);
});

it('passes other errors through without retrying', async () => {
  let calls = 0;
  await expect(
    runExcel(async (ctx) => {
      calls += 1;
      ctx.workbook.worksheets.getItem('Missing').getRange('A1').values = [[1]];
      await ctx.sync();
    }),
  ).rejects.toMatchObject({ code: 'ItemNotFound' });
  expect(calls).toBe(1);
});

it('recognises both documented cell-edit codes and maps errors to typed AddinErrors', () => {
  expect(isCellEditModeError({ code: 'InvalidOperationInCellEditMode', message: '' })).toBe(true);
  expect(isCellEditModeError({ code: 'InvalidOperation', message: 'Excel is in cell-editing mode.' })).toBe(true);
  expect(isCellEditModeError({ code: 'InvalidOperation', message: 'Something else' })).toBe(false);
  expect(isCellEditModeError(new Error('x'))).toBe(false);
  expect(officeErrorCode('text')).toBeUndefined();
  const busy = excelError({ code: 'InvalidOperationInCellEditMode', message: 'm' }, 'write the cells');
  expect(busy).toMatchObject({ kind: 'hostBusy', code: HOST_BUSY_CODE });
  expect(hostBusyError(null).message).toMatch(/Press Enter or Esc/);
  expect(excelError({ code: 'ItemNotFound', message: 'gone' }, 'write the cells')).toMatchObject({
    kind: 'host',
    code: 'ItemNotFound',
    detail: 'gone',
    message: expect.stringContaining('Excel could not write the cells (ItemNotFound)'),
  });
});
