/** The version 2 fingerprint built row by row, in any order, with the row count known only at the end. */
import { createFingerprintBuilder } from '../../../src/core/changes/fingerprint-builder';
import { fingerprintCells, findEditedCells, hasCurrentShape, DEFAULT_FINGERPRINT_BUDGET } from '../../../src/core/changes/fingerprint';
import type { Scalar } from '../../../src/core/host';

const SMALL = { maxRowHashes: 8, maxTileHashes: 12 };

function grid(rows: number, cols: number): Scalar[][] {
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c): Scalar => (c % 3 === 0 ? `r${r}c${c}` : c % 3 === 1 ? r * 0.25 + c : r % 2 === 0)),
  );
}

/** A fixed shuffle of 0…n-1 (a linear congruential walk), so a failure reproduces. */
function shuffled(n: number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  let seed = 12345;
  for (let i = n - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  return out;
}

describe('the fingerprint builder', () => {
  const sizes = [0, 1, 7, 8, 9, 15, 16, 17, 100];
  const widths = [1, 3, 13];
  const orders: Array<[string, (n: number) => number[]]> = [
    ['in order', (n) => Array.from({ length: n }, (_, i) => i)],
    ['in reverse', (n) => Array.from({ length: n }, (_, i) => n - 1 - i)],
    ['shuffled', shuffled],
    // The header row last, as a streamed insert adds it once its titles are known.
    ['row 0 last', (n) => [...Array.from({ length: Math.max(0, n - 1) }, (_, i) => i + 1), ...(n > 0 ? [0] : [])]],
  ];

  it.each(orders)('gives exactly the fingerprint of the whole area, rows added %s', (_how, order) => {
    for (const rows of sizes)
      for (const cols of widths) {
        const values = grid(rows, cols);
        const builder = createFingerprintBuilder(cols, SMALL);
        for (const r of order(rows)) builder.addRow(r, values[r] ?? []);
        expect({ rows, cols, fp: builder.finish(rows) }).toEqual({ rows, cols, fp: fingerprintCells(values, rows, cols, SMALL) });
      }
  });

  it('gives the same fingerprint where a column repeats a few texts, where one has more distinct texts than it keeps, and where texts are long', () => {
    const rows = 12_000;
    const long = 'x'.repeat(80);
    const values = Array.from({ length: rows }, (_, r): Scalar[] => [
      ['Shipped', 'Pending', 'Returned', ''][r % 4] as string,
      `customer ${r}`,
      r % 3 === 0 ? `${long}${r % 2}` : r * 0.5,
      r % 5 === 0 ? null : `Berlin ${r % 7}`,
    ]);
    const builder = createFingerprintBuilder(4, DEFAULT_FINGERPRINT_BUDGET);
    for (let r = 0; r < rows; r++) builder.addRow(r, values[r] ?? []);
    expect(builder.finish(rows)).toEqual(fingerprintCells(values, rows, 4));
  });

  it('stays within the budget whatever the row count', () => {
    const builder = createFingerprintBuilder(4, DEFAULT_FINGERPRINT_BUDGET);
    const row: Scalar[] = ['a', 1, true, null];
    for (let r = 0; r < 100_000; r++) builder.addRow(r, row);
    const fp = builder.finish(100_000);
    expect(fp.rowHashes.length).toBeLessThanOrEqual(DEFAULT_FINGERPRINT_BUDGET.maxRowHashes);
    expect(fp.tileHashes.length).toBeLessThanOrEqual(DEFAULT_FINGERPRINT_BUDGET.maxTileHashes);
    expect(hasCurrentShape(fp)).toBe(true);
    expect(fp.version).toBe(2);
  });

  it('refuses to finish when a row was not added', () => {
    const builder = createFingerprintBuilder(2, SMALL);
    builder.addRow(0, ['a', 'b']);
    expect(() => builder.finish(2)).toThrow(/2 rows was given 1/);
  });
});

describe('a version 2 fingerprint', () => {
  const values = grid(6, 4);

  it('finds a one-cell edit exactly when it keeps a hash a cell', () => {
    const fp = fingerprintCells(values, 6, 4);
    const copy = values.map((row) => [...row]);
    copy[4]![2] = 'typed over';
    expect(findEditedCells(fp, copy, 6, 4)).toMatchObject({ kind: 'edited', exact: true, cells: [{ row: 4, col: 2 }] });
  });

  it('finds two rows swapped, and two cells of a row swapped', () => {
    const fp = fingerprintCells(values, 6, 4);
    const rows = [values[0], values[2], values[1], ...values.slice(3)] as Scalar[][];
    expect(findEditedCells(fp, rows, 6, 4)).toMatchObject({ kind: 'edited', firstRow: 1, lastRow: 2 });
    const cells = values.map((row, r) => (r === 3 ? [row[1], row[0], row[2], row[3]] : row)) as Scalar[][];
    expect(findEditedCells(fp, cells, 6, 4)).toMatchObject({
      kind: 'edited',
      exact: true,
      cells: [
        { row: 3, col: 0 },
        { row: 3, col: 1 },
      ],
    });
  });

  it('names the candidate cells of an edit when it groups rows and cells', () => {
    const many = grid(100, 13);
    const fp = fingerprintCells(many, 100, 13, SMALL);
    expect(fp.rowsPerHash).toBeGreaterThan(1);
    const copy = many.map((row) => [...row]);
    copy[57]![11] = 'typed over';
    const found = findEditedCells(fp, copy, 100, 13);
    expect(found).toMatchObject({ kind: 'edited', exact: false });
    if (found.kind === 'edited') expect(found.cells).toContainEqual({ row: 57, col: 11 });
  });

  it('is of the current shape, and one of another shape is not', () => {
    const fp = fingerprintCells(values, 6, 4);
    expect(hasCurrentShape(fp)).toBe(true);
    expect(hasCurrentShape({ ...fp, rowsPerHash: 2 })).toBe(false);
  });
});
