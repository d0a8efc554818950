/**
 * A compact fingerprint of the cells the add-in wrote (16-bit hashes of rows and of small tiles), kept in the document so
 * that hand edits inside a placement are found later: after the pane was closed, the file reopened, or in a copy.
 */
import { z } from 'zod';
import type { Scalar } from '../host';
import { MAX_AREA_CELLS, MAX_SHEET_COLS, MAX_SHEET_ROWS } from '../placements/record-bounds';
import { FNV_OFFSET } from './cell-key-hash';
import { ChainSums, chainRow, fold16, shapeV2 } from './fingerprint-builder';
import type { CellFingerprint, FingerprintBudget, FingerprintShape } from './fingerprint-types';
import { decodeHashes, encodeHashes } from './hash-codec';

export type { CellFingerprint, FingerprintBudget, FingerprintShape } from './fingerprint-types';

export const DEFAULT_FINGERPRINT_BUDGET: FingerprintBudget = { maxRowHashes: 10_000, maxTileHashes: 2_000 };
/** Hashes a stored fingerprint may hold: the default budget's with room for a version-1 cut (more is refused unread). */
const MAX_STORED_HASHES = 4 * (DEFAULT_FINGERPRINT_BUDGET.maxRowHashes + DEFAULT_FINGERPRINT_BUDGET.maxTileHashes);

/**
 * The fingerprint's stored form (a document value: parsed with this schema before use). Version 1 hashes each row
 * group and tile as one chain over its cells, cut by the area's row count; version 2 (fingerprint-builder.ts) sums
 * each row's chains placed at its row, cut by powers of two, so it is built while rows still stream in. Both are read.
 */
export const cellFingerprintSchema = z
  .object({
    v: z.union([z.literal(1), z.literal(2)]),
    rows: z.number().int().nonnegative().max(MAX_SHEET_ROWS),
    cols: z.number().int().nonnegative().max(MAX_SHEET_COLS),
    rowsPerHash: z.number().int().positive().max(MAX_SHEET_ROWS),
    tileRows: z.number().int().positive().max(MAX_SHEET_ROWS),
    tileCols: z.number().int().positive().max(MAX_SHEET_COLS),
    /** Row-group hashes, then tile hashes (row-major over tiles), packed by `encodeHashes`. */
    hashes: z.string().max(MAX_STORED_HASHES * 3),
  })
  .refine((f) => f.rows * f.cols <= MAX_AREA_CELLS, { message: `the fingerprint spans more than ${MAX_AREA_CELLS} cells` })
  .refine(
    (f) => {
      const grid = tileGrid(f.rows, f.cols, f.rowsPerHash, f.tileRows, f.tileCols);
      return grid.rowGroups + grid.tilesAcross * grid.tilesDown <= MAX_STORED_HASHES;
    },
    { message: `the fingerprint holds more than ${MAX_STORED_HASHES} hashes` },
  );
export type StoredFingerprint = z.infer<typeof cellFingerprintSchema>;

/** A cell inside a placement's area, 0-based from its top-left cell. */
export interface AreaCell {
  row: number;
  col: number;
}

function tileGrid(rows: number, cols: number, rowsPerHash: number, tileRows: number, tileCols: number) {
  return {
    rowGroups: Math.ceil(rows / rowsPerHash),
    tilesAcross: Math.ceil(cols / tileCols),
    tilesDown: Math.ceil(rows / tileRows),
  };
}

/** Cells one step of a stepped pass goes through before it lets the host's page run (a few milliseconds of work). */
export const CELLS_PER_STEP = 20_000;

/** Runs a stepped pass to its end at once (where nothing waits for the page). */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** Hashes of `values` (rows x cols; a short row reads as empty cells) cut as the given shape says, in its version. */
function* hashCellsSteps(
  values: ReadonlyArray<ReadonlyArray<Scalar>>,
  shape: FingerprintShape,
): Generator<void, { rowHashes: number[]; tileHashes: number[] }, void> {
  if (shape.version === 1) return yield* hashCellsV1Steps(values, shape);
  const sums = new ChainSums(shape.cols, shape.tileCols, shape.rowsPerHash, shape.tileRows);
  let sinceStep = 0;
  for (let r = 0; r < shape.rows; r++) {
    sinceStep += shape.cols;
    if (sinceStep >= CELLS_PER_STEP) {
      sinceStep = 0;
      yield;
    }
    sums.add(r, values[r]);
  }
  return sums.hashes(shape.rows);
}

