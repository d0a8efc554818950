/** The number format each cell of a write block gets so that text stays text: the block's format runs, `@` under risky text. */
import { TEXT_FORMAT, type WriteBlock } from '../host';
import { needsTextFormat } from './inert-text';

/**
 * Per-cell formats of `block` (`null`: the cell keeps its format): the block's format runs, then TEXT_FORMAT on every
 * string a spreadsheet would read as a formula, number, date or boolean, so it lands in a text cell and stays inert
 * (never an apostrophe, which would become part of the value). Runs are assumed inside the block's values.
 */
export function textSafeFormats(block: Pick<WriteBlock, 'values' | 'formats'>): (string | null)[][] {
  const rows = block.values.length;
  const cols = block.values.reduce((m, line) => Math.max(m, line.length), 0);
  const formats: (string | null)[][] = Array.from({ length: rows }, () => new Array<string | null>(cols).fill(null));
  for (const r of block.formats ?? []) for (let i = r.row; i < r.row + r.rows; i++) formats[i]?.fill(r.format, r.col, r.col + r.cols);
  block.values.forEach((line, i) => {
    const f = formats[i];
    if (f === undefined) return;
    line.forEach((v, j) => {
      if (typeof v === 'string' && needsTextFormat(v)) f[j] = TEXT_FORMAT;
    });
  });
  return formats;
}
