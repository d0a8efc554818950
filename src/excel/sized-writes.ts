/** Excel's request cap and the rows of a write block sliced with their format and bold runs (a request part's rows). */
import type { CellRun, WriteBlock } from '../core/host';

/** Excel on the web's request cap. */
export const EXCEL_REQUEST_CAP_BYTES = 5 * 1024 * 1024;

/** The runs cut to rows [from, to), their rows made relative to `from`. */
function sliceRuns<R extends CellRun>(runs: readonly R[], from: number, to: number): R[] {
  const out: R[] = [];
  for (const r of runs) {
    const start = Math.max(r.row, from);
    const end = Math.min(r.row + r.rows, to);
    if (start < end) out.push({ ...r, row: start - from, rows: end - start });
  }
  return out;
}

/** Rows [from, to) of a block, with its format and bold runs cut to match. */
export function sliceRows(block: WriteBlock, from: number, to: number): WriteBlock {
  const part: WriteBlock = { sheetId: block.sheetId, row: block.row + from, col: block.col, values: block.values.slice(from, to) };
  if (block.formats) part.formats = sliceRuns(block.formats, from, to);
  if (block.bold) part.bold = sliceRuns(block.bold, from, to);
  return part;
}
