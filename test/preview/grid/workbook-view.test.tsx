/**
 * @jest-environment jsdom
 */
/** The preview grid in a DOM: virtualization over 200,000 rows, selecting, typing, keyboard, toolbar, sheet tabs, formats. */
import { blockFromGrids } from '../../core/cells/block-grids';
import '../../helpers/setup-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { dateSerial, DATE_FORMAT } from '../../../src/core/cells/date-serial';
import { TEXT_FORMAT } from '../../../src/core/host';
import { WorkbookView } from '../../../src/preview/grid/workbook-view';
import { PreviewHost } from '../../../src/preview/preview-host';
import { MemoryStorage } from '../memory-storage';
import { MemoryWorkbookStore } from '../memory-workbook-store';

afterEach(cleanup);

function setup(
  host = new PreviewHost({ store: new MemoryWorkbookStore(), credentialStorage: new MemoryStorage(), mintWorkbookId: () => 'wb' }),
) {
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <WorkbookView host={host} />
    </FluentProvider>,
  );
  const sheetId = host.model.sheets()[0]!.id;
  const grid = () => screen.getByRole('grid');
  const cell = (ref: string) => view.container.querySelector<HTMLElement>(`[role="gridcell"][aria-label="${ref}"]`);
  const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
  return { host, sheetId, view, grid, cell, input };
}

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

describe('formats', () => {
  it('shows dates from serials, text cells as their text, and bold headers', async () => {
    const { host, sheetId, cell } = setup();
    await act(() =>
      host.writeBlock(
        blockFromGrids({
          sheetId,
          row: 0,
          col: 0,
          values: [
            ['day', 'code'],
            [dateSerial(2024, 1, 5), '00123'],
          ],
          formats: [
            [null, null],
            [DATE_FORMAT, TEXT_FORMAT],
          ],
          headerRows: 1,
        }),
      ),
    );
    expect(cell('A2')!.textContent).toBe('2024-01-05');
    expect(cell('B2')!.textContent).toBe('00123');
    expect(host.model.getCell(sheetId, 0, 0)?.bold).toBe(true);
    expect(getComputedStyle(cell('A1')!).fontWeight).not.toBe(getComputedStyle(cell('A2')!).fontWeight);
  });
});

