/**
 * Writing one block of cells so that text stays text: every string Excel would reinterpret lands in a cell already
 * formatted `@` (the format synced before the values), empty cells are written as `""`, bold is set by rectangles.
 */
import { AddinError } from '../core/wire/errors';
import { needsTextFormat } from '../core/cells/inert-text';
import { TEXT_FORMAT, type Scalar, type WriteBlock } from '../core/host';
import { rectanglesOf, type ValueRect } from './rectangles';

/** Above this many format rectangles the block's formats go as one matrix (current formats read first where the block leaves them alone). */
export const MAX_FORMAT_RECTS = 64;

export interface BlockPlan {
  rows: number;
  cols: number;
  /** What `range.values` receives: `null` (an empty cell) becomes `""`, since Excel leaves a cell unchanged for `null`. */
  values: (string | number | boolean)[][];
  /** Number format per cell (`null` leaves the cell's format alone), `@` added to every string Excel would reinterpret. */
  formats: (string | null)[][];
  formatRects: ValueRect<string>[];
  /** True when some cell gets `@`: its format must be synced before the values. */
  hasTextFormat: boolean;
  boldRects: ValueRect<boolean>[];
}

function shapeError(what: string): never {
  throw new AddinError('host', `The add-in prepared a malformed block of cells (${what}); nothing was written. Please report this.`, {
    detail: what,
  });
}

function cellValue(v: Scalar, i: number, j: number): string | number | boolean {
  if (v === null) return '';
  if (typeof v === 'number' && !Number.isFinite(v)) shapeError(`a non-finite number at row ${i + 1}, column ${j + 1}`);
  return v;
}

/** The values, formats and bold rectangles that write `block` (pure: checked and planned before any Excel call). */
export function planTextSafeBlock(block: WriteBlock): BlockPlan {
  const rows = block.values.length;
  const cols = block.values[0]?.length ?? 0;
  if (rows === 0 || cols === 0) shapeError('no cells');
  const check = (m: ReadonlyArray<ReadonlyArray<unknown>> | undefined, name: string): void => {
    if (m === undefined) return;
    if (m.length !== rows || m.some((r) => r.length !== cols)) shapeError(`${name} is not ${rows} x ${cols}`);
  };
  check(block.values, 'values');
  check(block.formats, 'formats');
  check(block.bold, 'bold');

  let hasTextFormat = false;
  const values = block.values.map((row, i) => row.map((v, j) => cellValue(v, i, j)));
  const formats = block.values.map((row, i) =>
    row.map((v, j) => {
      const given = block.formats?.[i]?.[j] ?? null;
      const format = typeof v === 'string' && needsTextFormat(v) ? TEXT_FORMAT : given;
      if (format === TEXT_FORMAT) hasTextFormat = true;
      return format;
    }),
  );

  const headerRows = Math.min(block.headerRows ?? 0, rows);
  const bold: (boolean | null)[][] = block.values.map((row, i) =>
    row.map((_, j) => block.bold?.[i]?.[j] ?? (i < headerRows ? true : null)),
  );
  return { rows, cols, values, formats, formatRects: rectanglesOf(formats), hasTextFormat, boldRects: rectanglesOf(bold) };
}

const filled = <T>(rows: number, cols: number, v: T): T[][] => Array.from({ length: rows }, () => new Array<T>(cols).fill(v));

/**
 * Queues and syncs the writes of `block` on its worksheet: the formats (in their own sync when a cell gets `@`), then
 * the values with calculation suspended, then bold. Two syncs at most (three when many format rectangles need the
 * current formats read first); no proxy per cell.
 */
export async function writeTextSafeBlock(context: Excel.RequestContext, block: WriteBlock): Promise<void> {
  const plan = planTextSafeBlock(block);
  const sheet = context.workbook.worksheets.getItem(block.sheetId);
  const whole = sheet.getRangeByIndexes(block.row, block.col, plan.rows, plan.cols);
  if (plan.formatRects.length > MAX_FORMAT_RECTS) {
    whole.load('numberFormat');
    await context.sync();
    const current = whole.numberFormat;
    whole.numberFormat = plan.formats.map((row, i) => row.map((f, j) => f ?? String(current[i]?.[j] ?? 'General')));
  } else {
    for (const r of plan.formatRects) {
      sheet.getRangeByIndexes(block.row + r.row, block.col + r.col, r.rows, r.cols).numberFormat = filled(r.rows, r.cols, r.value);
    }
  }
  if (plan.hasTextFormat) await context.sync();
  context.application.suspendApiCalculationUntilNextSync();
  whole.values = plan.values;
  for (const r of plan.boldRects) {
    sheet.getRangeByIndexes(block.row + r.row, block.col + r.col, r.rows, r.cols).format.font.bold = r.value;
  }
  await context.sync();
}
