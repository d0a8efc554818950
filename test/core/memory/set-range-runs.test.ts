/** WorkbookModel.setRange with format and bold runs against its definition: the same runs spread into per-cell grids. */
import fc from 'fast-check';
import { GENERAL_FORMAT, TEXT_FORMAT, type BoldRun, type FormatRun, type Scalar } from '../../../src/core/host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';

/** The reference definition: the per-cell grid of runs (`null` where no run covers a cell), later runs over earlier ones. */
function gridOf<R extends { row: number; col: number; rows: number; cols: number }, T>(
  rows: number,
  cols: number,
  runs: readonly R[],
  valueOf: (r: R) => T,
): (T | null)[][] {
  const grid: (T | null)[][] = Array.from({ length: rows }, () => new Array<T | null>(cols).fill(null));
  for (const run of runs) for (let i = run.row; i < run.row + run.rows; i++) grid[i]?.fill(valueOf(run), run.col, run.col + run.cols);
  return grid;
}

const shape = fc.record({ rows: fc.integer({ min: 1, max: 5 }), cols: fc.integer({ min: 1, max: 4 }) });
const value: fc.Arbitrary<Scalar> = fc.oneof(
  fc.constantFrom('=1+1', '00123', '-x', 'text', ''),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

describe('WorkbookModel.setRange with runs', () => {
  it('leaves the workbook as the per-cell grids of the same runs do', () => {
    fc.assert(
      fc.property(
        shape.chain(({ rows, cols }) => {
          const run = fc.record({ row: fc.nat(rows - 1), col: fc.nat(cols - 1) }).chain(({ row, col }) =>
            fc.record({
              row: fc.constant(row),
              col: fc.constant(col),
              rows: fc.integer({ min: 1, max: rows - row }),
              cols: fc.integer({ min: 1, max: cols - col }),
            }),
          );
          return fc.record({
            values: fc.array(fc.array(value, { minLength: cols, maxLength: cols }), { minLength: rows, maxLength: rows }),
            formats: fc.array(fc.tuple(run, fc.constantFrom(TEXT_FORMAT, '0.00', GENERAL_FORMAT)), { maxLength: 3 }),
            bold: fc.array(fc.tuple(run, fc.boolean()), { maxLength: 3 }),
            before: fc.array(fc.array(value, { minLength: cols, maxLength: cols }), { minLength: rows, maxLength: rows }),
          });
        }),
        ({ values, formats, bold, before }) => {
          const formatRuns: FormatRun[] = formats.map(([r, format]) => ({ ...r, format }));
          const boldRuns: BoldRun[] = bold.map(([r, b]) => ({ ...r, bold: b }));
          const rows = values.length;
          const cols = values[0]!.length;
          const a = new WorkbookModel();
          const b = new WorkbookModel();
          const sheet = a.sheets()[0]!.id;
          for (const m of [a, b])
            m.setRange(sheet, 1, 1, before, { formats: before.map((l) => l.map((_, j) => (j % 2 ? TEXT_FORMAT : '0.0'))), boldRows: 1 });
          a.setRange(sheet, 1, 1, values, { formatRuns, boldRuns });
          b.setRange(sheet, 1, 1, values, {
            ...(formatRuns.length ? { formats: gridOf(rows, cols, formatRuns, (r) => r.format) } : {}),
            ...(boldRuns.length ? { bold: gridOf(rows, cols, boldRuns, (r) => r.bold) } : {}),
          });
          expect(JSON.stringify(a.toJSON())).toBe(JSON.stringify(b.toJSON()));
        },
      ),
      { numRuns: 500 },
    );
  });
});
