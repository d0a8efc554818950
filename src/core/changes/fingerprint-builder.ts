/**
 * The version 2 fingerprint's hashes, built row by row in any order while the row count is still unknown: the FNV-1a
 * chain of each tile column's cells in a row is mixed with its position and summed into its tile and (through the row's
 * mixed sum) its row group, and sums of a group and of its neighbour add up to the sum of both, so the groups grow
 * (pairs merged) as rows come in and the builder stays within the budget whatever the count.
 */
import type { Scalar } from '../host';
import { FNV_OFFSET, FNV_PRIME, hashCellKey } from './cell-key-hash';
import type { CellFingerprint, FingerprintBudget, FingerprintShape } from './fingerprint-types';
import { TextChainMemo } from './text-chain-memo';

/** The separator hashed after each cell's key. */
const CELL_END = 0x1f;

/** A 32-bit hash folded to the 16 bits a fingerprint keeps. */
export function fold16(hash: number): number {
  return ((hash >>> 16) ^ hash) & 0xffff;
}

/**
 * FNV-1a over a row's cells (each cell's key, then a separator), for the row's chain (from `rowChain`) and
 * for its tile columns' chains (`chains[base + t]`, continued from what they hold): the row's chain is returned.
 */
export function chainRow(
  row: ReadonlyArray<Scalar> | undefined,
  cols: number,
  tileCols: number,
  rowChain: number,
  chains: number[],
  base: number,
): number {
  let chain = rowChain;
  for (let c = 0; c < cols; c++) {
    const value = row?.[c];
    const t = base + Math.floor(c / tileCols);
    chain = Math.imul(hashCellKey(chain, value) ^ CELL_END, FNV_PRIME);
    chains[t] = Math.imul(hashCellKey(chains[t] ?? FNV_OFFSET, value) ^ CELL_END, FNV_PRIME);
  }
  return chain;
}

/** The chain of a tile of one cell: FNV-1a over its key, then the separator. */
function oneCellChain(value: Scalar | undefined): number {
  return Math.imul(hashCellKey(FNV_OFFSET, value) ^ CELL_END, FNV_PRIME);
}

/** Murmur3's finalizer: every input bit moves every output bit, so sums of mixed chains do not cancel by pattern. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A tile column's chain placed at row `r`, tile column `t`: the same cells elsewhere sum to another value. */
function placed(chain: number, r: number, t: number): number {
  return fmix32(chain ^ Math.imul(r + 1, 0x9e3779b1) ^ Math.imul(t + 1, 0x27d4eb2f));
}

/** Tile columns across `cols` columns cut `tileCols` wide. */
export function tilesAcross(cols: number, tileCols: number): number {
  return Math.ceil(cols / tileCols);
}

/** The smallest power of two `p` with ceil(rows / p) <= most (1 when rows fit as they are). */
function powerOfTwoAtLeast(rows: number, most: number): number {
  let p = 1;
  while (Math.ceil(rows / p) > most) p *= 2;
  return p;
}

/** The version 2 shape of a rows x cols area within `budget`: rows grouped and tiles cut by powers of two. */
export function shapeV2(rows: number, cols: number, budget: FingerprintBudget): FingerprintShape {
  const across = Math.max(1, Math.min(cols, budget.maxTileHashes));
  const tileCols = Math.max(1, Math.ceil(cols / across));
  const tilesDown = Math.max(1, Math.floor(budget.maxTileHashes / Math.max(1, tilesAcross(cols, tileCols))));
  return {
    version: 2,
    rows,
    cols,
    rowsPerHash: powerOfTwoAtLeast(rows, budget.maxRowHashes),
    tileRows: powerOfTwoAtLeast(rows, tilesDown),
    tileCols,
  };
}

/**
 * Sums of placed chains at fixed granularities: `rowsPerHash` rows a row group, `tileRows` rows a band of tiles. Adding
 * row r hashes each of its cells once, into its tile column's chain; the row's group takes the mixed sum of the row's
 * placed chains, so a cell's edit moves both its tile's and its group's sum.
 */
export class ChainSums {
  rowSums: number[] = [];
  tileSums: number[] = [];
  private readonly across: number;
  /** Tiles one column wide: each tile column's texts met before (a one-cell chain depends on the cell alone). */
  private readonly memos: TextChainMemo[] | null;

  constructor(
    readonly cols: number,
    readonly tileCols: number,
    public rowsPerHash: number,
    public tileRows: number,
  ) {
    this.across = tilesAcross(cols, tileCols);
    this.memos = tileCols === 1 ? Array.from({ length: this.across }, () => new TextChainMemo()) : null;
  }

