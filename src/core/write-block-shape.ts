/** The shape rule every host checks before writing a block: rectangular values, and format and bold runs inside them. */
import type { WriteBlock } from './host';
import { AddinError } from './errors/addin-error';

/** The block's size; throws AddinError kind 'host' when its values are not rectangular or a run reaches outside them. */
export function writeBlockShape(block: WriteBlock): { rows: number; cols: number } {
  const rows = block.values.length;
  const cols = block.values[0]?.length ?? 0;
  if (block.values.some((line) => line.length !== cols)) throw new AddinError('host', 'A write block must be rectangular.');
  for (const run of [...(block.formats ?? []), ...(block.bold ?? [])])
    if (run.row < 0 || run.col < 0 || run.rows < 1 || run.cols < 1 || run.row + run.rows > rows || run.col + run.cols > cols)
      throw new AddinError('host', 'A format or bold run of a write block reaches outside its values.');
  return { rows, cols };
}
