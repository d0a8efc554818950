/**
 * @jest-environment jsdom
 */
/** The preview grid in a DOM: virtualization over 200,000 rows, selecting, typing and keyboard. */
import '../../helpers/setup-dom';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { dateSerial, DATE_FORMAT } from '../../../src/core/cells/date-serial';
import { PreviewHost } from '../../../src/preview/preview-host';
import { MemoryStorage } from '../memory-storage';
import { MemoryWorkbookStore } from '../memory-workbook-store';
import { setup } from './workbook-view-setup';

afterEach(cleanup);

describe('virtualization', () => {
  it('renders only a window of a 200,000-row sheet, and the window follows select()', async () => {
    const host = new PreviewHost({ store: new MemoryWorkbookStore(), credentialStorage: new MemoryStorage(), mintWorkbookId: () => 'wb' });
    const sheetId = host.model.sheets()[0]!.id;
    host.model.setRange(
      sheetId,
      0,
      0,
      Array.from({ length: 200_000 }, (_, i) => [i, `r${i}`, i * 2]),
    );
    await host.trackArea('big', { sheetId, row: 0, col: 0, rows: 200_000, cols: 3 });
    const { grid, cell, view } = setup(host);

    expect(Number(grid().getAttribute('aria-rowcount'))).toBeGreaterThan(200_000);
    expect(Number(grid().getAttribute('aria-colcount'))).toBeGreaterThanOrEqual(27);
    const rendered = view.container.querySelectorAll('[role="gridcell"]').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(1000);
    expect(cell('A1')?.textContent).toBe('0');
    expect(cell('A150001')).toBeNull();

    await act(() => host.select({ sheetId, row: 150_000, col: 0, rows: 1, cols: 3 }));
    expect(cell('A150001')?.textContent).toBe('150000');
    expect(cell('B150001')?.textContent).toBe('r150000');
    expect(cell('A1')).toBeNull();
    expect(view.container.querySelectorAll('[role="gridcell"]').length).toBeLessThan(1000);
    // The tracked area is outlined, clipped to the window rather than 200,000 rows tall.
    const area = view.container.querySelector<HTMLElement>('[data-area="big"]');
    expect(area).not.toBeNull();
    expect(parseFloat(area!.style.height)).toBeLessThan(100 * 22);
  });

  it('shows column letters and row numbers', () => {
    const { view } = setup();
    const headers = [...view.container.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(['A', 'B', 'C']);
    const rows = [...view.container.querySelectorAll('[role="rowheader"]')].map((h) => h.textContent);
    expect(rows.slice(0, 3)).toEqual(['1', '2', '3']);
  });

  it('labels columns past Z with two letters', async () => {
    const host = new PreviewHost({ store: new MemoryWorkbookStore(), credentialStorage: new MemoryStorage(), mintWorkbookId: () => 'wb' });
    const { view, sheetId } = setup(host);
    await act(() => host.select({ sheetId, row: 0, col: 27, rows: 1, cols: 1 }));
    const headers = [...view.container.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent);
    expect(headers).toContain('AB');
    expect(view.container.querySelector('[role="gridcell"][aria-label="AB1"]')).not.toBeNull();
  });
});

describe('selecting and typing', () => {
  it('a click selects the cell: highlighted, named in the name box, its value in the formula bar, returned by activeCell()', async () => {
    const { host, sheetId, cell, input } = setup();
    act(() => host.model.setValue(sheetId, 1, 1, 'hello'));
    fireEvent.mouseDown(cell('B2')!, { button: 0 });
    expect(cell('B2')!.getAttribute('aria-selected')).toBe('true');
    expect(cell('A1')!.getAttribute('aria-selected')).toBe('false');
    expect(input('Name box').value).toBe('B2');
    expect(input('Formula bar').value).toBe('hello');
    const active = await host.activeCell();
    expect([active.sheet.id, active.row, active.col]).toEqual([sheetId, 1, 1]);
  });

  it('shift-click extends the selection; activeCell() is its top-left cell', async () => {
    const { host, cell, input } = setup();
    fireEvent.mouseDown(cell('C4')!, { button: 0 });
    fireEvent.mouseDown(cell('B2')!, { button: 0, shiftKey: true });
    expect(input('Name box').value).toBe('B2:C4');
    expect(cell('C3')!.getAttribute('aria-selected')).toBe('true');
    const active = await host.activeCell();
    expect([active.row, active.col]).toEqual([1, 1]);
  });

  it('typing starts an edit; Enter commits (numbers become numbers) and moves down', () => {
    const { host, sheetId, cell, grid, input } = setup();
    fireEvent.mouseDown(cell('B2')!, { button: 0 });
    fireEvent.keyDown(grid(), { key: '4' });
    const editor = input('Edit B2');
    expect(editor.value).toBe('4');
    fireEvent.change(editor, { target: { value: '42' } });
    expect(input('Formula bar').value).toBe('42');
    fireEvent.keyDown(editor, { key: 'Enter' });
    expect(host.model.getValue(sheetId, 1, 1)).toBe(42);
    expect(cell('B2')!.textContent).toBe('42');
    expect(input('Name box').value).toBe('B3');
    expect(screen.queryByRole('textbox', { name: 'Edit B2' })).toBeNull();
  });

  it('keeps a typed `=` value as text, flagged as a formula', () => {
    const { host, sheetId, cell, grid, input } = setup();
    fireEvent.mouseDown(cell('A1')!, { button: 0 });
    fireEvent.keyDown(grid(), { key: '=' });
    fireEvent.change(input('Edit A1'), { target: { value: '=SUM(B1:B3)' } });
    fireEvent.keyDown(input('Edit A1'), { key: 'Enter' });
    expect(host.model.getCell(sheetId, 0, 0)).toMatchObject({ value: '=SUM(B1:B3)', formula: true });
    expect(cell('A1')!.textContent).toBe('=SUM(B1:B3)');
  });

  it('Escape cancels an edit; F2 edits the current value; Delete clears the selection', () => {
    const { host, sheetId, cell, grid, input } = setup();
    act(() =>
      host.model.setRange(sheetId, 0, 0, [
        ['a', 'b'],
        ['c', 'd'],
      ]),
    );
    fireEvent.mouseDown(cell('A1')!, { button: 0 });
    fireEvent.keyDown(grid(), { key: 'x' });
    fireEvent.keyDown(input('Edit A1'), { key: 'Escape' });
    expect(host.model.getValue(sheetId, 0, 0)).toBe('a');

    fireEvent.keyDown(grid(), { key: 'F2' });
    expect(input('Edit A1').value).toBe('a');
    fireEvent.change(input('Edit A1'), { target: { value: 'ab' } });
    fireEvent.keyDown(input('Edit A1'), { key: 'Tab' });
    expect(host.model.getValue(sheetId, 0, 0)).toBe('ab');
    expect(input('Name box').value).toBe('B1');

    fireEvent.keyDown(grid(), { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(grid(), { key: 'Delete' });
    expect(host.model.getValues(sheetId, { row: 0, col: 0, rows: 2, cols: 2 })).toEqual([
      ['ab', null],
      ['c', null],
    ]);
  });

  it('arrow keys move the selection and stop at the sheet edge', () => {
    const { cell, grid, input } = setup();
    fireEvent.mouseDown(cell('B2')!, { button: 0 });
    fireEvent.keyDown(grid(), { key: 'ArrowRight' });
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    expect(input('Name box').value).toBe('C3');
    fireEvent.keyDown(grid(), { key: 'ArrowUp', ctrlKey: true });
    fireEvent.keyDown(grid(), { key: 'ArrowLeft', ctrlKey: true });
    fireEvent.keyDown(grid(), { key: 'ArrowUp' });
    fireEvent.keyDown(grid(), { key: 'ArrowLeft' });
    expect(input('Name box').value).toBe('A1');
  });

  it('double-click edits the cell in place with its current value', () => {
    const { host, sheetId, cell, input } = setup();
    act(() => host.model.setValue(sheetId, 2, 2, 7));
    fireEvent.doubleClick(cell('C3')!);
    const editor = input('Edit C3');
    expect(editor.value).toBe('7');
    fireEvent.change(editor, { target: { value: '8' } });
    fireEvent.keyDown(editor, { key: 'Enter' });
    expect(host.model.getValue(sheetId, 2, 2)).toBe(8);
  });

  it('the formula bar edits the active cell; Enter commits and moves down, Escape cancels', () => {
    const { host, sheetId, cell, input } = setup();
    fireEvent.mouseDown(cell('B2')!, { button: 0 });
    const bar = input('Formula bar');
    fireEvent.focus(bar);
    fireEvent.change(bar, { target: { value: 'from the bar' } });
    fireEvent.keyDown(bar, { key: 'Enter' });
    expect(host.model.getValue(sheetId, 1, 1)).toBe('from the bar');
    expect(input('Name box').value).toBe('B3');
    fireEvent.focus(bar);
    fireEvent.change(bar, { target: { value: 'discarded' } });
    fireEvent.keyDown(bar, { key: 'Escape' });
    expect(host.model.getValue(sheetId, 2, 1)).toBeNull();
    expect(bar.value).toBe('');
  });

  it('a click elsewhere commits the edit in progress to its own cell', () => {
    const { host, sheetId, cell, grid, input } = setup();
    fireEvent.mouseDown(cell('A1')!, { button: 0 });
    fireEvent.keyDown(grid(), { key: 'q' });
    fireEvent.change(input('Edit A1'), { target: { value: 'typed' } });
    fireEvent.mouseDown(cell('D4')!, { button: 0 });
    expect(host.model.getValue(sheetId, 0, 0)).toBe('typed');
    expect(host.model.getValue(sheetId, 3, 3)).toBeNull();
    expect(input('Name box').value).toBe('D4');
  });

  it('typed ISO dates become dates, shown as yyyy-mm-dd', () => {
    const { host, sheetId, cell, grid, input } = setup();
    fireEvent.mouseDown(cell('A1')!, { button: 0 });
    fireEvent.keyDown(grid(), { key: '2' });
    fireEvent.change(input('Edit A1'), { target: { value: '2024-02-29' } });
    fireEvent.keyDown(input('Edit A1'), { key: 'Enter' });
    expect(host.model.getCell(sheetId, 0, 0)).toMatchObject({ value: dateSerial(2024, 2, 29), format: DATE_FORMAT });
    expect(cell('A1')!.textContent).toBe('2024-02-29');
  });

  it('the name box moves the selection to a typed reference', () => {
    const { host, input } = setup();
    const name = input('Name box');
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: 'D40' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(host.selection.selection.active).toEqual({ row: 39, col: 3 });
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: 'not a cell' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(screen.getByText(/is not a range reference/)).toBeTruthy();
  });
});
