/**
 * Geometry of the virtualized grid: row height, column widths, the window to render, the extent, scrolling to a cell.
 * Rows have a fixed height; column widths come from a ColumnLayout.
 */
import { ColumnLayout, DEFAULT_COL_WIDTH } from './column-layout';

export const ROW_HEIGHT = 22;
/** The default column width (a column whose width was never set). */
export const COL_WIDTH = DEFAULT_COL_WIDTH;
/** Wide enough for row 1,048,576. */
export const ROW_HEADER_WIDTH = 64;
export const HEADER_HEIGHT = 24;
export const OVERSCAN_ROWS = 8;
export const OVERSCAN_COLS = 2;
/** Rows and columns shown beyond the last used cell, and added when the user scrolls near the end. */
export const MIN_ROWS = 1000;
export const MIN_COLS = 26;
export const ROW_MARGIN = 100;
export const COL_MARGIN = 6;
export const GROW_ROWS = 1000;
export const GROW_COLS = 26;
/** Viewport assumed before the browser has laid the grid out (and in jsdom, which lays out nothing). */
export const FALLBACK_VIEWPORT = { width: 900, height: 600 };

/** Rows [firstRow, endRow) and columns [firstCol, endCol) to render. */
export interface GridWindow {
  firstRow: number;
  endRow: number;
  firstCol: number;
  endCol: number;
}

export interface Viewport {
  scrollTop: number;
  scrollLeft: number;
  width: number;
  height: number;
}

/** A layout where every column has the default width. */
function uniform(): ColumnLayout {
  return new ColumnLayout(0);
}

export function gridWindow(v: Viewport, rowCount: number, colCount: number, layout: ColumnLayout = uniform()): GridWindow {
  const top = Math.max(0, v.scrollTop);
  const left = Math.max(0, v.scrollLeft);
  const firstVisibleRow = Math.floor(top / ROW_HEIGHT);
  const endVisibleRow = Math.ceil((top + Math.max(0, v.height - HEADER_HEIGHT)) / ROW_HEIGHT);
  const bodyWidth = Math.max(0, v.width - ROW_HEADER_WIDTH);
  const firstVisibleCol = layout.colAt(left);
  const endVisibleCol = bodyWidth === 0 ? firstVisibleCol : layout.colAt(left + bodyWidth - 1) + 1;
  return {
    firstRow: Math.max(0, Math.min(rowCount, firstVisibleRow - OVERSCAN_ROWS)),
    endRow: Math.max(0, Math.min(rowCount, endVisibleRow + OVERSCAN_ROWS)),
    firstCol: Math.max(0, Math.min(colCount, firstVisibleCol - OVERSCAN_COLS)),
    endCol: Math.max(0, Math.min(colCount, endVisibleCol + OVERSCAN_COLS)),
  };
}

export interface ExtentInput {
  /** Last row/column holding a value or a tracked area, or -1. */
  lastRow: number;
  lastCol: number;
  /** The selection's far corner. */
  selRow: number;
  selCol: number;
  /** Extra rows/columns added by scrolling to the end. */
  grownRows: number;
  grownCols: number;
  maxRows: number;
  maxCols: number;
}

/** How many rows and columns the grid shows: the used part plus a margin, the selection, and what scrolling added; capped by the sheet. */
export function gridExtent(x: ExtentInput): { rows: number; cols: number } {
  const rows = Math.max(MIN_ROWS, x.lastRow + 1 + ROW_MARGIN, x.selRow + 1 + ROW_MARGIN) + x.grownRows;
  const cols = Math.max(MIN_COLS, x.lastCol + 1 + COL_MARGIN, x.selCol + 1 + COL_MARGIN) + x.grownCols;
  return { rows: Math.min(x.maxRows, rows), cols: Math.min(x.maxCols, cols) };
}

/** The scroll position that brings a cell fully into view with the least movement (unchanged when it already is). */
export function revealScroll(
  v: Viewport,
  row: number,
  col: number,
  layout: ColumnLayout = uniform(),
): { scrollTop: number; scrollLeft: number } {
  const colWidth = layout.width(col);
  const bodyH = Math.max(ROW_HEIGHT, v.height - HEADER_HEIGHT);
  const bodyW = Math.max(colWidth, v.width - ROW_HEADER_WIDTH);
  const top = row * ROW_HEIGHT;
  const left = layout.left(col);
  let scrollTop = v.scrollTop;
  if (top < scrollTop) scrollTop = top;
  else if (top + ROW_HEIGHT > scrollTop + bodyH) scrollTop = top + ROW_HEIGHT - bodyH;
  let scrollLeft = v.scrollLeft;
  if (left < scrollLeft) scrollLeft = left;
  else if (left + colWidth > scrollLeft + bodyW) scrollLeft = left + colWidth - bodyW;
  return { scrollTop: Math.max(0, scrollTop), scrollLeft: Math.max(0, scrollLeft) };
}

/**
 * The scroll position for a selection: the moving corner (`focus`, for clicks and the keyboard), or a whole range
 * (`range`, for "Go to"): its far corner if the view can hold it, and its top-left cell in any case.
 */
export function revealSelection(
  v: Viewport,
  range: { row: number; col: number; rows: number; cols: number },
  focus: { row: number; col: number },
  target: 'focus' | 'range',
  layout: ColumnLayout = uniform(),
): { scrollTop: number; scrollLeft: number } {
  if (target === 'focus') return revealScroll(v, focus.row, focus.col, layout);
  const far = revealScroll(v, range.row + range.rows - 1, range.col + range.cols - 1, layout);
  return revealScroll({ ...v, ...far }, range.row, range.col, layout);
}
