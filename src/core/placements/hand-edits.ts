/** Hand edits inside a placement: its cells as read against its fingerprint, named for messages and cut into ranges to select. */
import { AddinError } from '../errors/addin-error';
import type { CellSnapshot, GridRange, Scalar } from '../host';
import { findEditedCellsSteps, type CellFingerprint, type EditedCells } from '../changes/fingerprint';
import { cellListText } from '../changes/cell-list-text';
import { intersect } from './grid-rect';

/** Edited cells found in a placement's area (`edits` relative to the area's top-left cell). */
export interface HandEdits {
  area: GridRange;
  edits: Extract<EditedCells, { kind: 'edited' }>;
}

/** What a message and the pane say about hand edits. */
export interface HandEditsSummary {
  count: number;
  exact: boolean;
  /** "C7, C9 and 12 more in rows 7-20", or "cells in rows 7-20" when only the rows are known. */
  text: string;
}

/**
 * The values of `area` as the snapshots (which together cover it, often as bands of rows) hold them; a cell none covers
 * reads as empty, and where snapshots overlap the first one's cell counts. Rows are taken whole where a snapshot spans
 * the area's columns (no search per cell).
 */
export function areaValues(snapshots: readonly CellSnapshot[], area: GridRange): Scalar[][] {
  const out = new Array<Scalar[] | undefined>(area.rows);
  for (let i = snapshots.length - 1; i >= 0; i--) {
    const snap = snapshots[i];
    const part = snap ? intersect(snap.range, area) : null;
    if (!snap || !part) continue;
    const dc = part.col - snap.range.col;
    const whole = part.col === area.col && part.cols === area.cols;
    for (let r = 0; r < part.rows; r++) {
      const row = part.row + r;
      const line = snap.values[row - snap.range.row] ?? [];
      const at = row - area.row;
      if (whole) {
        out[at] = dc === 0 && line.length === area.cols ? line : line.slice(dc, dc + area.cols);
        continue;
      }
      // A copy: a row taken whole is the snapshot's own array, which must stay as it was read.
      const target = out[at]?.slice() ?? new Array<Scalar>(area.cols).fill(null);
      out[at] = target;
      for (let c = 0; c < part.cols; c++) target[part.col - area.col + c] = line[dc + c] ?? null;
    }
  }
  return Array.from(out, (line) => line ?? new Array<Scalar>(area.cols).fill(null));
}

/**
 * The hand edits in `area` (its cells read in `snapshots`) against the fingerprint of what the add-in wrote there; null
 * when there are none, when no fingerprint is stored (placed before fingerprints were kept), or when rows or columns
 * were inserted or deleted inside the area (its cells can no longer be matched to what was written). A stepped pass.
 */
export function* findHandEditsSteps(
  fp: CellFingerprint | null,
  snapshots: readonly CellSnapshot[],
  area: GridRange,
): Generator<void, HandEdits | null, void> {
  if (fp === null) return null;
  const edits = yield* findEditedCellsSteps(fp, areaValues(snapshots, area), area.rows, area.cols);
  return edits.kind === 'edited' ? { area, edits } : null;
}

export function handEditsSummary(found: HandEdits): HandEditsSummary {
  const { area, edits } = found;
  const text = cellListText({
    cells: edits.cells.map((c) => ({ row: area.row + c.row, col: area.col + c.col })),
    count: edits.count,
    exact: edits.exact,
    firstRow: area.row + edits.firstRow,
    lastRow: area.row + edits.lastRow,
  });
  return { count: edits.count, exact: edits.exact, text };
}

/** The 'handEdited' refusal of a run that would overwrite hand edits (`action`: "Refreshing", "Undoing"...). */
export function handEditedError(name: string, found: HandEdits, action = 'Refreshing', since = ''): AddinError {
  const summary = handEditsSummary(found);
  return new AddinError('handEdited', `"${name}" has cells edited by hand${since}: ${summary.text}. ${action} would overwrite them.`, {
    data: { ...summary },
  });
}

/**
 * The edited cells as rectangles to select: runs of cells along each row when they are known exactly, else the rows
 * that hold them, across the area (consecutive rows joined).
 */
export function handEditRanges(found: HandEdits): GridRange[] {
  const { area, edits } = found;
  const out: GridRange[] = [];
  if (!edits.exact) {
    const rows = [...new Set(edits.cells.map((c) => c.row))].sort((a, b) => a - b);
    for (const r of rows) {
      const last = out[out.length - 1];
      if (last && last.row + last.rows === area.row + r) last.rows++;
      else out.push({ sheetId: area.sheetId, row: area.row + r, col: area.col, rows: 1, cols: area.cols });
    }
    return out;
  }
  for (const c of edits.cells) {
    const last = out[out.length - 1];
    if (last && last.row === area.row + c.row && last.col + last.cols === area.col + c.col) last.cols++;
    else out.push({ sheetId: area.sheetId, row: area.row + c.row, col: area.col + c.col, rows: 1, cols: 1 });
  }
  return out;
}