  /** Hashes row `r` (a short row reads as empty cells) into its band's tiles and its group. */
  add(r: number, row: ReadonlyArray<Scalar> | undefined): void {
    const { cols, tileCols, across, memos } = this;
    const base = Math.floor(r / this.tileRows) * across;
    while (this.tileSums.length < base + across) this.tileSums.push(0);
    let rowSum = 0;
    for (let t = 0, c = 0; t < across; t++) {
      // FNV-1a over the tile column's cells: each cell's key, then a separator.
      let chain = FNV_OFFSET;
      if (memos !== null) {
        const value = row?.[c++];
        chain = typeof value === 'string' ? (memos[t] as TextChainMemo).chain(value, oneCellChain) : oneCellChain(value);
      } else {
        for (const end = Math.min(cols, c + tileCols); c < end; c++) {
          chain = Math.imul(hashCellKey(chain, row?.[c]) ^ CELL_END, FNV_PRIME);
        }
      }
      const value = placed(chain, r, t);
      rowSum = (rowSum + value) | 0;
      this.tileSums[base + t] = ((this.tileSums[base + t] ?? 0) + value) | 0;
    }
    const group = Math.floor(r / this.rowsPerHash);
    while (this.rowSums.length <= group) this.rowSums.push(0);
    this.rowSums[group] = ((this.rowSums[group] ?? 0) + fmix32(rowSum)) | 0;
  }

  /** Twice as many rows a group: neighbouring groups' sums added. */
  mergeRows(): void {
    this.rowSums = pairSums(this.rowSums, 1);
    this.rowsPerHash *= 2;
  }

  /** Twice as many rows a band of tiles: neighbouring bands' sums added tile by tile. */
  mergeTiles(): void {
    this.tileSums = pairSums(this.tileSums, this.across);
    this.tileRows *= 2;
  }

  /** The hashes of an area of `rows` rows: every group and band it has (one never added sums to nothing), folded. */
  hashes(rows: number): { rowHashes: number[]; tileHashes: number[] } {
    const groups = Math.ceil(rows / this.rowsPerHash);
    const tiles = Math.ceil(rows / this.tileRows) * this.across;
    return {
      rowHashes: Array.from({ length: groups }, (_, g) => fold16(this.rowSums[g] ?? 0)),
      tileHashes: Array.from({ length: tiles }, (_, k) => fold16(this.tileSums[k] ?? 0)),
    };
  }
}

/** Sums of neighbouring runs of `width` entries: runs 0 and 1 make the new run 0, runs 2 and 3 run 1... */
function pairSums(sums: readonly number[], width: number): number[] {
  const runs = Math.ceil(sums.length / width);
  const out = new Array<number>(Math.ceil(runs / 2) * width).fill(0);
  for (let k = 0; k < sums.length; k++) {
    const run = Math.floor(k / width);
    const at = Math.floor(run / 2) * width + (k % width);
    out[at] = ((out[at] ?? 0) + (sums[k] ?? 0)) | 0;
  }
  return out;
}

/** Builds a version 2 fingerprint from rows added one at a time, in any order, each once. */
export interface FingerprintBuilder {
  /** Hashes row `rowIndex` of the area (0-based). */
  addRow(rowIndex: number, row: ReadonlyArray<Scalar>): void;
  /** The fingerprint of an area of `rows` rows; every row 0…rows-1 must have been added once. */
  finish(rows: number): CellFingerprint;
}

/** A FingerprintBuilder for an area `cols` columns wide within `budget`; its sums never pass the budget's counts. */
export function createFingerprintBuilder(cols: number, budget: FingerprintBudget): FingerprintBuilder {
  const shape = shapeV2(1, cols, budget);
  const sums = new ChainSums(cols, shape.tileCols, 1, 1);
  const tilesDown = Math.max(1, Math.floor(budget.maxTileHashes / Math.max(1, tilesAcross(cols, shape.tileCols))));
  let added = 0;
  return {
    addRow(r, row) {
      // Groups grow before a row would open one past the budget (the final shape's are at least as large).
      while (Math.floor(r / sums.rowsPerHash) >= budget.maxRowHashes) sums.mergeRows();
      while (Math.floor(r / sums.tileRows) >= tilesDown) sums.mergeTiles();
      sums.add(r, row);
      added++;
    },
    finish(rows) {
      if (added !== rows) throw new Error(`A fingerprint of ${rows} rows was given ${added}.`);
      const final = shapeV2(rows, cols, budget);
      while (sums.rowsPerHash < final.rowsPerHash) sums.mergeRows();
      while (sums.tileRows < final.tileRows) sums.mergeTiles();
      return { ...final, ...sums.hashes(rows) };
    },
  };
}
