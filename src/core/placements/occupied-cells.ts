/** The user cells in a write's way: the non-empty cells of a snapshot inside the areas the placement did not hold before. */
import type { CellSnapshot, GridRange } from '../host';
import { compareCells, intersect } from './grid-rect';

/**
 * Non-empty cells of `snap` inside any of `probes`, row-major, at most `max`. Only the probes' cells are looked at: a
 * refresh in place of the same shape has none, and a 300,000 x 16 snapshot is not walked cell by cell for nothing.
 */
export function occupiedCells(snap: CellSnapshot, probes: readonly GridRange[], max: number): Array<{ row: number; col: number }> {
  const { row: top, col: left } = snap.range;
  const found: Array<{ row: number; col: number }> = [];
  for (const probe of probes) {
    const part = intersect(probe, snap.range);
    if (part === null) continue;
    // The first `max` cells overall are among the first `max` of their own probe.
    let taken = 0;
    // A host may answer empty rows with one shared array: a row seen empty here is not walked again.
    let emptyLine: unknown = null;
    for (let row = part.row; row < part.row + part.rows && taken < max; row++) {
      const line = snap.values[row - top];
      if (line === undefined || line === emptyLine) continue;
      const before = taken;
      for (let col = part.col; col < part.col + part.cols && taken < max; col++) {
        const v = line[col - left];
        if (v === null || v === undefined || v === '') continue;
        found.push({ row, col });
        taken += 1;
      }
      if (taken === before) emptyLine = line;
    }
  }
  if (probes.length > 1) found.sort(compareCells);
  const out: Array<{ row: number; col: number }> = [];
  for (const cell of found) {
    if (out.length === max) break;
    const last = out[out.length - 1];
    if (last === undefined || compareCells(last, cell) !== 0) out.push(cell);
  }
  return out;
}
