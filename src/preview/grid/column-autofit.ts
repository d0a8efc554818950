/**
 * autofitColumns: sets columns of the preview workbook to the width of their widest shown text, like Excel's AutoFit Column Width.
 * Text is measured in the grid's font, in slices that yield to the page.
 */
import type { Scalar } from '../../core/host';
import { TEXT_FORMAT } from '../../core/host';
import { MAX_COLUMN_WIDTH, type WorkbookModel } from '../../core/memory/workbook-model';
import { yieldToPage } from '../../browser/yield-to-page';
import { CELL_PADDING } from './cell-fit';
import { displayValue, isDateFormat } from '../../core/cells/cell-display';
import { gridTextMeasure, MAX_CHAR_WIDTH, type TextMeasure } from './text-measure';

/** Room beyond the widest text, so it does not touch the border. */
const AUTOFIT_SLACK = 3;
/** The narrowest a fitted column gets. */
export const MIN_AUTOFIT_WIDTH = 16;
/** Rows read from the model at a time. */
const ROWS_PER_READ = 1000;

export interface AutofitOptions {
  /** Only these rows count (e.g. a placed report's area); default: every row of the sheet holding a value. */
  rows?: { row: number; rows: number };
  /** Default: the grid's measure (a canvas in a browser, a character-width model in jsdom). */
  measure?: TextMeasure;
  /** Time spent before yielding to the page (default 12 ms). */
  sliceMs?: number;
  yieldToPage?: () => Promise<void>;
  now?: () => number;
}

/** The widest shown text of one column, found without formatting every number: per format, only the largest and the smallest value. */
class ColumnFit {
  widest = 0;
  any = false;
  /** Number formats (and bold) whose widest text is that of their extreme values. */
  private readonly extremes = new Map<string, { format: string | null; bold: boolean; min: number; max: number }>();
  /** Date formats (and bold) already measured: every date of a format has the same width. */
  private readonly dates = new Set<string>();

  constructor(private readonly measure: TextMeasure) {}

  private text(text: string, bold: boolean): void {
    if (text.length * MAX_CHAR_WIDTH <= this.widest) return;
    this.widest = Math.max(this.widest, this.measure(text, bold));
  }

  add(value: Scalar, format: string | null, bold: boolean): void {
    if (value === null) return;
    this.any = true;
    if (typeof value !== 'number' || format === TEXT_FORMAT) {
      this.text(displayValue(value, format).text, bold);
      return;
    }
    const key = `${bold ? 'b' : 'n'}${format ?? ''}`;
    if (format !== null && isDateFormat(format)) {
      // A negative serial shows hashes: nothing to fit.
      if (value < 0 || this.dates.has(key)) return;
      this.dates.add(key);
      this.text(displayValue(value, format).text, bold);
      return;
    }
    if (format === null && !Number.isInteger(value)) {
      // General shows up to 11 significant digits: the width depends on more than the magnitude.
      this.text(displayValue(value, null).text, bold);
      return;
    }
    const e = this.extremes.get(key);
    if (e === undefined) this.extremes.set(key, { format, bold, min: value, max: value });
    else {
      e.min = Math.min(e.min, value);
      e.max = Math.max(e.max, value);
    }
  }

  /** The width that shows the widest text, or null when the column holds nothing. */
  width(): number | null {
    for (const e of this.extremes.values()) {
      this.text(displayValue(e.max, e.format).text, e.bold);
      this.text(displayValue(e.min, e.format).text, e.bold);
    }
    this.extremes.clear();
    if (!this.any) return null;
    return Math.max(MIN_AUTOFIT_WIDTH, Math.min(MAX_COLUMN_WIDTH, Math.ceil(this.widest + CELL_PADDING + AUTOFIT_SLACK)));
  }
}

/**
 * Fits columns [firstCol, firstCol + colCount) of a sheet to their content: each column holding a value gets the
 * width of its widest shown text (formatted as the grid shows it, bold included); empty columns keep their width.
 * The widths are set in one change once every row was read; a sheet deleted meanwhile is left alone.
 */
export async function autofitColumns(
  model: WorkbookModel,
  sheetId: string,
  firstCol: number,
  colCount: number,
  options: AutofitOptions = {},
): Promise<void> {
  if (colCount <= 0) return;
  const measure = options.measure ?? gridTextMeasure();
  const sliceMs = options.sliceMs ?? 12;
  const now = options.now ?? (() => performance.now());
  const pause = options.yieldToPage ?? yieldToPage;
  let rows = options.rows;
  if (rows === undefined) {
    const used = model.usedRange(sheetId);
    if (used === null) return;
    rows = { row: used.row, rows: used.rows };
  }
  const fits = Array.from({ length: colCount }, () => new ColumnFit(measure));
  let sliceStart = now();
  for (let at = rows.row; at < rows.row + rows.rows; at += ROWS_PER_READ) {
    if (model.sheet(sheetId) === null) return;
    const rect = { row: at, col: firstCol, rows: Math.min(ROWS_PER_READ, rows.row + rows.rows - at), cols: colCount };
    const values = model.getValues(sheetId, rect);
    const formats = model.getFormats(sheetId, rect);
    const bold = model.getBold(sheetId, rect);
    for (let i = 0; i < rect.rows; i += 1) {
      const line = values[i] as Scalar[];
      for (let j = 0; j < colCount; j += 1) {
        const v = line[j] ?? null;
        if (v !== null) (fits[j] as ColumnFit).add(v, formats[i]?.[j] ?? null, bold[i]?.[j] === true);
      }
    }
    if (now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = now();
    }
  }
  if (model.sheet(sheetId) === null) return;
  const widths: Array<{ col: number; width: number }> = [];
  fits.forEach((fit, j) => {
    const width = fit.width();
    if (width !== null) widths.push({ col: firstCol + j, width });
  });
  if (widths.length > 0) model.setColumnWidths(sheetId, widths);
}
