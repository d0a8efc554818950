/**
 * autofitColumns: each column gets the width of its widest shown text.
 * Headers count in bold, numbers and dates as formatted; empty columns keep theirs; a row range limits what counts;
 * long work yields to the page.
 */
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import { CELL_PADDING } from '../../../src/preview/grid/cell-fit';
import { autofitColumns, MIN_AUTOFIT_WIDTH } from '../../../src/preview/grid/column-autofit';
import { charWidthMeasure } from '../../../src/preview/grid/text-measure';

function placed(): { m: WorkbookModel; s: string } {
  const m = new WorkbookModel();
  const s = m.sheets()[0]!.id;
  m.setRange(
    s,
    1,
    1,
    [
      ['Product category', 'Created at', 'Total amount', 'n'],
      ['Books', 45306.5, 1234567.891, 1],
      ['Garden & outdoor living', 45307.25, -12.5, 2],
    ],
    {
      boldRows: 1,
      formats: [
        [null, null, null, null],
        [null, 'yyyy-mm-dd hh:mm:ss', '"$"#,##0.00', null],
        [null, 'yyyy-mm-dd hh:mm:ss', '"$"#,##0.00', null],
      ],
    },
  );
  return { m, s };
}

const fitted = (text: string, bold = false): number => Math.ceil(charWidthMeasure(text, bold) + CELL_PADDING + 3);

describe('autofitColumns', () => {
  it('fits each column to its widest shown text: the bold header, the longest text, a timestamp, a formatted amount', async () => {
    const { m, s } = placed();
    await autofitColumns(m, s, 1, 4, { measure: charWidthMeasure });
    expect(m.columnWidth(s, 1)).toBe(fitted('Garden & outdoor living'));
    expect(m.columnWidth(s, 2)).toBe(fitted('2024-01-15 12:00:00'));
    expect(m.columnWidth(s, 3)).toBe(fitted('$1,234,567.89'));
    expect(m.columnWidth(s, 4)).toBe(Math.max(MIN_AUTOFIT_WIDTH, fitted('n', true)));
    expect(m.columnWidth(s, 3)).toBeGreaterThan(fitted('Total amount', true) - 1);
  });

  it('leaves empty columns and columns outside the range alone; a row range limits what counts', async () => {
    const { m, s } = placed();
    m.setColumnWidths(s, [{ col: 6, width: 77 }]);
    await autofitColumns(m, s, 5, 2, { measure: charWidthMeasure });
    expect(m.columnWidth(s, 5)).toBeNull();
    expect(m.columnWidth(s, 6)).toBe(77);
    await autofitColumns(m, s, 1, 1, { measure: charWidthMeasure, rows: { row: 1, rows: 2 } });
    expect(m.columnWidth(s, 1)).toBe(fitted('Product category', true));
    expect(m.columnWidth(s, 0)).toBeNull();
  });

  it('reads a long column in slices, yielding to the page between them, and sets the widths once at the end', async () => {
    const m = new WorkbookModel();
    const s = m.sheets()[0]!.id;
    m.setRange(
      s,
      0,
      0,
      Array.from({ length: 5000 }, (_, i) => [i === 4321 ? 'the one long text far down the column' : `r${i}`]),
    );
    let yields = 0;
    const changes: string[] = [];
    m.subscribe((c) => changes.push(c.type));
    let clock = 0;
    await autofitColumns(m, s, 0, 1, {
      measure: charWidthMeasure,
      sliceMs: 10,
      now: () => (clock += 10),
      yieldToPage: async () => {
        yields += 1;
      },
    });
    expect(yields).toBeGreaterThanOrEqual(4);
    expect(changes).toEqual(['columns']);
    expect(m.columnWidth(s, 0)).toBe(fitted('the one long text far down the column'));
  });
});
