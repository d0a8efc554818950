/** Tests for A1 notation: letters, cell and range references, sheet-name quoting, grid bounds. */
import fc from 'fast-check';
import {
  EXCEL_GRID,
  checkInGrid,
  columnToLetters,
  formatCellRef,
  formatRangeRef,
  lettersToColumn,
  parseCellRef,
  parseRangeRef,
  quoteSheetName,
} from '../../../src/core/cells/a1';
import { addinErrorOf } from '../../helpers/caught-error';

const col = fc.integer({ min: 0, max: EXCEL_GRID.maxCols - 1 });
const row = fc.integer({ min: 0, max: EXCEL_GRID.maxRows - 1 });
const sheetName = fc.string({
  unit: fc.constantFrom('a', 'Z', '1', '_', '.', ' ', "'", '!', ':', '$', 'é', '東', '😀', '-'),
  minLength: 1,
  maxLength: 12,
});

describe('column letters', () => {
  it('knows the landmarks', () => {
    expect([0, 25, 26, 51, 52, 701, 702, 16383].map((c) => columnToLetters(c))).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
    expect(lettersToColumn('XFD')).toBe(16383);
    expect(lettersToColumn('xfd')).toBe(16383);
  });

  it('round-trips every Excel column', () => {
    const all = Array.from({ length: EXCEL_GRID.maxCols }, (_, c) => c);
    expect(all.map((c) => lettersToColumn(columnToLetters(c)))).toEqual(all);
  });

  it('orders like the columns (shorter first, then alphabetical)', () => {
    fc.assert(
      fc.property(col, col, (a, b) => {
        const la = columnToLetters(a);
        const lb = columnToLetters(b);
        const byLetters = la.length !== lb.length ? la.length - lb.length : la < lb ? -1 : la > lb ? 1 : 0;
        expect(Math.sign(byLetters)).toBe(Math.sign(a - b));
      }),
    );
  });

  it('rejects what is not a column with a validation error', () => {
    expect(addinErrorOf(() => lettersToColumn('A1')).kind).toBe('validation');
    expect(addinErrorOf(() => lettersToColumn('')).kind).toBe('validation');
    expect(addinErrorOf(() => columnToLetters(-1)).kind).toBe('validation');
    expect(addinErrorOf(() => columnToLetters(1.5)).kind).toBe('validation');
    expect(addinErrorOf(() => lettersToColumn('XFE', EXCEL_GRID)).message).toMatch(
      /Column XFE is beyond the end of the sheet: its last column is XFD/,
    );
  });
});

describe('cell references', () => {
  it('formats and parses', () => {
    expect(formatCellRef(1, 1)).toBe('B2');
    expect(parseCellRef('B2')).toEqual({ row: 1, col: 1 });
    expect(parseCellRef('$B$2')).toEqual({ row: 1, col: 1 });
    expect(parseCellRef('$b2')).toEqual({ row: 1, col: 1 });
    expect(parseCellRef('XFD1048576', EXCEL_GRID)).toEqual({ row: 1048575, col: 16383 });
  });

  it('round-trips every cell of the grid', () => {
    fc.assert(
      fc.property(row, col, fc.boolean(), (r, c, absolute) => {
        const ref = formatCellRef(r, c, EXCEL_GRID);
        const written = absolute ? ref.replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2') : ref;
        expect(parseCellRef(written, EXCEL_GRID)).toEqual({ row: r, col: c });
      }),
    );
  });

  it('rejects malformed and out-of-grid references', () => {
    for (const bad of ['B0', '2B', 'B', '12', 'B2C', 'B-2', '$$B2', 'B2:C3', '']) {
      expect(addinErrorOf(() => parseCellRef(bad)).kind).toBe('validation');
    }
    const tooLow = addinErrorOf(() => parseCellRef('A1048577', EXCEL_GRID));
    expect(tooLow.kind).toBe('validation');
    expect(tooLow.message).toBe('Row 1,048,577 is beyond the end of the sheet: it has 1,048,576 rows.');
    expect(addinErrorOf(() => formatCellRef(0, 16384, EXCEL_GRID)).message).toMatch(/Column XFE/);
  });
});

