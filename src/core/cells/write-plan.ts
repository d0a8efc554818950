/** Write plans: a matrix cut into blocks that each fit one host write request (cells and estimated payload bytes). */
import { AddinError } from '../errors/addin-error';
import type { Scalar, WriteBlock } from '../host';
import { columnToLetters, formatCellRef } from './a1';
import { boldRuns, formatRuns } from './cell-runs';
import { checkCellTextLengths } from './cell-text-limit';
import { jsonStringBytesAtMost, jsonStringBytesByLength, MAX_NUMBER_TEXT_LENGTH, numberTextLength } from './json-bytes';
import type { Matrix } from './matrix';

export interface WriteTarget {
  sheetId: string;
  /** 0-based top-left cell of the matrix on the sheet. */
  row: number;
  col: number;
}

/** What one write may carry; a host's HostLimits fits here as is (the optional fields add checks). */
export interface WriteBudget {
  maxCellsPerWrite: number;
  maxBytesPerWrite: number;
  /** When given, text longer than this is a 'limit' error naming the cell. */
  maxCellChars?: number;
  /** When given, a matrix reaching past the grid is a 'limit' error. */
  maxRows?: number;
  maxCols?: number;
}

/** Request envelope, address, method and property names of one write, generously. */
export const BLOCK_OVERHEAD_BYTES = 1024;
/** Brackets and separators of one row in the values array and in the formats array. */
export const ROW_OVERHEAD_BYTES = 8;
/** Separators of one cell in the values array and in the formats array. */
const CELL_OVERHEAD_BYTES = 2;

function valueBytes(v: Scalar): number {
  if (v === null) return 4;
  if (typeof v === 'boolean') return v ? 4 : 5;
  if (typeof v === 'number') return numberTextLength(v);
  return jsonStringBytesAtMost(v);
}

function formatBytes(format: string | null | undefined): number {
  return format == null ? 4 : jsonStringBytesAtMost(format);
}

/** Estimated bytes of one cell in a request: its JSON value and its JSON format (`null` when none) with separators. */
export function estimateCellBytes(value: Scalar, format: string | null | undefined): number {
  return valueBytes(value) + formatBytes(format) + CELL_OVERHEAD_BYTES;
}

/**
 * Conservative estimate of the request payload that writes `block`: every value and a format for every cell (a missing
 * formats array counts as all `null`, since an adapter may send one anyway), row brackets and the request envelope.
 */
export function estimateBlockBytes(block: { values: Scalar[][]; formats?: (string | null)[][] }): number {
  let bytes = BLOCK_OVERHEAD_BYTES;
  block.values.forEach((row, i) => {
    bytes += ROW_OVERHEAD_BYTES;
    const formats = block.formats?.[i];
    row.forEach((v, j) => {
      bytes += estimateCellBytes(v, formats?.[j]);
    });
  });
  return bytes;
}

