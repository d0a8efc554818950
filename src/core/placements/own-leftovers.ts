/**
 * The leftovers a write may clear: cells of the placement's previous area outside its new one that the placement's
 * fingerprint shows the add-in wrote and still hold what it wrote, never inside another placement. The tracked area and
 * the record come from the document, which any editor can change: only the fingerprint's match vouches for a cell.
 */
import type { CellSnapshot, GridRange } from '../host';
import { writtenCellsSteps, type CellFingerprint, type WrittenCell } from '../changes/fingerprint';
import { subtract } from './grid-rect';
import { areaValues } from './hand-edits';

/**
 * The ranges a write of `newArea` may have to clear: `previousArea` less the new area and every other placement's area,
 * or none when no fingerprint of the previous area's shape vouches for its cells (none stored, or rows or columns were
 * inserted or deleted inside it, or the area was changed in the document): those cells are left as they are.
 */
export function leftoverCandidates(
  previousArea: GridRange | null,
  newArea: GridRange,
  others: readonly GridRange[],
  fp: CellFingerprint | null,
): GridRange[] {
  if (!previousArea || !fp || fp.rows !== previousArea.rows || fp.cols !== previousArea.cols) return [];
  let pieces = subtract(previousArea, newArea);
  for (const other of others) pieces = pieces.flatMap((piece) => subtract(piece, other));
  return pieces;
}

/**
 * The parts of `candidates` whose cells still hold what the add-in wrote (checked against `fp` over `previousArea` as
 * `snapshots` read it before the write), as rectangles: runs of such cells along each row, equal runs of consecutive rows
 * joined. A stepped pass (it hashes the whole previous area).
 */
export function* vouchedLeftoversSteps(
  fp: CellFingerprint,
  snapshots: readonly CellSnapshot[],
  previousArea: GridRange,
  candidates: readonly GridRange[],
): Generator<void, GridRange[], void> {
  if (candidates.length === 0) return [];
  const written = yield* writtenCellsSteps(fp, areaValues(snapshots, previousArea));
  return candidates.flatMap((c) => vouchedRects(c, previousArea, written));
}

/** The cells of `c` that `written` vouches for (0-based in `area`), as rectangles. */
function vouchedRects(c: GridRange, area: GridRange, written: WrittenCell): GridRange[] {
  const out: GridRange[] = [];
  /** The rectangles still growing downwards, by their column run ("col:cols"). */
  let open = new Map<string, GridRange>();
  for (let row = c.row; row < c.row + c.rows; row++) {
    const next = new Map<string, GridRange>();
    let col = c.col;
    while (col < c.col + c.cols) {
      if (!written(row - area.row, col - area.col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < c.col + c.cols && written(row - area.row, col - area.col)) col++;
      const key = `${start}:${col - start}`;
      const above = open.get(key);
      if (above) {
        above.rows++;
        next.set(key, above);
        open.delete(key);
      } else {
        const rect = { sheetId: c.sheetId, row, col: start, rows: 1, cols: col - start };
        out.push(rect);
        next.set(key, rect);
      }
    }
    open = next;
  }
  return out;
}