describe('sheet names', () => {
  it('quotes only when needed and doubles embedded quotes', () => {
    expect(quoteSheetName('Sheet1')).toBe('Sheet1');
    expect(quoteSheetName('Data_2024.v2')).toBe('Data_2024.v2');
    expect(quoteSheetName('My Sheet')).toBe("'My Sheet'");
    expect(quoteSheetName("Bob's")).toBe("'Bob''s'");
    expect(quoteSheetName('2024')).toBe("'2024'");
    expect(quoteSheetName('A1')).toBe("'A1'");
    expect(quoteSheetName('XFD100')).toBe("'XFD100'");
    expect(quoteSheetName('R1C1')).toBe("'R1C1'");
    expect(quoteSheetName('r')).toBe("'r'");
    expect(quoteSheetName('TRUE')).toBe("'TRUE'");
    expect(quoteSheetName('Données')).toBe("'Données'");
    expect(quoteSheetName('a-b')).toBe("'a-b'");
    expect(addinErrorOf(() => quoteSheetName('')).kind).toBe('validation');
  });
});

describe('range references', () => {
  it('formats a single cell and a rectangle', () => {
    expect(formatRangeRef('Sheet1', { row: 1, col: 1, rows: 1, cols: 1 })).toBe('Sheet1!B2');
    expect(formatRangeRef('My Sheet', { row: 1, col: 1, rows: 19, cols: 3 })).toBe("'My Sheet'!B2:D20");
    expect(formatRangeRef(null, { row: 0, col: 0, rows: 2, cols: 2 })).toBe('A1:B2');
  });

  it('parses quoted, unquoted, absolute and reversed forms', () => {
    expect(parseRangeRef("'My Sheet'!B2:D20")).toEqual({ sheetName: 'My Sheet', row: 1, col: 1, rows: 19, cols: 3 });
    expect(parseRangeRef("'Bob''s'!$A$1")).toEqual({ sheetName: "Bob's", row: 0, col: 0, rows: 1, cols: 1 });
    expect(parseRangeRef('Sheet1!D20:B2')).toEqual({ sheetName: 'Sheet1', row: 1, col: 1, rows: 19, cols: 3 });
    expect(parseRangeRef('Données!A1')).toEqual({ sheetName: 'Données', row: 0, col: 0, rows: 1, cols: 1 });
    expect(parseRangeRef('C3')).toEqual({ sheetName: null, row: 2, col: 2, rows: 1, cols: 1 });
    expect(parseRangeRef("'a!b'!C3").sheetName).toBe('a!b');
  });

  it('round-trips arbitrary sheet names and rectangles', () => {
    const rect = fc
      .record({ row, col, rows: fc.integer({ min: 1, max: 5000 }), cols: fc.integer({ min: 1, max: 300 }) })
      .filter((r) => r.row + r.rows <= EXCEL_GRID.maxRows && r.col + r.cols <= EXCEL_GRID.maxCols);
    fc.assert(
      fc.property(fc.option(sheetName, { nil: null }), rect, (name, r) => {
        const ref = formatRangeRef(name, r, EXCEL_GRID);
        expect(parseRangeRef(ref, EXCEL_GRID)).toEqual({ sheetName: name, ...r });
      }),
      { numRuns: 500 },
    );
  });

  it('rejects malformed references with a message naming them', () => {
    for (const bad of ["'Unclosed!A1", "'Sheet'A1", '!A1', "''!A1", 'Sheet1!', 'A:C', '1:3', 'A1:B2:C3', 'Sheet1!A1:', 'A1::B2']) {
      const e = addinErrorOf(() => parseRangeRef(bad));
      expect(e.kind).toBe('validation');
      expect(e.message).toContain(bad);
    }
    expect(addinErrorOf(() => formatRangeRef('S', { row: 0, col: 0, rows: 0, cols: 1 })).kind).toBe('validation');
  });

  it('checks ranges against the grid', () => {
    expect(() => checkInGrid({ row: 1048575, col: 16383, rows: 1, cols: 1 }, EXCEL_GRID)).not.toThrow();
    expect(addinErrorOf(() => checkInGrid({ row: 1048570, col: 0, rows: 10, cols: 1 }, EXCEL_GRID)).data).toEqual({
      row: 1048579,
      maxRows: 1048576,
    });
    expect(addinErrorOf(() => parseRangeRef('A1:XFE1', EXCEL_GRID)).kind).toBe('validation');
  });
});