function group(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function checkBudget(budget: WriteBudget): void {
  const minBytes = BLOCK_OVERHEAD_BYTES + ROW_OVERHEAD_BYTES + estimateCellBytes(null, null);
  if (!Number.isSafeInteger(budget.maxCellsPerWrite) || budget.maxCellsPerWrite < 1 || !(budget.maxBytesPerWrite >= minBytes)) {
    throw new AddinError(
      'validation',
      `Invalid write budget (${String(budget.maxCellsPerWrite)} cells, ${String(budget.maxBytesPerWrite)} bytes): at least 1 cell and ${minBytes} bytes per write are needed.`,
      {
        data: { ...budget },
      },
    );
  }
}

function checkGrid(matrix: Matrix, target: WriteTarget, budget: WriteBudget): void {
  if (budget.maxRows !== undefined && target.row + matrix.rows > budget.maxRows) {
    throw new AddinError(
      'limit',
      `The result needs ${group(matrix.rows)} rows from row ${group(target.row + 1)}, past the sheet's last row ${group(budget.maxRows)}. Place it higher, or limit the rows in the query.`,
      {
        data: { rows: matrix.rows, row: target.row, maxRows: budget.maxRows },
      },
    );
  }
  if (budget.maxCols !== undefined && target.col + matrix.cols > budget.maxCols) {
    throw new AddinError(
      'limit',
      `The result needs ${group(matrix.cols)} columns from column ${columnToLetters(target.col)}, past the sheet's last column ${columnToLetters(budget.maxCols - 1)}. Place it further left, or select fewer columns.`,
      {
        data: { cols: matrix.cols, col: target.col, maxCols: budget.maxCols },
      },
    );
  }
}

/** Whether rows [row, row + nRows) of `grid` all hold exactly `cols` entries (so a block may share them as they are). */
function fullWidth(grid: ReadonlyArray<ReadonlyArray<unknown>>, row: number, nRows: number, cols: number): boolean {
  for (let i = row; i < row + nRows; i++) if (grid[i]?.length !== cols) return false;
  return true;
}

/**
 * Cuts `matrix` (to be written with its top-left cell at `target`) into blocks for one write each:
 * - full-width row blocks, as many rows as fit both the cell budget and the byte budget (estimateBlockBytes);
 * - a row that alone does not fit is cut into column chunks of that row;
 * - a single cell that alone does not fit is a 'limit' error naming it.
 * Blocks cover the matrix exactly, top to bottom, without overlap. Each block carries the matrix's formats as format
 * runs (cells whose format is `null` are left alone) and its bold as bold runs: the header rows it contains set bold,
 * or, for a matrix with exact `bold`, every cell set on or off. An empty matrix gives no blocks.
 */
export function planWriteBlocks(matrix: Matrix, target: WriteTarget, budget: WriteBudget): WriteBlock[] {
  return [...writeBlocks(matrix, target, budget)];
}

/** planWriteBlocks' blocks one at a time (the checks run at the first), so a caller can let its host in between. */
export function* writeBlocks(matrix: Matrix, target: WriteTarget, budget: WriteBudget): Generator<WriteBlock, void, undefined> {
  checkBudget(budget);
  checkGrid(matrix, target, budget);
  if (budget.maxCellChars !== undefined) checkCellTextLengths(matrix, target, budget.maxCellChars);
  const { rows, cols } = matrix;
  if (rows === 0 || cols === 0) return;

  const cellBytes = (i: number, j: number): number => estimateCellBytes(matrix.values[i]?.[j] ?? null, matrix.formats[i]?.[j] ?? null);
  // The formats part of a row's estimate, remembered for the last formats array seen: rows of a typed matrix share
  // their formats arrays, so it is counted once per change of formats rather than once per row.
  let lastFormats: readonly (string | null)[] | undefined | null = null;
  let lastFormatsBytes = 0;
  const formatsBytes = (formats: readonly (string | null)[] | undefined): number => {
    if (formats !== lastFormats) {
      lastFormatsBytes = 0;
      for (let j = 0; j < cols; j++) lastFormatsBytes += formatBytes(formats?.[j] ?? null);
      lastFormats = formats;
    }
    return lastFormatsBytes;
  };
  /** Estimated bytes of row i (estimateCellBytes of each cell), computed once when first asked for. */
  const rowBytesCache = new Float64Array(rows).fill(-1);
  const rowBytes = (i: number): number => {
    let b = rowBytesCache[i] ?? -1;
    if (b < 0) {
      const values = matrix.values[i];
      b = ROW_OVERHEAD_BYTES + cols * CELL_OVERHEAD_BYTES + formatsBytes(matrix.formats[i]);
      for (let j = 0; j < cols; j++) b += valueBytes(values?.[j] ?? null);
      rowBytesCache[i] = b;
    }
    return b;
  };
  /** At least rowBytes(i), without formatting fractional numbers (String() of a number is never longer than 25). */
  const rowBytesAtMost = (i: number): number => {
    const values = matrix.values[i];
    let b = ROW_OVERHEAD_BYTES + cols * CELL_OVERHEAD_BYTES + formatsBytes(matrix.formats[i]);
    for (let j = 0; j < cols; j++) {
      const v = values?.[j] ?? null;
      b += typeof v === 'number' && !Number.isInteger(v) ? MAX_NUMBER_TEXT_LENGTH : valueBytes(v);
    }
    return b;
  };

  /** At least rowBytesAtMost(i), read from the cells' types and text lengths alone (jsonStringBytesByLength). */
  const rowBytesByLength = (i: number): number => {
    const values = matrix.values[i];
    let b = ROW_OVERHEAD_BYTES + cols * CELL_OVERHEAD_BYTES + formatsBytes(matrix.formats[i]);
    for (let j = 0; j < cols; j++) {
      const v = values?.[j] ?? null;
      b += typeof v === 'string' ? jsonStringBytesByLength(v) : typeof v === 'number' ? MAX_NUMBER_TEXT_LENGTH : 5;
    }
    return b;
  };

  const emit = (row: number, nRows: number, col: number, nCols: number): WriteBlock => {
    // A full-width block (the common case) shares the matrix's rows: no copy of every cell.
    const whole = col === 0 && nCols === cols && fullWidth(matrix.values, row, nRows, cols) && fullWidth(matrix.formats, row, nRows, cols);
    const values = whole
      ? matrix.values.slice(row, row + nRows)
      : matrix.values.slice(row, row + nRows).map((r) => r.slice(col, col + nCols));
    const formats = whole
      ? matrix.formats.slice(row, row + nRows)
      : matrix.formats.slice(row, row + nRows).map((r) => r.slice(col, col + nCols));
    const block: WriteBlock = { sheetId: target.sheetId, row: target.row + row, col: target.col + col, values };
    const runs = formatRuns(formats);
    if (runs.length > 0) block.formats = runs;
    const headerRows = Math.min(Math.max(matrix.headerRows - row, 0), nRows);
    if (matrix.bold) block.bold = boldRuns(matrix.bold.slice(row, row + nRows).map((r) => r.slice(col, col + nCols)));
    else if (headerRows > 0) block.bold = [{ row: 0, col: 0, rows: headerRows, cols: nCols, bold: true }];
    return block;
  };

  const rowsPerWrite = Math.floor(budget.maxCellsPerWrite / cols);
  // While the cell budget is what limits blocks, an upper bound of their bytes shows that the byte budget would not
  // have stopped the row-by-row count earlier, so the exact estimate is not needed; after one miss, count exactly.
  let boundFits = true;
  /** Whether rows [i, i + n) fit the byte budget by the row bound `rowBound` (summed until it passes the budget). */
  const fitsBound = (i: number, n: number, rowBound: (row: number) => number): boolean => {
    let atMost = BLOCK_OVERHEAD_BYTES;
    for (let r = i; r < i + n && atMost <= budget.maxBytesPerWrite; r++) atMost += rowBound(r);
    return atMost <= budget.maxBytesPerWrite;
  };
  let i = 0;
  while (i < rows) {
    const full = Math.min(rowsPerWrite, rows - i);
    // First a bound read from types and text lengths alone (no character of any text read), then a tighter one.
    if (boundFits && full > 0 && (fitsBound(i, full, rowBytesByLength) || fitsBound(i, full, rowBytesAtMost))) {
      yield emit(i, full, 0, cols);
      i += full;
      continue;
    }
    if (full > 0) boundFits = false;
    let n = 0;
    let bytes = BLOCK_OVERHEAD_BYTES;
    while (i + n < rows && (n + 1) * cols <= budget.maxCellsPerWrite && bytes + rowBytes(i + n) <= budget.maxBytesPerWrite) {
      bytes += rowBytes(i + n);
      n++;
    }
    if (n > 0) {
      yield emit(i, n, 0, cols);
      i += n;
      continue;
    }
    // Row i alone is too big: cut it by columns.
    let j = 0;
    while (j < cols) {
      let m = 0;
      let chunk = BLOCK_OVERHEAD_BYTES + ROW_OVERHEAD_BYTES;
      while (j + m < cols && m + 1 <= budget.maxCellsPerWrite && chunk + cellBytes(i, j + m) <= budget.maxBytesPerWrite) {
        chunk += cellBytes(i, j + m);
        m++;
      }
      if (m === 0) {
        const cell = formatCellRef(target.row + i, target.col + j);
        throw new AddinError(
          'limit',
          `Cell ${cell} holds more data than one write request can carry (${group(budget.maxBytesPerWrite)} bytes). Shorten that value in the query.`,
          {
            data: { cell, row: target.row + i, col: target.col + j, bytes: cellBytes(i, j), maxBytesPerWrite: budget.maxBytesPerWrite },
          },
        );
      }
      yield emit(i, 1, j, m);
      j += m;
    }
    i += 1;
  }
}
