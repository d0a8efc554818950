/** A large range's snapshot read only where its sheet is used (cells outside the used range are blank and General). */
import { GENERAL_FORMAT, type CellSnapshot, type GridRange } from '../core/host';
import { readValuesAndFormats, type ReadBudget } from './block-reads';
import { boldByBands } from './bold-reads';

/** The part of `range` inside `used` (both on the same sheet), or null when they do not meet. */
export function intersect(range: GridRange, used: { row: number; col: number; rows: number; cols: number } | null): GridRange | null {
  if (used === null) return null;
  const row = Math.max(range.row, used.row);
  const col = Math.max(range.col, used.col);
  const rows = Math.min(range.row + range.rows, used.row + used.rows) - row;
  const cols = Math.min(range.col + range.cols, used.col + used.cols) - col;
  return rows > 0 && cols > 0 ? { sheetId: range.sheetId, row, col, rows, cols } : null;
}

export interface UsedSnapshotInput {
  range: GridRange;
  /** The sheet's used range (null: the sheet is blank). */
  used: { row: number; col: number; rows: number; cols: number } | null;
  /** The range's one bold property: true, false, or null when mixed. */
  bold: boolean | null;
  /** Whether per-cell bold can be read (ExcelApi 1.9); without it a mixed range reads as not bold. */
  perCellBold: boolean;
}

/**
 * The snapshot of `input.range`: Excel's used range covers every cell with a value or formatting, so cells outside it
 * are empty, General and not bold without a read; the used part is read in blocks under `budget`.
 */
export async function usedSnapshot(context: Excel.RequestContext, input: UsedSnapshotInput, budget: ReadBudget): Promise<CellSnapshot> {
  const { range } = input;
  const values = Array.from({ length: range.rows }, () => new Array<string | number | boolean | null>(range.cols).fill(null));
  const formats = Array.from({ length: range.rows }, () => new Array<string>(range.cols).fill(GENERAL_FORMAT));
  const bold = Array.from({ length: range.rows }, () => new Array<boolean>(range.cols).fill(input.bold === true));
  const part = intersect(range, input.used);
  if (part !== null) {
    const i0 = part.row - range.row;
    const j0 = part.col - range.col;
    const read = await readValuesAndFormats(context, part, budget);
    read.values.forEach((line, i) => line.forEach((v, j) => (values[i0 + i]![j0 + j] = v)));
    read.formats.forEach((line, i) => line.forEach((f, j) => (formats[i0 + i]![j0 + j] = f)));
    if (input.bold === null && input.perCellBold) {
      const cells = await boldByBands(context, part, budget);
      cells.forEach((line, i) => line.forEach((b, j) => (bold[i0 + i]![j0 + j] = b)));
    }
  }
  return { range: { ...range }, values, formats, bold };
}
