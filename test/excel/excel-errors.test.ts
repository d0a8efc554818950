/**
 * Office.js errors as the add-in's typed errors: cell-edit mode (both documented codes) as 'hostBusy'.
 * The rest become 'host' errors saying what was being done.
 */
import { excelError, isCellEditModeError, officeErrorCode } from '../../src/excel/excel-errors';
import { HOST_BUSY_CODE, hostBusyError } from '../../src/core/host-busy-error';

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
