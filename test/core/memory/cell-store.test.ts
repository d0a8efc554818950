/** CellStore against a Map of cells under the same random edits: every read, the rows held, the counts and the used range, far down the grid too. */
import fc from 'fast-check';
import { CellStore } from '../../../src/core/memory/cell-store';
import { applyFormatRuns } from '../../../src/core/memory/format-runs';
import { GENERAL_FORMAT, TEXT_FORMAT } from '../../../src/core/host';
import { startsFormula, storedInput } from '../../../src/core/memory/cell-input';
import { writeRangeIn } from '../../../src/core/memory/range-writes';
import type { Scalar } from '../../../src/core/host';

interface RefCell {
  value?: Exclude<Scalar, null>;
  format?: string;
  bold?: boolean;
  formula?: boolean;
}

const key = (row: number, col: number): string => `${row}:${col}`;
const holds = (c: RefCell | undefined): boolean => c !== undefined && (c.value !== undefined || c.format !== undefined || c.bold === true);

/** The reference: cells by "row:col". */
class Ref {
  cells = new Map<string, RefCell & { row: number; col: number }>();
  cell(row: number, col: number): RefCell & { row: number; col: number } {
    let c = this.cells.get(key(row, col));
    if (c === undefined) {
      c = { row, col };
      this.cells.set(key(row, col), c);
    }
    return c;
  }
  tidy(): void {
    for (const [k, c] of this.cells) if (!holds(c)) this.cells.delete(k);
  }
  rows(): number[] {
    return [...new Set([...this.cells.values()].filter(holds).map((c) => c.row))].sort((a, b) => a - b);
  }
}

// Few rows and columns, so edits meet the same cells; rows around a chunk's edge (1,024) and the grid's last rows.
const rowArb = fc.oneof(fc.nat(20), fc.integer({ min: 1015, max: 1035 }), fc.integer({ min: 1_048_560, max: 1_048_575 }));
const colArb = fc.nat(3);
/** An area's top left cell and size, at most `rows` by `cols`. */
const areaArb = (rows: number, cols: number) => ({
  row: rowArb,
  col: colArb,
  rows: fc.integer({ min: 1, max: rows }),
  cols: fc.integer({ min: 1, max: cols }),
});
const valueArb = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(null),
);
const opArb = fc.oneof(
  fc.record({ op: fc.constant('put' as const), row: rowArb, col: colArb, value: valueArb, formula: fc.boolean() }),
  fc.record({
    op: fc.constant('format' as const),
    row: rowArb,
    col: colArb,
    format: fc.constantFrom(null, TEXT_FORMAT, '0.00', 'yyyy-mm-dd'),
  }),
  fc.record({ op: fc.constant('bold' as const), row: rowArb, col: colArb, bold: fc.boolean() }),
  fc.record({
    op: fc.constant('write' as const),
    row: rowArb,
    col: colArb,
    lines: fc.array(fc.array(fc.oneof(valueArb, fc.constantFrom('=1+1', '007', '-x')), { maxLength: 3 }), { minLength: 1, maxLength: 40 }),
  }),
  fc.record({ op: fc.constant('formatRun' as const), ...areaArb(40, 2), format: fc.constantFrom(GENERAL_FORMAT, TEXT_FORMAT, '0.00') }),
  fc.record({ op: fc.constant('clear' as const), ...areaArb(1100, 3) }),
  fc.record({ op: fc.constant('insertCols' as const), col: colArb, count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant('deleteCols' as const), col: colArb, count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant('shiftRows' as const), row: rowArb, count: fc.integer({ min: -30, max: 30 }) }),
);

const MAX_COLS = 9;