/** Version 1 hashes: one FNV-1a chain over each row group's cells and over each tile's, in order. */
function* hashCellsV1Steps(
  values: ReadonlyArray<ReadonlyArray<Scalar>>,
  shape: FingerprintShape,
): Generator<void, { rowHashes: number[]; tileHashes: number[] }, void> {
  const { rows, cols, rowsPerHash, tileRows, tileCols } = shape;
  const grid = tileGrid(rows, cols, rowsPerHash, tileRows, tileCols);
  const rowHashes = new Array<number>(grid.rowGroups).fill(FNV_OFFSET);
  const tileHashes = new Array<number>(grid.tilesAcross * grid.tilesDown).fill(FNV_OFFSET);
  let sinceStep = 0;
  for (let r = 0; r < rows; r++) {
    sinceStep += cols;
    if (sinceStep >= CELLS_PER_STEP) {
      sinceStep = 0;
      yield;
    }
    const row = values[r];
    const group = Math.floor(r / rowsPerHash);
    const tileBase = Math.floor(r / tileRows) * grid.tilesAcross;
    // The group's and the tiles' chains go on from the rows above.
    rowHashes[group] = chainRow(row, cols, tileCols, rowHashes[group] ?? FNV_OFFSET, tileHashes, tileBase);
  }
  return { rowHashes: rowHashes.map(fold16), tileHashes: tileHashes.map(fold16) };
}

/** The fingerprint of a written area's values (rows x cols), within `budget`. */
export function fingerprintCells(
  values: ReadonlyArray<ReadonlyArray<Scalar>>,
  rows: number,
  cols: number,
  budget: FingerprintBudget = DEFAULT_FINGERPRINT_BUDGET,
): CellFingerprint {
  return runSteps(fingerprintCellsSteps(values, rows, cols, budget));
}

/** fingerprintCells as a stepped pass (a step every CELLS_PER_STEP cells). */
export function* fingerprintCellsSteps(
  values: ReadonlyArray<ReadonlyArray<Scalar>>,
  rows: number,
  cols: number,
  budget: FingerprintBudget = DEFAULT_FINGERPRINT_BUDGET,
): Generator<void, CellFingerprint, void> {
  const shape = fingerprintShape(rows, cols, budget);
  return { ...shape, ...(yield* hashCellsSteps(values, shape)) };
}

/** How a fingerprint of rows x cols made today (version 2) cuts its hashes within `budget`. */
export function fingerprintShape(rows: number, cols: number, budget: FingerprintBudget = DEFAULT_FINGERPRINT_BUDGET): FingerprintShape {
  return shapeV2(rows, cols, budget);
}

/** True when a fingerprint is cut as `fingerprintShape` would cut one of its size today (a version 1 one never is). */
export function hasCurrentShape(fp: CellFingerprint, budget: FingerprintBudget = DEFAULT_FINGERPRINT_BUDGET): boolean {
  const shape = fingerprintShape(fp.rows, fp.cols, budget);
  return (
    fp.version === shape.version && shape.rowsPerHash === fp.rowsPerHash && shape.tileRows === fp.tileRows && shape.tileCols === fp.tileCols
  );
}

export function storeFingerprint(fp: CellFingerprint): StoredFingerprint {
  const { rows, cols, rowsPerHash, tileRows, tileCols } = fp;
  return { v: fp.version, rows, cols, rowsPerHash, tileRows, tileCols, hashes: encodeHashes([...fp.rowHashes, ...fp.tileHashes]) };
}

/** A stored fingerprint ready to compare, or `null` when it is damaged (its hashes do not match its shape). */
export function loadFingerprint(stored: StoredFingerprint): CellFingerprint | null {
  const { rows, cols, rowsPerHash, tileRows, tileCols } = stored;
  const grid = tileGrid(rows, cols, rowsPerHash, tileRows, tileCols);
  const hashes = decodeHashes(stored.hashes, grid.rowGroups + grid.tilesAcross * grid.tilesDown);
  if (!hashes) return null;
  return {
    version: stored.v,
    rows,
    cols,
    rowsPerHash,
    tileRows,
    tileCols,
    rowHashes: hashes.slice(0, grid.rowGroups),
    tileHashes: hashes.slice(grid.rowGroups),
  };
}

/** Whether a cell (0-based in the area) still holds what the add-in wrote there. */
export type WrittenCell = (row: number, col: number) => boolean;

/**
 * Which cells of an area of the fingerprint's own shape (`values`, rows x cols as it is) still hold what the add-in
 * wrote: a cell counts when its tile's hash matches and so does its row group's (a cell edited since is missed with odds
 * about 1 in 4 billion), or its tile is that one cell (1 in 65,536). A stepped pass.
 */
