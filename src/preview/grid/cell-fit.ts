/**
 * How a cell's text fits its column, as Excel shows it.
 * A number or date too wide shows `####`; text too wide runs on into empty cells to its right.
 */
import type { Scalar } from '../../core/host';
import type { CellText } from '../../core/cells/cell-display';
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
  /** The cell's number format (`null`: General). */
  format?: string | null;
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

/** A General number in ever fewer digits: rounded to fewer significant digits (when it has a fraction), then in scientific notation. */
function shorterGeneral(value: number): string[] {
  const out: string[] = [];
  const magnitude = value === 0 ? 0 : Math.floor(Math.log10(Math.abs(value)));
  if (!Number.isInteger(value) && magnitude < 11 && magnitude > -5)
    for (let digits = 10; digits >= Math.max(1, magnitude + 1); digits -= 1) out.push(String(Number(value.toPrecision(digits))));
  for (let decimals = 5; decimals >= 0; decimals -= 1)
    out.push(
      value
        .toExponential(decimals)
        .toUpperCase()
        .replace(/E([+-])(\d)$/, 'E$10$2'),
    );
  return out;
}

/** How the cell's text fits: numbers (and dates, percentages…) too wide become `####`; left-aligned text overflows right across empty cells. */
export function fitCellText(x: FitInput): FittedText {
  const own = x.widthOf(x.col);
  if (x.shown.text === '') return { text: '', width: own, span: 1 };
  const needed = x.measure(x.shown.text, x.bold) + CELL_PADDING;
  if (needed <= own) return { text: x.shown.text, width: own, span: 1 };
  if (typeof x.value === 'number' && x.shown.align === 'right') {
    // General shows fewer digits before it gives up, as Excel does: 3.14159265 becomes 3.1416, 123456789012 1.23E+11.
    if ((x.format ?? null) === null) {
      const shorter = shorterGeneral(x.value).find((t) => x.measure(t, x.bold) + CELL_PADDING <= own);
      if (shorter !== undefined) return { text: shorter, width: own, span: 1 };
    }
    return { text: hashes(own, x.bold, x.measure), width: own, span: 1 };
  }
  if (x.shown.align !== 'left') return { text: x.shown.text, width: own, span: 1 };
  let width = own;
  let span = 1;
  while (width < needed && x.col + span <= x.lastCol && x.isEmpty(x.col + span)) {
    width += x.widthOf(x.col + span);
    span += 1;
  }
  return { text: x.shown.text, width, span };
}
