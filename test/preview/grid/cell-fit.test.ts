/**
 * How a cell's text fits its column, as Excel shows it: numbers and dates too wide are ####, text runs on.
 * Text runs on into empty cells to its right and stops at the first one holding a value.
 */
import { fitCellText, hashes, CELL_PADDING } from '../../../src/preview/grid/cell-fit';
import { displayValue } from '../../../src/core/cells/cell-display';
import { charWidthMeasure } from '../../../src/preview/grid/text-measure';
import type { Scalar } from '../../../src/core/host';

function fit(value: Scalar, format: string | null, widths: number[], row: Scalar[] = []) {
  return fitCellText({
    value,
    format,
    shown: displayValue(value, format),
    bold: false,
    col: 0,
    widthOf: (c) => widths[c] ?? 100,
    isEmpty: (c) => (row[c] ?? null) === null,
    lastCol: widths.length - 1,
    measure: charWidthMeasure,
  });
}

describe('fitCellText', () => {
  it('shows a number, a date or a timestamp that fits as it is', () => {
    expect(fit(1234.5, '0.00', [100])).toEqual({ text: '1234.50', width: 100, span: 1 });
    expect(fit(45306.5, 'yyyy-mm-dd hh:mm:ss', [140]).text).toBe('2024-01-15 12:00:00');
  });

  it('shows #### filling the column for a number or a timestamp that does not fit, never a cut number', () => {
    const ts = fit(45306.5, 'yyyy-mm-dd hh:mm:ss', [100]);
    expect(ts.text).toMatch(/^#+$/);
    expect(ts.span).toBe(1);
    expect(charWidthMeasure(ts.text, false) + CELL_PADDING).toBeLessThanOrEqual(100);
    expect(charWidthMeasure(`${ts.text}#`, false) + CELL_PADDING).toBeGreaterThan(100);
    expect(fit(123456789012, '#,##0.00', [60]).text).toBe(hashes(60, false, charWidthMeasure));
    // A number kept as text (format @) is text: it runs on instead.
    expect(fit(123456789012345, '@', [40, 100]).span).toBe(2);
  });

  it('shows a General number in fewer digits before giving up, as Excel does', () => {
    expect(fit(3.14159265358, null, [50]).text).toBe('3.1416');
    expect(fit(123456789012, null, [58]).text).toBe('1.2E+11');
    expect(fit(-0.000123456789, null, [60]).text).toBe('-0.00012');
    expect(fit(123456789012, null, [20]).text).toMatch(/^#+$/);
  });

  it('lets text run on into empty cells to its right, as far as it needs, and stops at a cell holding a value', () => {
    const long = 'Product category of the order';
    const free = fit(long, null, [100, 100, 100, 100]);
    expect(free.text).toBe(long);
    expect(free.span).toBe(2);
    expect(free.width).toBe(200);
    const blocked = fit(long, null, [100, 100, 100], [long, 'x']);
    expect(blocked).toEqual({ text: long, width: 100, span: 1 });
    const short = fit('ok', null, [100, 100]);
    expect(short.span).toBe(1);
  });
});
