/** The cell storage of one sheet: sparse rows of values with side arrays for formats, bold and formula marks. */
import type { Scalar } from '../host';
import type { RowIndex } from './row-index';

/**
 * Cells of one row, indexed by column (holes are empty). Side arrays are allocated only when needed. A frozen `f` is
 * shared by rows that have the same formats (a block's rows mostly do): change a row's formats through ownFormats.
 */
export interface RowStore {
  v: (Scalar | undefined)[];
  f?: readonly (string | null | undefined)[];
  b?: (boolean | undefined)[];
  x?: (boolean | undefined)[];
}

export interface SheetStore {
  id: string;
  name: string;
  rows: RowIndex<RowStore>;
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

/** The row's number formats, as an array of its own that may be written (a shared, frozen one is copied first). */
export function ownFormats(r: RowStore): (string | null | undefined)[] {
  const f = r.f;
  if (f === undefined) {
    const fresh: (string | null | undefined)[] = [];
    r.f = fresh;
    return fresh;
  }
  if (Object.isFrozen(f)) {
    const copy = f.slice();
    r.f = copy;
    return copy;
  }
  return f as (string | null | undefined)[];
}

/** True when a row's formats hold any format (not all holes or `null`). */
export function holdsFormat(f: readonly (string | null | undefined)[] | undefined): boolean {
  return holdsAny(f);
}

/**
 * The row's store, created when missing (`width` sizes a new row's values: a block's rows then hold no spare slots),
 * with its formats slot from the start (adding it later, or deleting it, slows every row down).
 */
export function rowFor(s: SheetStore, row: number, width = 0): RowStore {
  let r = s.rows.get(row);
  if (!r) {
    r = { v: width > 0 ? new Array<Scalar | undefined>(width) : [], f: undefined };
    s.rows.set(row, r);
  }
  return r;
}

/** Drops a row that holds nothing any more. */
export function dropIfEmpty(s: SheetStore, row: number, r: RowStore): void {
  if (isEmptyRow(r)) s.rows.delete(row);
}

/** Row indexes of rows holding anything, ascending, inside [from, to). */
export function rowKeys(s: SheetStore, from: number, to: number): number[] {
  if (to - from <= s.rows.size) {
    const keys: number[] = [];
    for (let r = from; r < to; r += 1) if (s.rows.has(r)) keys.push(r);
    return keys;
  }
  return [...s.rows.keys()].filter((r) => r >= from && r < to);
}
