/**
 * What a write may restyle: in the placement's previous area, the number formats and header bold the add-in set itself
 * are replaced (a count column does not keep the currency format of the amount column it replaced); formats a user
 * chose there stay, and so does anything outside the area.
 */
import { TEXT_FORMAT, GENERAL_FORMAT, type CellSnapshot, type GridRange } from '../host';
import type { Matrix } from '../cells/matrix';
import { isAddinFormat, isDefaultFormat } from '../cells/own-formats';

/** Where the placement was written last, and how many of its leading rows were headers (bold by the add-in). */
export interface OwnArea {
  area: GridRange;
  headerRows: number;
}

function contains(area: GridRange, row: number, col: number): boolean {
  return row >= area.row && row < area.row + area.rows && col >= area.col && col < area.col + area.cols;
}

function isOwnHeader(own: OwnArea, row: number, col: number): boolean {
  return contains(own.area, row, col) && row < own.area.row + own.headerRows;
}

/** Cells restyled between two pauses of `restyleSteps` (a few milliseconds of work). */
const CELLS_PER_STEP = 200_000;

/**
 * `matrix` as it should be written over `current` (a snapshot of exactly the area it covers). In cells of `own.area`,
 * a format the add-in set (or none) gives way to the layout's format, or to GENERAL_FORMAT when the layout has none;
 * a user's format stays (the layout's `null`), except that inert text always gets TEXT_FORMAT. A former header cell
 * that now holds data loses its bold (exact `bold` is only attached when some cell needs that).
 */
export function restyleForWrite(matrix: Matrix, current: CellSnapshot, own: OwnArea | null): Matrix {
  const steps = restyleSteps(matrix, current, own);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * restyleForWrite in steps: the generator yields after every CELLS_PER_STEP cells (its caller lets the page in there)
 * and returns the restyled matrix. A row whose formats stay as they are is the matrix's own row, not a copy: a refresh
 * of the same columns allocates no second formats matrix.
 */
export function* restyleSteps(matrix: Matrix, current: CellSnapshot, own: OwnArea | null): Generator<void, Matrix, void> {
  if (own === null || own.area.sheetId !== current.range.sheetId) return matrix;
  const { row: top, col: left } = current.range;
  const rowsPerStep = Math.max(1, Math.floor(CELLS_PER_STEP / Math.max(1, matrix.cols)));
  const restyle = (next: string | null, i: number, j: number): string | null => {
    if (next === TEXT_FORMAT || !contains(own.area, top + i, left + j)) return next;
    const now = current.formats[i]?.[j] ?? null;
    if (isDefaultFormat(now)) return next;
    return now !== null && isAddinFormat(now) ? (next ?? GENERAL_FORMAT) : null;
  };
  const wasHeader = (i: number, j: number): boolean => isOwnHeader(own, top + i, left + j);
  const formats: (string | null)[][] = new Array<(string | null)[]>(matrix.formats.length);
  let demoted = false;
  for (let i = 0; i < matrix.formats.length; i++) {
    if (i > 0 && i % rowsPerStep === 0) yield;
    const line = matrix.formats[i] ?? [];
    let changed: (string | null)[] | null = null;
    for (let j = 0; j < line.length; j++) {
      const next = line[j] ?? null;
      const styled = restyle(next, i, j);
      if (changed === null && styled !== next) changed = line.slice(0, j);
      changed?.push(styled);
    }
    formats[i] = changed ?? line;
    if (!demoted && i >= matrix.headerRows) demoted = current.bold?.[i]?.some((b, j) => b && wasHeader(i, j)) === true;
  }
  if (!demoted) return { ...matrix, formats };
  const bold: boolean[][] = new Array<boolean[]>(matrix.values.length);
  for (let i = 0; i < matrix.values.length; i++) {
    if (i > 0 && i % rowsPerStep === 0) yield;
    bold[i] = (matrix.values[i] ?? []).map((_, j) => i < matrix.headerRows || (!wasHeader(i, j) && current.bold?.[i]?.[j] === true));
  }
  return { ...matrix, formats, bold };
}

/**
 * What puts a cleared leftover of the placement (`current`: its snapshot before clearing) back to plain cells: the
 * add-in's formats become GENERAL_FORMAT and its former header cells lose their bold; a user's formats and bold stay.
 * `null` when nothing needs it.
 */
export function restyleLeftover(current: CellSnapshot, own: OwnArea): Matrix | null {
  const { row: top, col: left, rows, cols } = current.range;
  let needed = false;
  const formats = current.formats.map((line) =>
    line.map((now) => {
      const reset = now !== null && isAddinFormat(now);
      needed ||= reset;
      return reset ? GENERAL_FORMAT : null;
    }),
  );
  const bold = current.bold?.map((line, i) =>
    line.map((b, j) => {
      const unbold = b && isOwnHeader(own, top + i, left + j);
      needed ||= unbold;
      return b && !unbold;
    }),
  );
  if (!needed) return null;
  const values = Array.from({ length: rows }, () => new Array<null>(cols).fill(null));
  return { rows, cols, values, formats, headerRows: 0, ...(bold ? { bold } : {}) };
}
