/**
 * Column widths of the preview workbook: kept per sheet in the model, saved and read back, moved by column inserts and deletes.
 * A saved workbook without widths reads back with none; the grid's ColumnLayout is tested over them.
 */
import { PRODUCT_PREFIX } from '../../../src/core/wire/wire-names';
import fc from 'fast-check';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import { ColumnLayout } from '../../../src/preview/grid/column-layout';
import { COL_WIDTH, gridWindow, revealScroll, ROW_HEADER_WIDTH } from '../../../src/preview/grid/grid-geometry';
import { parseSavedWorkbook, serializeWorkbook } from '../../../src/preview/saved-workbook';

describe('column widths in the workbook model', () => {
  it('are per sheet, saved with the workbook and read back', () => {
    const m = new WorkbookModel();
    const s1 = m.sheets()[0]!.id;
    const s2 = m.addSheet('Other').id;
    const changes: string[] = [];
    m.subscribe((c) => changes.push(c.type));
    m.setColumnWidths(s1, [
      { col: 1, width: 160 },
      { col: 4, width: 37 },
    ]);
    expect(changes).toEqual(['columns']);
    expect(m.columnWidth(s1, 1)).toBe(160);
    expect(m.columnWidth(s2, 1)).toBeNull();
    const back = parseSavedWorkbook(serializeWorkbook(m.toJSON(), null)).model;
    expect([...back.columnWidths(s1)]).toEqual([
      [1, 160],
      [4, 37],
    ]);
    expect(back.columnWidths(s2).size).toBe(0);
    m.setColumnWidths(s1, [{ col: 1, width: null }]);
    expect(m.columnWidth(s1, 1)).toBeNull();
  });

  it('a workbook saved before widths existed still loads, with default widths', () => {
    const old = {
      kind: `${PRODUCT_PREFIX}.preview.workbook`,
      version: 1,
      workbook: {
        version: 1,
        name: 'Preview workbook',
        nextSheetSeq: 2,
        sheets: [{ id: 's1', name: 'Sheet1', rows: [{ r: 0, v: ['kept'] }] }],
        areas: {},
        settings: {},
      },
      selection: null,
    };
    const loaded = parseSavedWorkbook(JSON.stringify(old)).model;
    expect(loaded.getValue('s1', 0, 0)).toBe('kept');
    expect(loaded.columnWidths('s1').size).toBe(0);
    // Without widths the saved form is what it was.
    expect(loaded.toJSON().sheets[0]).not.toHaveProperty('columns');
  });

  it('follow inserted and deleted columns, as the cells do', () => {
    const m = new WorkbookModel();
    const s = m.sheets()[0]!.id;
    m.setColumnWidths(s, [
      { col: 0, width: 50 },
      { col: 2, width: 120 },
      { col: 5, width: 200 },
    ]);
    m.insertColumns(s, 1, 2);
    expect([...m.columnWidths(s)].sort((a, b) => a[0] - b[0])).toEqual([
      [0, 50],
      [4, 120],
      [7, 200],
    ]);
    m.deleteColumns(s, 3, 2);
    expect([...m.columnWidths(s)].sort((a, b) => a[0] - b[0])).toEqual([
      [0, 50],
      [5, 200],
    ]);
  });

  it('refuses widths that are not whole pixels in range, changing nothing', () => {
    const m = new WorkbookModel();
    const s = m.sheets()[0]!.id;
    for (const width of [0, -3, 2.5, 5000, Number.NaN])
      expect(() =>
        m.setColumnWidths(s, [
          { col: 0, width: 90 },
          { col: 1, width },
        ]),
      ).toThrow(/whole number of pixels/);
    expect(m.columnWidths(s).size).toBe(0);
  });
});

describe('ColumnLayout', () => {
  it('places each column after the ones before it, and finds the column under any x', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.integer({ min: 1, max: 400 })), { maxLength: 20 }), (set) => {
        const widths = new Map(set);
        const layout = new ColumnLayout(60, widths);
        let left = 0;
        for (let c = 0; c < 70; c += 1) {
          expect(layout.left(c)).toBe(left);
          expect(layout.colAt(left)).toBe(c);
          expect(layout.colAt(left + layout.width(c) - 0.5)).toBe(c);
          left += c < 60 ? (widths.get(c) ?? COL_WIDTH) : COL_WIDTH;
        }
      }),
    );
  });

  it('gives the grid window and the scroll to reveal a cell from the widths', () => {
    const layout = new ColumnLayout(30, new Map([[0, 600]]));
    const w = gridWindow({ scrollTop: 0, scrollLeft: 0, width: ROW_HEADER_WIDTH + 700, height: 500 }, 100, 30, layout);
    // Column A takes 600 px: A and B are visible (plus the overscan), not seven columns of 100 px.
    expect(w.firstCol).toBe(0);
    expect(w.endCol).toBe(2 + 2);
    expect(revealScroll({ scrollTop: 0, scrollLeft: 0, width: ROW_HEADER_WIDTH + 700, height: 500 }, 0, 3, layout).scrollLeft).toBe(
      600 + 3 * COL_WIDTH - 700,
    );
  });
});
