/** The fingerprint's types: a fingerprint ready to compare, its shape, and the budget its hashes are cut within. */

/**
 * How many hashes a fingerprint may hold. Rows are named exactly up to `maxRowHashes` rows (groups of rows beyond);
 * tiles of cells share `maxTileHashes`, so small reports get one hash a cell. 16-bit hashes keep a 10,000-row report's
 * fingerprint near 27 KB of text, within Apps Script's 500 KB document store; an edit is missed with odds 1 in 65,536.
 */
export interface FingerprintBudget {
  maxRowHashes: number;
  maxTileHashes: number;
}

/** A fingerprint ready to compare. */
export interface CellFingerprint {
  /** How its hashes are made (see cellFingerprintSchema in fingerprint.ts). */
  version: 1 | 2;
  rows: number;
  cols: number;
  rowsPerHash: number;
  tileRows: number;
  tileCols: number;
  rowHashes: number[];
  tileHashes: number[];
}

/** The shape of a fingerprint: how its rows are grouped and its cells cut into tiles. */
export type FingerprintShape = Omit<CellFingerprint, 'rowHashes' | 'tileHashes'>;
