/** How a cell's text fits its column, as Excel shows it: a number or date too wide shows `####`; text too wide runs on into empty cells to its right. */
import type { Scalar } from '../../core/host';
import type { CellText } from './cell-text';
import type { TextMeasure } from './text-measure';

/** Horizontal padding of a cell (4 px each side) and its right border. */
export const CELL_PADDING = 9;

/** What a cell shows: its text and how far it reaches (its own width, or more when text overflows into empty neighbours). */
export interface FittedText {
  text: string;
  /** Width the text may use, in pixels, from the cell's left edge (the cell's width unless the text overflows). */
  width: number;
  /** How many columns the text covers (1 unless it overflows). */
  span: number;
}

/** Hashes filling a column of `width` pixels, as Excel shows a number that does not fit. */
export function hashes(width: number, bold: boolean, measure: TextMeasure): string {
  const one = measure('#', bold);
  return '#'.repeat(Math.max(1, Math.floor((width - CELL_PADDING) / one)));
}

export interface FitInput {
  value: Scalar;
  shown: CellText;
  bold: boolean;
  col: number;
  /** Width of a column. */
  widthOf: (col: number) => number;
  /** Whether a cell of this row is empty (text may overflow into it). */
  isEmpty: (col: number) => boolean;
  /** Columns past this one are not looked at. */
  lastCol: number;
  measure: TextMeasure;
}

/** How the cell's text fits: numbers (and dates, percentages…) too wide become `####`; left-aligned text overflows right across empty cells. */
export function fitCellText(x: FitInput): FittedText {
  const own = x.widthOf(x.col);
  if (x.shown.text === '') return { text: '', width: own, span: 1 };
  const needed = x.measure(x.shown.text, x.bold) + CELL_PADDING;
  if (needed <= own) return { text: x.shown.text, width: own, span: 1 };
  if (typeof x.value === 'number' && x.shown.align === 'right') return { text: hashes(own, x.bold, x.measure), width: own, span: 1 };
  if (x.shown.align !== 'left') return { text: x.shown.text, width: own, span: 1 };
  let width = own;
  let span = 1;
  while (width < needed && x.col + span <= x.lastCol && x.isEmpty(x.col + span)) {
    width += x.widthOf(x.col + span);
    span += 1;
  }
  return { text: x.shown.text, width, span };
}
