/**
 * Writing one block of cells so that text stays text: every string Excel would reinterpret lands in a cell already
 * formatted `@` (the format synced before the values), empty cells are written as `""`, bold is set by rectangles.
 */
import { AddinError } from '../core/errors/addin-error';
import { valueRuns, type ValueRun } from '../core/cells/cell-runs';
import { textSafeFormats } from '../core/cells/text-safe-formats';
import { TEXT_FORMAT, type CellRun, type Scalar, type WriteBlock } from '../core/host';

/** Above this many format rectangles the block's formats go as one matrix (current formats read first where the block leaves them alone). */
export const MAX_FORMAT_RECTS = 64;

export interface BlockPlan {
  rows: number;
  cols: number;
  /** What `range.values` receives: `null` (an empty cell) becomes `""`, since Excel leaves a cell unchanged for `null`. */
  values: (string | number | boolean)[][];
  /** Number format per cell (`null` leaves the cell's format alone), `@` added to every string Excel would reinterpret. */
  formats: (string | null)[][];
  formatRects: ValueRun<string>[];
  /** True when some cell gets `@`: its format must be synced before the values. */
  hasTextFormat: boolean;
  boldRects: ValueRun<boolean>[];
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

/** Every run inside the block's `rows` x `cols`, or a shape error naming the list. */
function checkRuns(runs: readonly CellRun[] | undefined, rows: number, cols: number, name: string): void {
  for (const r of runs ?? []) {
    if (r.row < 0 || r.col < 0 || r.rows < 1 || r.cols < 1 || r.row + r.rows > rows || r.col + r.cols > cols)
      shapeError(`a ${name} run reaches outside the ${rows} x ${cols} values`);
  }
}

/** The values, formats and bold rectangles that write `block` (pure: checked and planned before any Excel call). */
export function planTextSafeBlock(block: WriteBlock): BlockPlan {
  const rows = block.values.length;
  const cols = block.values[0]?.length ?? 0;
  if (rows === 0 || cols === 0) shapeError('no cells');
  if (block.values.some((r) => r.length !== cols)) shapeError(`values is not ${rows} x ${cols}`);
  checkRuns(block.formats, rows, cols, 'format');
  checkRuns(block.bold, rows, cols, 'bold');

  const formats = textSafeFormats(block);
  const hasTextFormat = formats.some((row) => row.includes(TEXT_FORMAT));
  const values = block.values.map((row, i) => row.map((v, j) => cellValue(v, i, j)));
  const boldRects: ValueRun<boolean>[] = (block.bold ?? []).map((r) => ({
    row: r.row,
    col: r.col,
    rows: r.rows,
    cols: r.cols,
    value: r.bold,
  }));
  return { rows, cols, values, formats, formatRects: valueRuns(formats), hasTextFormat, boldRects };
}

function filled<T>(rows: number, cols: number, v: T): T[][] {
  return Array.from({ length: rows }, () => new Array<T>(cols).fill(v));
}

/** Groups of adjacent columns: `skip` (no cell gets a format), `full` (every cell does), `partial` (some keep theirs). */
function columnGroups(
  formats: ReadonlyArray<ReadonlyArray<string | null>>,
  cols: number,
): Array<{ kind: 'skip' | 'full' | 'partial'; col: number; cols: number }> {
  const kinds = Array.from({ length: cols }, (_, j) => {
    let set = 0;
    for (const row of formats) if (row[j] !== null) set += 1;
    return set === 0 ? 'skip' : set === formats.length ? 'full' : 'partial';
  });
  const groups: Array<{ kind: 'skip' | 'full' | 'partial'; col: number; cols: number }> = [];
  kinds.forEach((kind, j) => {
    const last = groups[groups.length - 1];
    if (last && last.kind === kind) last.cols += 1;
    else groups.push({ kind, col: j, cols: 1 });
  });
  return groups;
}

/**
 * Many format rectangles: the formats go as one matrix per group of columns instead. Columns whose every cell gets a
 * format need no read; columns where some cells keep theirs have their current formats read first (one sync).
 */
async function queueFormatMatrices(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  block: WriteBlock,
  plan: BlockPlan,
): Promise<void> {
  const groups = columnGroups(plan.formats, plan.cols);
  const rangeOf = (g: { col: number; cols: number }): Excel.Range =>
    sheet.getRangeByIndexes(block.row, block.col + g.col, plan.rows, g.cols);
  const partial = groups.filter((g) => g.kind === 'partial').map((g) => ({ g, range: rangeOf(g).load('numberFormat') }));
  if (partial.length > 0) await context.sync();
  for (const g of groups) {
    if (g.kind === 'full') rangeOf(g).numberFormat = plan.formats.map((row) => row.slice(g.col, g.col + g.cols) as string[]);
  }
  for (const { g, range } of partial) {
    const current = range.numberFormat;
    range.numberFormat = plan.formats.map((row, i) =>
      row.slice(g.col, g.col + g.cols).map((f, j) => f ?? String(current[i]?.[j] ?? 'General')),
    );
  }
}

/**
 * Queues and syncs the writes of `block` on its worksheet: the formats (in their own sync when a cell gets `@`), then
 * the values with calculation suspended, then bold. Two syncs at most (three when many format rectangles leave some
 * cells' formats alone, which are read first); no proxy per cell.
 */
export async function writeTextSafeBlock(context: Excel.RequestContext, block: WriteBlock): Promise<void> {
  const plan = planTextSafeBlock(block);
  const sheet = context.workbook.worksheets.getItem(block.sheetId);
  const whole = sheet.getRangeByIndexes(block.row, block.col, plan.rows, plan.cols);
  if (plan.formatRects.length > MAX_FORMAT_RECTS) await queueFormatMatrices(context, sheet, block, plan);
  else {
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
