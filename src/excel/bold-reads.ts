/** Per-cell bold of a range of mixed bold, found by row bands: a bold header row costs a few small syncs. */
import { z } from 'zod';
import type { GridRange } from '../core/host';
import { isResponseTooLarge } from './excel-errors';
import { readBold, type ReadBudget } from './block-reads';

/** A mixed part of at most this many cells is read cell by cell (about 40 bytes of response each). */
const CELL_READ_CELLS = 20_000;
/** Cells read cell by cell in one sync at most. */
const CELL_READ_CELLS_PER_SYNC = 100_000;
/** Row bands a larger mixed part is cut into per sync. */
const BANDS = 16;

const boldSchema = z.array(z.array(z.object({ format: z.object({ font: z.object({ bold: z.boolean() }) }) })));

function bands(r: GridRange): GridRange[] {
  const step = Math.ceil(r.rows / BANDS);
  const out: GridRange[] = [];
  for (let row = 0; row < r.rows; row += step) out.push({ ...r, row: r.row + row, rows: Math.min(step, r.rows - row) });
  return out;
}

/** Bold of every cell of `range` (whose own bold property read mixed); a refused response falls back to readBold. */
export async function boldByBands(context: Excel.RequestContext, range: GridRange, budget: ReadBudget): Promise<boolean[][]> {
  const out = Array.from({ length: range.rows }, () => new Array<boolean>(range.cols).fill(false));
  const sheet = context.workbook.worksheets.getItem(range.sheetId);
  const proxy = (r: GridRange): Excel.Range => sheet.getRangeByIndexes(r.row, r.col, r.rows, r.cols);
  const fill = (r: GridRange, at: (i: number, j: number) => boolean): void => {
    for (let i = 0; i < r.rows; i++) for (let j = 0; j < r.cols; j++) out[r.row - range.row + i]![r.col - range.col + j] = at(i, j);
  };
  // One sync per round: the mixed parts left get narrower each round.
  const sync = (): Promise<void> => context.sync();
  let mixed: GridRange[] = [range];
  while (mixed.length > 0) {
    const cellReads: Array<{ r: GridRange; props: OfficeExtension.ClientResult<Excel.CellProperties[][]> }> = [];
    const bandReads: Array<{ r: GridRange; font: Excel.RangeFont }> = [];
    const later: GridRange[] = [];
    let cells = 0;
    for (const r of mixed) {
      const n = r.rows * r.cols;
      if (n <= CELL_READ_CELLS || r.rows === 1) {
        if (cells > 0 && cells + n > CELL_READ_CELLS_PER_SYNC) later.push(r);
        else {
          cells += n;
          cellReads.push({ r, props: proxy(r).getCellProperties({ format: { font: { bold: true } } }) });
        }
      } else for (const b of bands(r)) bandReads.push({ r: b, font: proxy(b).format.font.load('bold') });
    }
    try {
      await sync();
    } catch (e) {
      if (!isResponseTooLarge(e)) throw e;
      return readBold(context, range, budget);
    }
    for (const { r, props } of cellReads) {
      // A ClientResult's value arrives with the sync.
      const got = boldSchema.parse(props.value);
      fill(r, (i, j) => got[i]?.[j]?.format.font.bold === true);
    }
    mixed = later;
    for (const { r, font } of bandReads) {
      if (font.bold === null) mixed.push(r);
      else if (font.bold) fill(r, () => true);
    }
  }
  return out;
}
