/** The question asked before an insert overwrites cells that hold data, naming the first few of them and how many more. */
import { describeCells } from './error-view';
import type { PaneQuestion } from './pane-question';

/** `cells` in the way (A1 labels) and how many there are in all (more than `cells` names when there are many). */
export function overwriteQuestion(cells: readonly string[], total: number): PaneQuestion {
  const count = Math.max(total, cells.length);
  const one = count === 1;
  return {
    title: 'Overwrite cells?',
    lines: [
      `The report would cover ${one ? 'a cell that holds' : `${count} cells that hold`} data: ${describeCells(cells, 3, count)}.`,
      `${one ? 'Overwrite it' : 'Overwrite them'}, or cancel and choose another cell.`,
    ],
    confirm: 'Overwrite',
    decline: 'Cancel',
    primary: 'confirm',
  };
}