describe('toolbar', () => {
  it('"Insert row above" shifts values and tracked areas down; "Delete row" brings them back', async () => {
    const { host, sheetId, cell, view } = setup();
    await act(async () => {
      host.model.setRange(sheetId, 1, 1, [
        ['h1', 'h2'],
        [1, 2],
      ]);
      await host.trackArea('p', { sheetId, row: 1, col: 1, rows: 2, cols: 2 });
    });
    const overlayTop = () => parseFloat(view.container.querySelector<HTMLElement>('[data-area="p"]')!.style.top);
    const topBefore = overlayTop();
    fireEvent.mouseDown(cell('A1')!, { button: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Insert row above' }));
    expect(host.model.getValues(sheetId, { row: 2, col: 1, rows: 2, cols: 2 })).toEqual([
      ['h1', 'h2'],
      [1, 2],
    ]);
    expect((await host.layout()).areas['p'] ?? null).toEqual({ sheetId, row: 2, col: 1, rows: 2, cols: 2 });
    expect(cell('B3')!.textContent).toBe('h1');
    expect(overlayTop()).toBe(topBefore + 22);

    fireEvent.click(screen.getByRole('button', { name: 'Delete row' }));
    expect((await host.layout()).areas['p'] ?? null).toEqual({ sheetId, row: 1, col: 1, rows: 2, cols: 2 });
    expect(cell('B2')!.textContent).toBe('h1');
  });

  it('"Insert column left" and "Delete column" move columns', async () => {
    const { host, sheetId, cell } = setup();
    act(() => host.model.setValue(sheetId, 0, 1, 'x'));
    fireEvent.mouseDown(cell('A1')!, { button: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Insert column left' }));
    expect(host.model.getValue(sheetId, 0, 2)).toBe('x');
    fireEvent.click(screen.getByRole('button', { name: 'Delete column' }));
    expect(host.model.getValue(sheetId, 0, 1)).toBe('x');
    fireEvent.click(screen.getByRole('button', { name: 'Delete column' }));
    expect(cell('A1')!.textContent).toBe('x');
    fireEvent.click(screen.getByRole('button', { name: 'Delete column' }));
    expect(host.model.getValues(sheetId, { row: 0, col: 0, rows: 1, cols: 3 })).toEqual([[null, null, null]]);
  });
});

describe('sheet tabs', () => {
  it('adds a sheet, switches with a click, renames by double-click and deletes after confirmation', async () => {
    const { host } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add sheet' }));
    expect(host.model.sheets().map((s) => s.name)).toEqual(['Sheet1', 'Sheet2']);
    expect(screen.getByRole('tab', { name: 'Sheet2' }).getAttribute('aria-selected')).toBe('true');
    expect((await host.activeCell()).sheet.name).toBe('Sheet2');

    fireEvent.click(screen.getByRole('tab', { name: 'Sheet1' }));
    expect((await host.activeCell()).sheet.name).toBe('Sheet1');

    fireEvent.doubleClick(screen.getByRole('tab', { name: 'Sheet2' }));
    const name = screen.getByRole('textbox', { name: 'Sheet name' });
    fireEvent.change(name, { target: { value: 'Report' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(host.model.sheets().map((s) => s.name)).toEqual(['Sheet1', 'Report']);

    fireEvent.click(screen.getByRole('tab', { name: 'Report' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete sheet' }));
    expect(host.model.sheets()).toHaveLength(2);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(host.model.sheets().map((s) => s.name)).toEqual(['Sheet1']);
    expect((await host.activeCell()).sheet.name).toBe('Sheet1');
  });

  it('"Rename sheet" refuses a duplicate name with a message', () => {
    const { host } = setup();
    act(() => {
      host.model.addSheet('Data');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Rename sheet' }));
    const name = screen.getByRole('textbox', { name: 'Sheet name' });
    fireEvent.change(name, { target: { value: 'data' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(screen.getByText(/already exists/)).toBeTruthy();
    expect(host.model.sheets().map((s) => s.name)).toEqual(['Sheet1', 'Data']);
  });
});

describe('notices', () => {
  it('shows the damaged-storage notice until dismissed', async () => {
    setup(
      await PreviewHost.open({
        store: new MemoryWorkbookStore('garbage'),
        credentialStorage: new MemoryStorage(),
        mintWorkbookId: () => 'wb',
      }),
    );
    expect(screen.getByText('Started a new workbook')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Started a new workbook')).toBeNull();
  });
});

describe('column widths, #### and text running on', () => {
  it('shows #### for a timestamp too wide for its column, lets long text run on into an empty neighbour, and lays columns out by their widths', async () => {
    const { host, sheetId, cell, view } = setup();
    act(() => {
      host.model.setRange(sheetId, 1, 1, [
        ['Product category and more words', null],
        [45306.5, 'x'],
        ['Product category and more words', 'blocks'],
      ]);
      host.model.setFormat(sheetId, { row: 2, col: 1, rows: 1, cols: 1 }, 'yyyy-mm-dd hh:mm:ss');
    });
    expect(cell('B3')?.textContent).toMatch(/^#+$/);
    expect(cell('B2')?.querySelector('[data-span]')?.getAttribute('data-span')).toBe('2');
    expect(cell('B2')?.textContent).toBe('Product category and more words');
    // Blocked by C4's value: clipped to its own cell, no run-on.
    expect(cell('B4')?.querySelector('[data-span]')).toBeNull();

    act(() => host.model.setColumnWidths(sheetId, [{ col: 1, width: 220 }]));
    expect(cell('B3')?.textContent).toBe('2024-01-15 12:00:00');
    expect(cell('C3')?.style.left).toBe(`${64 + 100 + 220}px`);
    expect(cell('B3')?.style.width).toBe('220px');
    const header = view.container.querySelectorAll<HTMLElement>('[role="columnheader"]')[2];
    expect(header?.textContent).toBe('C');
    expect(header?.style.left).toBe(`${64 + 100 + 220}px`);
  });

  it('dragging a column header border resizes the column (saved in the workbook); double-clicking it fits the column', async () => {
    const { host, sheetId, view, cell } = setup();
    act(() => host.model.setRange(sheetId, 0, 1, [['Customer lifetime value in dollars'], ['short']]));
    const handle = () => view.container.querySelector<HTMLElement>('[data-resize-col="1"]')!;
    fireEvent.mouseDown(handle(), { button: 0, clientX: 300 });
    fireEvent.mouseMove(window, { clientX: 260 });
    // The column follows the pointer while dragging, before anything is saved.
    expect(cell('B1')?.style.width).toBe('60px');
    expect(host.model.columnWidth(sheetId, 1)).toBeNull();
    fireEvent.mouseUp(window, { clientX: 345 });
    expect(host.model.columnWidth(sheetId, 1)).toBe(145);
    expect(cell('B1')?.style.width).toBe('145px');

    await act(async () => {
      fireEvent.doubleClick(handle());
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const fitted = host.model.columnWidth(sheetId, 1)!;
    expect(fitted).toBeGreaterThan(145);
    expect(cell('B1')?.querySelector('[data-span]')).toBeNull();
    expect(cell('B1')?.style.width).toBe(`${fitted}px`);
  });
});
