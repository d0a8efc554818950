/** The placement planner: where a result of a new shape goes, what it leaves to clear, and what blocks it. */
import { AddinError } from '../errors/addin-error';
import { formatCellRef } from '../cells/a1';
import type { GridRange } from '../host';
import { compareCells, containsCell, intersect, subtract } from './grid-rect';

/** Another placement's area, with what names it in a message. */
export interface PlacementArea extends GridRange {
  placementId?: string;
  name?: string;
}

export interface PlanInput {
  sheetId: string;
  anchor: { row: number; col: number };
  newShape: { rows: number; cols: number };
  /** The placement's own current area (null on insert). */
  previousArea: GridRange | null;
  /** Non-empty cells found inside the new area (host.occupiedCells), any order. */
  occupied: ReadonlyArray<{ row: number; col: number }>;
  /** Current areas of the other placements. */
  otherAreas: ReadonlyArray<PlacementArea>;
  limits: { maxRows: number; maxCols: number };
  /** Overwrite user cells in the new area (other placements still block). */
  overwrite?: boolean;
  /** The placement's name, for messages. */
  name?: string;
}

export interface PlacementPlan {
  /** Exactly the new area. */
  write: GridRange;
  /** Leftovers of the previous area outside the new one and every other placement's area, disjoint. */
  clear: GridRange[];
  /** User cells the write replaces (only with `overwrite`). */
  overwritten: Array<{ row: number; col: number }>;
}

/** How many blocking cells a 'blocked' error lists. */
export const MAX_LISTED_CELLS = 20;

function listCells(labels: string[], total: number): string {
  if (total === 1) return `Cell ${labels[0] ?? ''} is`;
  const shown = labels.slice(0, 3).join(', ');
  return total > 3 ? `Cells ${shown} and ${total - 3} more are` : `Cells ${shown} are`;
}

export function planPlacement(input: PlanInput): PlacementPlan {
  const { sheetId, anchor, newShape, previousArea, limits } = input;
  const what = input.name ? `"${input.name}"` : 'the report';
  if (newShape.rows < 1 || newShape.cols < 1)
    throw new AddinError('validation', `The result of ${what} has no columns to place.`, {
      data: { rows: newShape.rows, cols: newShape.cols },
    });
  const lastRow = anchor.row + newShape.rows - 1;
  const lastCol = anchor.col + newShape.cols - 1;
  if (anchor.row < 0 || anchor.col < 0 || lastRow >= limits.maxRows || lastCol >= limits.maxCols)
    throw new AddinError(
      'limit',
      `The result of ${what} needs ${newShape.rows} rows and ${newShape.cols} columns from ${formatCellRef(anchor.row, anchor.col)}, past the sheet's last row (${limits.maxRows}) or column (${limits.maxCols}). Choose a cell further up or left, or limit the rows.`,
      { data: { rows: newShape.rows, cols: newShape.cols, maxRows: limits.maxRows, maxCols: limits.maxCols } },
    );
  const write: GridRange = { sheetId, row: anchor.row, col: anchor.col, rows: newShape.rows, cols: newShape.cols };

  // Other placements always block: the first overlapped cell of each.
  let firstOverlap: { row: number; col: number; area: PlacementArea } | null = null;
  for (const area of input.otherAreas) {
    const o = intersect(write, area);
    if (o && (firstOverlap === null || compareCells(o, firstOverlap) < 0)) firstOverlap = { row: o.row, col: o.col, area };
  }

  // User cells: non-empty, in the new area, outside the placement's own previous area.
  const userCells = input.occupied
    .filter((c) => containsCell(write, sheetId, c.row, c.col))
    .filter((c) => !(previousArea && containsCell(previousArea, sheetId, c.row, c.col)))
    .filter((c) => !input.otherAreas.some((a) => containsCell(a, sheetId, c.row, c.col)))
    .sort(compareCells);
  const firstUser = input.overwrite ? undefined : userCells[0];

  if (firstOverlap && (!firstUser || compareCells(firstOverlap, firstUser) <= 0)) {
    const cell = formatCellRef(firstOverlap.row, firstOverlap.col);
    const other = firstOverlap.area.name ? `the report "${firstOverlap.area.name}"` : 'another placed report';
    throw new AddinError('blocked', `Placing ${what} here would overwrite ${other} at ${cell}. Move one of them or choose another cell.`, {
      data: { cell, cells: [cell], placementId: firstOverlap.area.placementId ?? null, otherPlacement: true },
    });
  }
  if (firstUser) {
    const labels = userCells.slice(0, MAX_LISTED_CELLS).map((c) => formatCellRef(c.row, c.col));
    throw new AddinError(
      'blocked',
      `${listCells(labels, userCells.length)} not empty. Placing ${what} here would overwrite ${userCells.length === 1 ? 'it' : 'them'}: move or clear ${userCells.length === 1 ? 'it' : 'them'}, or choose another cell.`,
      { data: { cell: labels[0], cells: labels, total: userCells.length, otherPlacement: false } },
    );
  }

  // Another placement's cells are never a leftover, whatever the previous area says.
  let clear = previousArea ? subtract(previousArea, write) : [];
  for (const other of input.otherAreas) clear = clear.flatMap((piece) => subtract(piece, other));
  return { write, clear, overwritten: input.overwrite ? userCells : [] };
}