describe('CellStore', () => {
  it('answers as a map of the same cells under puts, formats, bold, clears and moved rows and columns', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 20, maxLength: 80 }), (ops) => {
        let store = new CellStore();
        const ref = new Ref();
        for (const o of ops) {
          switch (o.op) {
            case 'put': {
              store.put(o.row, o.col, o.value, o.formula);
              const c = ref.cell(o.row, o.col);
              if (o.value === null) {
                delete c.value;
                delete c.formula;
              } else {
                c.value = o.value;
                if (o.formula) c.formula = true;
                else delete c.formula;
              }
              break;
            }
            case 'format': {
              store.setFormat(o.row, o.col, o.format);
              const c = ref.cell(o.row, o.col);
              if (o.format === null) delete c.format;
              else c.format = o.format;
              break;
            }
            case 'bold': {
              store.setBold(o.row, o.col, o.bold);
              ref.cell(o.row, o.col).bold = o.bold;
              break;
            }
            case 'write': {
              // The bulk path of a write (a line too short for a column leaves its cell alone).
              const cols = Math.max(...o.lines.map((line) => line.length));
              if (cols === 0) break;
              writeRangeIn(
                { id: 's', name: 'S', cells: store, widths: new Map() },
                { row: o.row, col: o.col, rows: o.lines.length, cols },
                o.lines,
                {},
              );
              o.lines.forEach((line, i) =>
                line.forEach((v, j) => {
                  const c = ref.cell(o.row + i, o.col + j);
                  const text = c.format === TEXT_FORMAT;
                  const stored = storedInput(v, text);
                  if (stored === null) {
                    delete c.value;
                    delete c.formula;
                  } else {
                    c.value = stored;
                    if (startsFormula(stored, text)) c.formula = true;
                    else delete c.formula;
                  }
                }),
              );
              break;
            }
            case 'formatRun':
              applyFormatRuns(store, o.row, o.col, o.rows, o.cols, [{ row: 0, col: 0, rows: o.rows, cols: o.cols, format: o.format }]);
              for (let r = o.row; r < o.row + o.rows; r++)
                for (let c = o.col; c < o.col + o.cols; c++) {
                  const cell = ref.cell(r, c);
                  if (o.format === GENERAL_FORMAT) delete cell.format;
                  else cell.format = o.format;
                }
              break;
            case 'clear':
              store.clearValues({ row: o.row, col: o.col, rows: o.rows, cols: o.cols });
              for (const c of ref.cells.values())
                if (c.row >= o.row && c.row < o.row + o.rows && c.col >= o.col && c.col < o.col + o.cols) {
                  delete c.value;
                  delete c.formula;
                }
              break;
            case 'insertCols':
              store.insertColumns(o.col, o.count, MAX_COLS);
              ref.cells = new Map(
                [...ref.cells.values()]
                  .map((c) => ({ ...c, col: c.col >= o.col ? c.col + o.count : c.col }))
                  .filter((c) => c.col < MAX_COLS)
                  .map((c) => [key(c.row, c.col), c]),
              );
              break;
            case 'deleteCols':
              store.deleteColumns(o.col, o.count);
              ref.cells = new Map(
                [...ref.cells.values()]
                  .filter((c) => c.col < o.col || c.col >= o.col + o.count)
                  .map((c) => ({ ...c, col: c.col >= o.col ? c.col - o.count : c.col }))
                  .map((c) => [key(c.row, c.col), c]),
              );
              break;
            case 'shiftRows': {
              // Rows at or below `row` move by `count`; rows landing above `row` (or off the top) are dropped.
              const to = (r: number): number | null => (r < o.row ? r : r + o.count < Math.max(o.row, 0) ? null : r + o.count);
              store = store.movedRows(to);
              ref.cells = new Map(
                [...ref.cells.values()].flatMap((c) => {
                  const row = to(c.row);
                  return row === null ? [] : [[key(row, c.col), { ...c, row }] as const];
                }),
              );
              break;
            }
          }
          ref.tidy();
        }
        for (const c of ref.cells.values()) {
          expect(store.value(c.row, c.col)).toBe(c.value);
          expect(store.format(c.row, c.col)).toBe(c.format);
          expect(store.bold(c.row, c.col)).toBe(c.bold === true);
          expect(store.formula(c.row, c.col)).toBe(c.formula === true && c.value !== undefined);
        }
        const rows = ref.rows();
        expect(store.allRows()).toEqual(rows);
        for (const row of rows) expect(store.holdsRow(row)).toBe(true);
        const withValues = [...ref.cells.values()].filter((c) => c.value !== undefined);
        expect(store.countValues()).toBe(withValues.length);
        if (withValues.length === 0) expect(store.usedRange()).toBeNull();
        else {
          const minR = Math.min(...withValues.map((c) => c.row));
          const minC = Math.min(...withValues.map((c) => c.col));
          expect(store.usedRange()).toEqual({
            row: minR,
            col: minC,
            rows: Math.max(...withValues.map((c) => c.row)) - minR + 1,
            cols: Math.max(...withValues.map((c) => c.col)) - minC + 1,
          });
        }
        // Each chunk counts what its cells hold, and a chunk holding nothing is let go of.
        const places = [...ref.cells.values(), ...ops.flatMap((o) => ('row' in o && 'col' in o ? [{ row: o.row, col: o.col }] : []))];
        const perChunk = new Map<string, { held: number; values: number }>();
        for (const c of ref.cells.values()) {
          const k = key(c.row >> 10, c.col);
          const counts = perChunk.get(k) ?? { held: 0, values: 0 };
          counts.held += 1;
          if (c.value !== undefined) counts.values += 1;
          perChunk.set(k, counts);
        }
        for (const { row, col } of places) {
          const counts = perChunk.get(key(row >> 10, col));
          if (counts === undefined) expect(store.chunk(row, col)).toBeUndefined();
          else {
            expect(store.chunk(row, col)?.held).toBe(counts.held);
            expect(store.chunk(row, col)?.values).toBe(counts.values);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives a lone cell a small window of rows, and a full chunk all of its rows', () => {
    const store = new CellStore();
    store.put(1000, 3, 42, false);
    store.put(700, 4, 'text', false);
    store.setFormat(900, 5, '0.00');
    expect(store.chunk(1000, 3)?.num?.length).toBe(32);
    expect(store.chunk(700, 4)?.obj?.length).toBe(32);
    expect(store.chunk(900, 5)?.fmt?.length).toBe(32);
    for (let row = 0; row < 1000; row += 100) store.put(row, 3, row, false);
    expect(store.chunk(0, 3)?.num?.length).toBe(1024);
    expect([store.value(1000, 3), store.value(500, 3), store.value(700, 4), store.format(900, 5)]).toEqual([42, 500, 'text', '0.00']);
  });

  it('keeps a number and text in the same cell apart, and -0 and large numbers exactly', () => {
    const store = new CellStore();
    store.put(5, 2, 'x', false);
    store.put(5, 2, -0, false);
    expect(Object.is(store.value(5, 2), -0)).toBe(true);
    store.put(5, 2, 'text', false);
    expect(store.value(5, 2)).toBe('text');
    store.put(6, 2, Number.MAX_VALUE, false);
    store.put(7, 2, 1e-300, false);
    expect([store.value(6, 2), store.value(7, 2)]).toEqual([Number.MAX_VALUE, 1e-300]);
    expect(store.countValues()).toBe(3);
  });
});
