/** The cell storage of one sheet: sparse rows of values with side arrays for formats, bold and formula marks. */
import type { Scalar } from '../host';

/** Cells of one row, indexed by column (holes are empty). Side arrays are allocated only when needed. */
export interface RowStore {
  v: (Scalar | undefined)[];
  f?: (string | null | undefined)[];
  b?: (boolean | undefined)[];
  x?: (boolean | undefined)[];
}

export interface SheetStore {
  id: string;
  name: string;
  rows: Map<number, RowStore>;
  /** Column widths in pixels, only where set (other columns have the viewer's default width). */
  widths: Map<number, number>;
}

/** The widest a column may be set, in pixels (Excel's limit of 255 characters is about 1,790 px). */
export const MAX_COLUMN_WIDTH = 2000;

/** True when a row holds no value, format or bold (it can be dropped). */
export function isEmptyRow(r: RowStore): boolean {
  return !holdsAny(r.v) && !holdsAny(r.f) && !holdsAny(r.b);
}

/** True when a side array holds anything (not a hole, `undefined`, `null` or `false`); a module function, so checking a row allocates nothing. */
function holdsAny(a: readonly unknown[] | undefined): boolean {
  return a !== undefined && a.some(isHeld);
}

function isHeld(x: unknown): boolean {
  return x !== undefined && x !== null && x !== false;
}
