/** Tests for the fingerprint of written cells: hand edits are found exactly in small and 10,000-row areas, as rows beyond. */
import fc from 'fast-check';
import {
  DEFAULT_FINGERPRINT_BUDGET,
  MAX_LISTED_EDITS,
  cellFingerprintSchema,
  findEditedCells,
  fingerprintCells,
  hasCurrentShape,
  loadFingerprint,
  storeFingerprint,
} from '../../../src/core/changes/fingerprint';
import type { Scalar } from '../../../src/core/host';

function grid(rows: number, cols: number, at: (r: number, c: number) => Scalar = (r, c) => `r${r}c${c}`): Scalar[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => at(r, c)));
}

function edited(values: Scalar[][], edits: ReadonlyArray<readonly [number, number]>): Scalar[][] {
  const copy = values.map((row) => [...row]);
  for (const [r, c] of edits) copy[r]![c] = `hand edit ${r}:${c}`;
  return copy;
}

/** The version 2 fingerprints of the stored-fingerprints table: one hash a cell, and grouped within a small budget. */
const V2_ONE_A_CELL = 'eyKSPoJXed7lSxkAUJ6PjQ_O_b27QbDAA77PcsVUo0GKjm9G6hAZG_JVdrFks54zKvA';
const V2_GROUPED = 'rW8VYQjE04s';

const scalar = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null));

describe('fingerprint of written cells', () => {
  it('finds nothing when the cells are as written, even read back as a host gives them', () => {
    const written = grid(20, 4, (r, c) => (c === 0 ? `Item ${r}` : c === 1 ? r * 0.1 : c === 2 ? r % 2 === 0 : null));
    const readBack = written.map((row) => row.map((v) => (typeof v === 'number' ? Number(v.toPrecision(15)) : v === null ? '' : v)));
    expect(findEditedCells(fingerprintCells(written, 20, 4), readBack, 20, 4)).toEqual({ kind: 'unchanged' });
  });

  it('finds no edit where the typing now writes a number for the exact text it wrote before (integers Excel holds whole)', () => {
    // An Int64 such as 2497475025000000 was once written as text; an existing placement's fingerprint holds that text.
    const texts = ['2497475025000000', '-2497475025000000', '10000000000000000', '1234567890123450000'];
    const asText = [texts];
    const asNumbers = [texts.map(Number)];
    expect(findEditedCells(fingerprintCells(asText, 1, 4), asNumbers, 1, 4)).toEqual({ kind: 'unchanged' });
    expect(findEditedCells(fingerprintCells(asNumbers, 1, 4), asText, 1, 4)).toEqual({ kind: 'unchanged' });
  });

  it('names exactly the cells edited in a small area (one hash a cell)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }).chain((rows) =>
          fc.integer({ min: 1, max: 8 }).chain((cols) =>
            fc.record({
              values: fc.array(fc.array(scalar, { minLength: cols, maxLength: cols }), { minLength: rows, maxLength: rows }),
              edits: fc.uniqueArray(fc.tuple(fc.nat(rows - 1), fc.nat(cols - 1)), {
                minLength: 1,
                maxLength: 6,
                selector: ([r, c]) => `${r}:${c}`,
              }),
            }),
          ),
        ),
        ({ values, edits }) => {
          const rows = values.length;
          const cols = values[0]!.length;
          const found = findEditedCells(fingerprintCells(values, rows, cols), edited(values, edits), rows, cols);
          const expected = [...edits].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([row, col]) => ({ row, col }));
          expect(found).toEqual({
            kind: 'edited',
            cells: expected,
            count: expected.length,
            exact: true,
            firstRow: expected[0]!.row,
            lastRow: expected[expected.length - 1]!.row,
          });
        },
      ),
      { seed: 20261126, numRuns: 200 },
    );
  });

  it('names rows exactly in a 10,000-row area, and the cells when each band has one edited row or column', () => {
    const rows = 10_000;
    const values = grid(rows, 6);
    const fp = fingerprintCells(values, rows, 6);
    expect(fp.rowsPerHash).toBe(1);
    const sameColumn = findEditedCells(
      fp,
      edited(values, [
        [6, 2],
        [8, 2],
        [9_000, 5],
      ]),
      rows,
      6,
    );
    expect(sameColumn).toMatchObject({ kind: 'edited', exact: true, count: 3, firstRow: 6, lastRow: 9_000 });
    const crossed = findEditedCells(
      fp,
      edited(values, [
        [6, 2],
        [8, 3],
      ]),
      rows,
      6,
    );
    // Two rows and two columns in one band: the four crossings are candidates, and the rows are still exact.
    expect(crossed).toMatchObject({ kind: 'edited', exact: false, count: 4, firstRow: 6, lastRow: 8 });
  });

  it('finds the group of rows holding an edit past 10,000 rows', () => {
    const rows = 25_000;
    const values = grid(rows, 3);
    const fp = fingerprintCells(values, rows, 3);
    expect(fp.rowsPerHash).toBe(4);
    const found = findEditedCells(fp, edited(values, [[20_001, 1]]), rows, 3);
    expect(found.kind).toBe('edited');
    if (found.kind !== 'edited') return;
    expect(found.exact).toBe(false);
    expect(found.firstRow).toBeLessThanOrEqual(20_001);
    expect(found.lastRow).toBeGreaterThanOrEqual(20_001);
    expect(found.cells).toContainEqual({ row: 20_001, col: 1 });
  });

  it('caps the listed cells but counts them all', () => {
    const values = grid(40, 40);
    const all = values.flatMap((row, r) => row.map((_, c) => [r, c] as const));
    const found = findEditedCells(fingerprintCells(values, 40, 40), edited(values, all), 40, 40);
    expect(found).toMatchObject({ kind: 'edited', count: 1_600 });
    if (found.kind === 'edited') expect(found.cells).toHaveLength(MAX_LISTED_EDITS);
  });

  it('says when rows or columns were inserted inside the area', () => {
    const fp = fingerprintCells(grid(5, 3), 5, 3);
    expect(findEditedCells(fp, grid(6, 3), 6, 3)).toEqual({ kind: 'reshaped', rows: 6, cols: 3 });
  });

  it('stores compactly, loads back equal and refuses a damaged value', () => {
    const values = grid(10_000, 10);
    const fp = fingerprintCells(values, 10_000, 10);
    const stored = cellFingerprintSchema.parse(JSON.parse(JSON.stringify(storeFingerprint(fp))));
    expect(stored.hashes.length).toBeLessThanOrEqual(
      Math.ceil(((DEFAULT_FINGERPRINT_BUDGET.maxRowHashes + DEFAULT_FINGERPRINT_BUDGET.maxTileHashes) * 16) / 6),
    );
    expect(loadFingerprint(stored)).toEqual(fp);
    expect(loadFingerprint({ ...stored, hashes: stored.hashes.slice(3) })).toBeNull();
    expect(loadFingerprint({ ...stored, rows: 9_999 })).toBeNull();
  });
});

