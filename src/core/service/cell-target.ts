/** The pane's view of a host's active cell: its sheet, position and A1 label ("Sheet1!B2"). */
import { formatRangeRef } from '../cells/a1';
import type { SheetRef } from '../host';
import type { CellTarget } from './addin-service';

export function cellTargetOf(a: { sheet: SheetRef; row: number; col: number }): CellTarget {
  return {
    sheetId: a.sheet.id,
    sheetName: a.sheet.name,
    row: a.row,
    col: a.col,
    label: formatRangeRef(a.sheet.name, { row: a.row, col: a.col, rows: 1, cols: 1 }),
  };
}
