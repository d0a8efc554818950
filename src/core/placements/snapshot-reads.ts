/** Snapshots of several ranges read in as few host calls as the host's read limits allow (ranges cut into row bands when needed). */
import { READ_BYTES_PER_CELL, type CellSnapshot, type GridRange, type HostLimits } from '../host';

/** Cells one read may cover under `limits` (at least one row of the widest range is always read). */
function cellsPerRead(limits: Pick<HostLimits, 'maxCellsPerRead' | 'maxBytesPerRead'>): number {
  return Math.max(1, Math.min(limits.maxCellsPerRead, Math.floor(limits.maxBytesPerRead / READ_BYTES_PER_CELL)));
}

/** Reads, in order: each a list of row bands whose cells together fit one read. */
export function planReads(ranges: readonly GridRange[], limits: Pick<HostLimits, 'maxCellsPerRead' | 'maxBytesPerRead'>): GridRange[][] {
  const budget = cellsPerRead(limits);
  const reads: GridRange[][] = [];
  let current: GridRange[] = [];
  let cells = 0;
  for (const range of ranges) {
    if (range.rows <= 0 || range.cols <= 0) continue;
    const rowsPerBand = Math.max(1, Math.floor(budget / range.cols));
    for (let row = range.row; row < range.row + range.rows; row += rowsPerBand) {
      const band: GridRange = { ...range, row, rows: Math.min(rowsPerBand, range.row + range.rows - row) };
      const n = band.rows * band.cols;
      if (current.length > 0 && cells + n > budget) {
        reads.push(current);
        current = [];
        cells = 0;
      }
      current.push(band);
      cells += n;
    }
  }
  if (current.length > 0) reads.push(current);
  return reads;
}

/** One snapshot per range of `ranges` (bands joined back), read with `read` (one host call per planned read). */
export async function readSnapshots(
  ranges: readonly GridRange[],
  limits: Pick<HostLimits, 'maxCellsPerRead' | 'maxBytesPerRead'>,
  read: (bands: readonly GridRange[]) => Promise<CellSnapshot[]>,
): Promise<CellSnapshot[]> {
  const out: CellSnapshot[] = ranges.map((range) => ({ range: { ...range }, values: [], formats: [], bold: [] }));
  const bands: CellSnapshot[] = [];
  for (const group of planReads(ranges, limits)) bands.push(...(await read(group)));
  // Bands come back in the order of `ranges`, top to bottom within each; a range read whole keeps its band's rows.
  let k = 0;
  for (const snap of out) {
    const { rows, cols } = snap.range;
    if (rows <= 0 || cols <= 0) continue;
    const mine: CellSnapshot[] = [];
    for (let got = 0; got < rows;) {
      const band = bands[k++];
      if (band === undefined) break;
      mine.push(band);
      got += band.values.length;
    }
    snap.values = joined(mine.map((b) => b.values));
    snap.formats = joined(mine.map((b) => b.formats));
    snap.bold = joined(mine.map((b) => b.bold));
  }
  return out;
}

/** The rows of several bands, top to bottom (a single band's own array). */
function joined<T>(parts: readonly T[][]): T[] {
  if (parts.length === 1) return parts[0] ?? [];
  return ([] as T[]).concat(...parts);
}
