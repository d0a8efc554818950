/** An edit in progress in the grid or the formula bar, and committing it to the workbook model as typed input. */
import type { WorkbookModel } from '../../core/memory/workbook-model';
import { typedInput } from './typed-input';

export interface CellEdit {
  sheetId: string;
  row: number;
  col: number;
  text: string;
  /** 'enter' (started by typing: arrow keys commit and move, as in a spreadsheet) or 'edit' (F2, Enter, double-click: arrows move the caret). */
  mode: 'enter' | 'edit';
  /** Where the caret is: the in-cell editor or the formula bar. */
  origin: 'cell' | 'bar';
}

/** Store the edited text as a spreadsheet would; throws the model's AddinError when the cell cannot hold it. */
export function commitEdit(model: WorkbookModel, edit: CellEdit): void {
  const format = model.getCell(edit.sheetId, edit.row, edit.col)?.format ?? null;
  const typed = typedInput(edit.text, format);
  model.setValue(edit.sheetId, edit.row, edit.col, typed.value, typed.format === undefined ? {} : { format: typed.format });
}
