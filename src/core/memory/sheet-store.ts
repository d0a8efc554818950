/** The storage of one sheet: its cells, name and column widths. */
import type { CellStore } from './cell-store';

export interface SheetStore {
  id: string;
  name: string;
  cells: CellStore;
  /** Column widths in pixels, only where set (other columns have the viewer's default width). */
  widths: Map<number, number>;
}

/** The widest a column may be set, in pixels (Excel's limit of 255 characters is about 1,790 px). */
export const MAX_COLUMN_WIDTH = 2000;
