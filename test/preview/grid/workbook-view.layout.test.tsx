/**
 * @jest-environment jsdom
 */
/** The preview grid in a DOM: formats, toolbar, sheet tabs, notices, column widths, #### and text running on. */
import { blockFromGrids } from '../../core/cells/block-grids';
import '../../helpers/setup-dom';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { dateSerial, DATE_FORMAT } from '../../../src/core/cells/date-serial';
import { TEXT_FORMAT } from '../../../src/core/host';
import { PreviewHost } from '../../../src/preview/preview-host';
import { MemoryStorage } from '../memory-storage';
import { MemoryWorkbookStore } from '../memory-workbook-store';
import { setup } from './workbook-view-setup';

afterEach(cleanup);

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