describe('stored fingerprints', () => {
  // Fingerprints live in users' documents: the same cells must give the same stored text in every version of the add-in.
  const values = [
    ['Status', 'Created', 'Amount', 'Ok'],
    ['completed', 45234.541666666664, 12.5, true],
    ['returned', 45235.1, -0.30000000000000004, false],
    ['=1+1', 1e21, null, ''],
    ['Zürich', 1 / 3, 1234567890123456, 'TRUE'],
  ];
  /** Version 1 fingerprints of `values` as earlier versions of the add-in stored them. */
  const storedV1 = [
    {
      v: 1,
      rows: 5,
      cols: 4,
      rowsPerHash: 1,
      tileRows: 1,
      tileCols: 1,
      hashes: 'Ne6-HTmXf806japHmJS4TpDOxxCj5sA40sHSSlANStUX_S_nYKNkImQiBbKNySW70sE',
    },
    { v: 1, rows: 5, cols: 4, rowsPerHash: 3, tileRows: 5, tileCols: 2, hashes: 'NcSRQvmaxUw' },
  ] as const;

  it('keep their hashes from one version to the next', () => {
    expect(storeFingerprint(fingerprintCells(values, 5, 4))).toEqual({
      v: 2,
      rows: 5,
      cols: 4,
      rowsPerHash: 1,
      tileRows: 1,
      tileCols: 1,
      hashes: V2_ONE_A_CELL,
    });
    expect(storeFingerprint(fingerprintCells(values, 5, 4, { maxRowHashes: 2, maxTileHashes: 3 }))).toMatchObject({
      v: 2,
      rowsPerHash: 4,
      tileRows: 8,
      tileCols: 2,
      hashes: V2_GROUPED,
    });
  });

  it.each(storedV1.map((s) => [`${s.rowsPerHash} row(s) a hash`, s] as const))(
    'of version 1 still find the cells as written, and an edit (%s)',
    (_what, stored) => {
      const fp = loadFingerprint(cellFingerprintSchema.parse(stored));
      expect(fp?.version).toBe(1);
      if (!fp) return;
      expect(findEditedCells(fp, values, 5, 4)).toEqual({ kind: 'unchanged' });
      const found = findEditedCells(fp, edited(values, [[2, 1]]), 5, 4);
      expect(found.kind).toBe('edited');
      if (found.kind === 'edited') expect(found.cells).toContainEqual({ row: 2, col: 1 });
      expect(hasCurrentShape(fp)).toBe(false);
    },
  );

  it('of another version are refused', () => {
    expect(cellFingerprintSchema.safeParse({ ...storedV1[0], v: 3 }).success).toBe(false);
  });
});
