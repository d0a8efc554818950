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
}

/** True when a row holds no value, format or bold (it can be dropped). */
export function isEmptyRow(r: RowStore): boolean {
  const has = (a: unknown[] | undefined): boolean => a !== undefined && a.some((x) => x !== undefined && x !== null && x !== false);
  return !has(r.v) && !has(r.f) && !has(r.b);
}