export function* writtenCellsSteps(fp: CellFingerprint, values: ReadonlyArray<ReadonlyArray<Scalar>>): Generator<void, WrittenCell, void> {
  const now = yield* hashCellsSteps(values, fp);
  const tilesAcross = Math.ceil(fp.cols / fp.tileCols);
  const oneCellTiles = fp.tileRows === 1 && fp.tileCols === 1;
  return (row, col) => {
    const group = Math.floor(row / fp.rowsPerHash);
    const tile = Math.floor(row / fp.tileRows) * tilesAcross + Math.floor(col / fp.tileCols);
    if (now.tileHashes[tile] !== fp.tileHashes[tile]) return false;
    return oneCellTiles || now.rowHashes[group] === fp.rowHashes[group];
  };
}

/** What differs between a fingerprint and the cells now in its area. */
export type EditedCells =
  | { kind: 'unchanged' }
  /** Rows or columns were inserted or deleted inside the area: cells cannot be matched to what was written. */
  | { kind: 'reshaped'; rows: number; cols: number }
  | {
      kind: 'edited';
      /** Cells that differ in row-major order (every candidate cell when `exact` is false), the first MAX_LISTED_EDITS. */
      cells: AreaCell[];
      /** How many cells differ (or may differ, when `exact` is false). */
      count: number;
      /** True when `cells` are exactly the edited cells; false when they are the cells that may have been edited. */
      exact: boolean;
      firstRow: number;
      lastRow: number;
    };

/** Cells `findEditedCells` lists at most (the count goes on): enough to name, locate and select them. */
export const MAX_LISTED_EDITS = 1_000;

/** Compares the cells now in the area (rows x cols as they are now) with the fingerprint of what was written. */
export function findEditedCells(
  fp: CellFingerprint,
  values: ReadonlyArray<ReadonlyArray<Scalar>>,
  rows: number,
  cols: number,
): EditedCells {
  return runSteps(findEditedCellsSteps(fp, values, rows, cols));
}

/** findEditedCells as a stepped pass (a step every CELLS_PER_STEP cells hashed). */
export function* findEditedCellsSteps(
  fp: CellFingerprint,
  values: ReadonlyArray<ReadonlyArray<Scalar>>,
  rows: number,
  cols: number,
): Generator<void, EditedCells, void> {
  if (rows !== fp.rows || cols !== fp.cols) return { kind: 'reshaped', rows, cols };
  const now = yield* hashCellsSteps(values, fp);
  const tilesAcross = Math.ceil(fp.cols / fp.tileCols);
  const editedRow = (r: number) => now.rowHashes[Math.floor(r / fp.rowsPerHash)] !== fp.rowHashes[Math.floor(r / fp.rowsPerHash)];
  const editedTile = (t: number) => now.tileHashes[t] !== fp.tileHashes[t];
  const cells: AreaCell[] = [];
  let count = 0;
  let firstRow = -1;
  let lastRow = -1;
  let exact = fp.rowsPerHash === 1 && fp.tileCols === 1;
  for (let band = 0; band * fp.tileRows < rows; band++) {
    const first = band * fp.tileRows;
    const last = Math.min(rows, first + fp.tileRows) - 1;
    const bandRows: number[] = [];
    for (let r = first; r <= last; r++) if (editedRow(r)) bandRows.push(r);
    const bandCols: number[] = [];
    for (let t = 0; t < tilesAcross; t++) {
      if (!editedTile(band * tilesAcross + t)) continue;
      for (let c = t * fp.tileCols; c < Math.min(cols, (t + 1) * fp.tileCols); c++) bandCols.push(c);
    }
    if (bandRows.length === 0 && bandCols.length === 0) continue;
    // One side without evidence is a hash collision on it: every cell of the other side's rows or columns is a candidate.
    const candRows = bandRows.length > 0 ? bandRows : range(first, last);
    const candCols = bandCols.length > 0 ? bandCols : range(0, cols - 1);
    if (bandRows.length === 0 || bandCols.length === 0) exact = false;
    else if (fp.tileRows > 1 && bandRows.length > 1 && bandCols.length > 1) exact = false;
    // Bands run top to bottom and each lists its rows and columns in order: `cells` comes out row-major.
    count += candRows.length * candCols.length;
    if (firstRow < 0) firstRow = candRows[0] ?? first;
    lastRow = candRows[candRows.length - 1] ?? last;
    for (const r of candRows) {
      if (cells.length >= MAX_LISTED_EDITS) break;
      for (const c of candCols) if (cells.length < MAX_LISTED_EDITS) cells.push({ row: r, col: c });
    }
  }
  if (count === 0) return { kind: 'unchanged' };
  return { kind: 'edited', cells, count, exact, firstRow, lastRow };
}

function range(first: number, last: number): number[] {
  const out: number[] = [];
  for (let i = first; i <= last; i++) out.push(i);
  return out;
}
