/** How the preview grid shows a cell and what its formula bar and editor show (the number formats: core/cells/cell-display). */
import type { CellData } from '../../core/memory/workbook-model';
import { displayValue, formatSerialDate, isDateFormat, type CellText } from '../../core/cells/cell-display';

/** What the grid shows in a cell. */
export function cellText(cell: CellData | null): CellText {
  return cell === null ? { text: '', align: 'left' } : displayValue(cell.value, cell.format);
}

/** What the formula bar and the cell editor show: full precision, dates in their format, booleans as TRUE/FALSE. */
export function editText(cell: CellData | null): string {
  if (cell === null || cell.value === null) return '';
  const v = cell.value;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v;
  if (cell.format !== null && isDateFormat(cell.format) && v >= 0) return formatSerialDate(v, cell.format);
  return String(v);
}
