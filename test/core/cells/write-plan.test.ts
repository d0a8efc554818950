/** Tests for write plans: exact tiling under the cell and byte budgets, header rows, column splits, limit errors.
 * One file past 300 lines: every case shares the block-grid builders and the plan's invariants.
 */
import { boldGrid, formatGrid, headerRowsOfBlock } from './block-grids';
import fc from 'fast-check';
import type { Scalar } from '../../../src/core/host';
import type { Matrix } from '../../../src/core/cells/matrix';
import { BLOCK_OVERHEAD_BYTES, estimateBlockBytes, estimateCellBytes, planWriteBlocks } from '../../../src/core/cells/write-plan';
import { addinErrorOf } from '../../helpers/caught-error';

function matrixOf(values: Scalar[][], headerRows = 1, formats?: (string | null)[][]): Matrix {
  return {
    rows: values.length,
    cols: values[0]?.length ?? 0,
    values,
    formats: formats ?? values.map((r) => r.map(() => null)),
    headerRows,
  };
}

const target = { sheetId: 's1', row: 3, col: 2 };

describe('estimateBlockBytes', () => {
  it('is at least the JSON size of the values and formats, even for escapes and non-ASCII text', () => {
    const texts = fc.string({ unit: fc.constantFrom('a', '"', '\\', '\n', 'é', '東', '😀', '\u0001'), maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.oneof(texts, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)), {
            minLength: 1,
            maxLength: 5,
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (values) => {
          const formats = values.map((r) => r.map((v) => (typeof v === 'string' ? '@' : null)));
          const json = JSON.stringify({ values, formats });
          const bytes = new TextEncoder().encode(json).length;
          const escaped = JSON.stringify({ values, formats }).replace(
            /[^\x20-\x7e]/g,
            (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
          ).length;
          const estimate = estimateBlockBytes({ values, formats });
          expect(estimate).toBeGreaterThanOrEqual(bytes);
          expect(estimate).toBeGreaterThanOrEqual(escaped);
        },
      ),
    );
  });
});

describe('planWriteBlocks', () => {
  it('writes a small matrix in one block carrying its header rows', () => {
    const m = matrixOf(
      [
        ['a', 'b'],
        [1, 2],
      ],
      1,
      [
        [null, '@'],
        [null, null],
      ],
    );
    expect(planWriteBlocks(m, target, { maxCellsPerWrite: 100, maxBytesPerWrite: 5_000_000 })).toEqual([
      {
        sheetId: 's1',
        row: 3,
        col: 2,
        values: [
          ['a', 'b'],
          [1, 2],
        ],
        formats: [{ row: 0, col: 1, rows: 1, cols: 1, format: '@' }],
        bold: [{ row: 0, col: 0, rows: 1, cols: 2, bold: true }],
      },
    ]);
  });

  it('cuts by rows under the cell budget; only the first block carries the header', () => {
    const m = matrixOf([
      ['h1', 'h2'],
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ]);
    const blocks = planWriteBlocks(m, target, { maxCellsPerWrite: 4, maxBytesPerWrite: 5_000_000 });
    expect(blocks.map((b) => [b.row, b.col, b.values.length, headerRowsOfBlock(b)])).toEqual([
      [3, 2, 2, 1],
      [5, 2, 2, undefined],
      [7, 2, 1, undefined],
    ]);
  });

  it('cuts a row that alone exceeds the budget into column chunks', () => {
    const m = matrixOf(
      [
        ['a', 'b', 'c', 'd', 'e'],
        [1, 2, 3, 4, 5],
      ],
      1,
    );
    const blocks = planWriteBlocks(m, target, { maxCellsPerWrite: 2, maxBytesPerWrite: 5_000_000 });
    expect(blocks.map((b) => [b.row, b.col, b.values])).toEqual([
      [3, 2, [['a', 'b']]],
      [3, 4, [['c', 'd']]],
      [3, 6, [['e']]],
      [4, 2, [[1, 2]]],
      [4, 4, [[3, 4]]],
      [4, 6, [[5]]],
    ]);
    expect(blocks.map((b) => headerRowsOfBlock(b))).toEqual([1, 1, 1, undefined, undefined, undefined]);
  });

  it("gives each block its part of a matrix's exact bold, and no bold when the matrix has none", () => {
    const m: Matrix = {
      ...matrixOf(
        [
          ['a', 'b', 'c'],
          [1, 2, 3],
          [4, 5, 6],
        ],
        1,
      ),
      bold: [
        [true, true, false],
        [false, true, false],
        [true, false, true],
      ],
    };
    const blocks = planWriteBlocks(m, target, { maxCellsPerWrite: 2, maxBytesPerWrite: 5_000_000 });
    expect(blocks.map((b) => [b.row, b.col, boldGrid(b)])).toEqual([
      [3, 2, [[true, true]]],
      [3, 4, [[false]]],
      [4, 2, [[false, true]]],
      [4, 4, [[false]]],
      [5, 2, [[true, false]]],
      [5, 4, [[true]]],
    ]);
    const plain = planWriteBlocks(matrixOf([['a'], [1]]), target, { maxCellsPerWrite: 2, maxBytesPerWrite: 5_000_000 })[0];
    expect(plain && boldGrid(plain)).toEqual([[true], [null]]); // only the header row; the data row's bold is left alone
  });

  it('names the cell that alone exceeds the byte budget', () => {
    const m = matrixOf([['ok', 'x'.repeat(5000)]], 0);
    const e = addinErrorOf(() => planWriteBlocks(m, target, { maxCellsPerWrite: 10, maxBytesPerWrite: 4000 }));
    expect(e.kind).toBe('limit');
    expect(e.data.cell).toBe('D4');
  });

  it('names the cell whose text is longer than the host allows, before planning', () => {
    const m = matrixOf([['h'], ['y'.repeat(32768)]]);
    const e = addinErrorOf(() => planWriteBlocks(m, target, { maxCellsPerWrite: 10, maxBytesPerWrite: 5_000_000, maxCellChars: 32767 }));
    expect(e.kind).toBe('limit');
    expect(e.message).toMatch(/^Cell C5 would hold 32,768 characters, more than the 32,767/);
  });

  it('refuses a matrix that runs past the grid, and a budget too small for one cell', () => {
    const m = matrixOf([
      ['a', 'b'],
      [1, 2],
    ]);
    expect(
      addinErrorOf(() =>
        planWriteBlocks(
          m,
          { sheetId: 's', row: 1048575, col: 0 },
          { maxCellsPerWrite: 10, maxBytesPerWrite: 5_000_000, maxRows: 1048576, maxCols: 16384 },
        ),
      ).kind,
    ).toBe('limit');
    expect(
      addinErrorOf(() =>
        planWriteBlocks(
          m,
          { sheetId: 's', row: 0, col: 16383 },
          { maxCellsPerWrite: 10, maxBytesPerWrite: 5_000_000, maxRows: 1048576, maxCols: 16384 },
        ),
      ).message,
    ).toMatch(/column XFD/);
    expect(addinErrorOf(() => planWriteBlocks(m, target, { maxCellsPerWrite: 0, maxBytesPerWrite: 5_000_000 })).kind).toBe('validation');
    expect(addinErrorOf(() => planWriteBlocks(m, target, { maxCellsPerWrite: 5, maxBytesPerWrite: BLOCK_OVERHEAD_BYTES })).kind).toBe(
      'validation',
    );
  });

  it('plans nothing for an empty matrix', () => {
    expect(
      planWriteBlocks({ rows: 0, cols: 0, values: [], formats: [], headerRows: 0 }, target, {
        maxCellsPerWrite: 5,
        maxBytesPerWrite: 5000,
      }),
    ).toEqual([]);
    expect(planWriteBlocks(matrixOf([[], []]), target, { maxCellsPerWrite: 5, maxBytesPerWrite: 5000 })).toEqual([]);
  });

  it('tiles the matrix exactly, without overlap, each block under both budgets', () => {
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'b', '"', 'é', '😀', ' '), maxLength: 40 }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    );
    const scenario = fc
      .record({ rows: fc.integer({ min: 0, max: 25 }), cols: fc.integer({ min: 1, max: 8 }), headerRows: fc.integer({ min: 0, max: 3 }) })
      .chain(({ rows, cols, headerRows }) =>
        fc.record({
          values: fc.array(fc.array(cell, { minLength: cols, maxLength: cols }), { minLength: rows, maxLength: rows }),
          formats: fc.array(fc.array(fc.constantFrom(null, '@', 'yyyy-mm-dd'), { minLength: cols, maxLength: cols }), {
            minLength: rows,
            maxLength: rows,
          }),
          headerRows: fc.constant(Math.min(headerRows, rows)),
          cols: fc.constant(cols),
          maxCellsPerWrite: fc.integer({ min: 1, max: 60 }),
          maxBytesPerWrite: fc.integer({ min: 1500, max: 6000 }),
          target: fc.record({ sheetId: fc.constant('s'), row: fc.integer({ min: 0, max: 100 }), col: fc.integer({ min: 0, max: 100 }) }),
        }),
      );
    fc.assert(
      fc.property(scenario, (s) => {
        const matrix: Matrix = { rows: s.values.length, cols: s.cols, values: s.values, formats: s.formats, headerRows: s.headerRows };
        const blocks = planWriteBlocks(matrix, s.target, s);
        const covered = matrix.values.map((r) => r.map(() => 0));
        for (const b of blocks) {
          const height = b.values.length;
          const width = b.values[0]?.length ?? 0;
          expect(height).toBeGreaterThan(0);
          expect(width).toBeGreaterThan(0);
          expect(height * width).toBeLessThanOrEqual(s.maxCellsPerWrite);
          expect(estimateBlockBytes({ values: b.values, formats: formatGrid(b) })).toBeLessThanOrEqual(s.maxBytesPerWrite);
          const r0 = b.row - s.target.row;
          const c0 = b.col - s.target.col;
          const expectedHeader = Math.max(0, Math.min(matrix.headerRows - r0, height));
          expect(headerRowsOfBlock(b) ?? 0).toBe(expectedHeader);
          const slice = <T>(grid: T[][]) => grid.slice(r0, r0 + height).map((line) => line.slice(c0, c0 + width));
          expect(b.values).toEqual(slice(matrix.values));
          expect(formatGrid(b)).toEqual(slice(matrix.formats));
          for (let i = 0; i < height; i++) {
            const row = covered[r0 + i];
            for (let j = 0; j < width; j++) if (row) row[c0 + j] = (row[c0 + j] ?? 0) + 1;
          }
        }
        expect(covered.every((r) => r.every((n) => n === 1))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('planWriteBlocks, block sizes', () => {
  it('counts a number as exactly the characters of its text', () => {
    const number = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }).map(Number),
      fc.integer({ min: 0, max: 22 }).map((e) => 10 ** e),
    );
    fc.assert(
      fc.property(number, (v) => {
        expect(estimateCellBytes(v, null) - estimateCellBytes(null, null)).toBe(String(v).length - 'null'.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('makes every full-width block as tall as both budgets allow', () => {
    const cell = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.string({ maxLength: 12 }),
      fc.constant(null),
    );
    const scenario = fc.integer({ min: 1, max: 6 }).chain((cols) =>
      fc.record({
        cols: fc.constant(cols),
        values: fc.array(fc.array(cell, { minLength: cols, maxLength: cols }), { minLength: 1, maxLength: 40 }),
        maxCellsPerWrite: fc.integer({ min: 1, max: 80 }),
        maxBytesPerWrite: fc.integer({ min: 1200, max: 4000 }),
      }),
    );
    fc.assert(
      fc.property(scenario, (s) => {
        const matrix = matrixOf(
          s.values,
          1,
          s.values.map((r) => r.map((v) => (typeof v === 'string' ? '@' : null))),
        );
        const blocks = planWriteBlocks(matrix, target, s);
        blocks.forEach((b, n) => {
          const next = blocks[n + 1];
          const width = b.values[0]?.length ?? 0;
          if (width !== s.cols || next === undefined || (next.values[0]?.length ?? 0) !== s.cols) return;
          // The next full-width block's first row did not fit this one.
          const grown = {
            values: [...b.values, ...next.values.slice(0, 1)],
            formats: [...formatGrid(b), ...formatGrid(next).slice(0, 1)],
          };
          const cellsFit = grown.values.length * s.cols <= s.maxCellsPerWrite;
          const bytesFit = estimateBlockBytes(grown) <= s.maxBytesPerWrite;
          expect(cellsFit && bytesFit).toBe(false);
        });
      }),
      { numRuns: 500 },
    );
  });
});
