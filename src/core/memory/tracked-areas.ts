/**
 * Tracked areas of a workbook: rectangles by id that follow inserted and deleted rows, columns and sheets.
 * An area is `null` once its cells are gone.
 */
import type { GridRange } from '../host';

/** Shift a 1-D interval [start, start+len) for an insertion of `count` at `at`; inserting inside grows it. */
function shiftForInsert(start: number, len: number, at: number, count: number): { start: number; len: number } {
  if (at <= start) return { start: start + count, len };
  if (at < start + len) return { start, len: len + count };
  return { start, len };
}

/** Shrink/shift a 1-D interval for a deletion of [at, at+count); `null` when wholly deleted. */
function shiftForDelete(start: number, len: number, at: number, count: number): { start: number; len: number } | null {
  const delEnd = at + count;
  const before = Math.max(0, Math.min(delEnd, start) - at);
  const inside = Math.max(0, Math.min(delEnd, start + len) - Math.max(at, start));
  const newLen = len - inside;
  if (newLen <= 0) return null;
  return { start: start - before, len: newLen };
}

/**
 * Prefix of the id under which a workbook model keeps a workbook-scoped name among its tracked areas (placement ids are
 * letters and digits, parameter areas start with `param.`, so the colon keeps names apart; `areaIds` leaves them out).
 */
export const NAME_AREA_PREFIX = 'name:';

export class TrackedAreas {
  private readonly areas = new Map<string, GridRange | null>();

  /** Track (or re-track) an area under `id`. */
  set(id: string, range: GridRange | null): void {
    this.areas.set(id, range ? { ...range } : null);
  }

  /** Where the area is now: `null` once deleted (orphaned), `undefined` when the id was never tracked. */
  get(id: string): GridRange | null | undefined {
    const a = this.areas.get(id);
    return a ? { ...a } : a;
  }

  /** True when `id` was tracked. */
  delete(id: string): boolean {
    return this.areas.delete(id);
  }

  ids(): string[] {
    return [...this.areas.keys()];
  }

  entries(): Array<[string, GridRange | null]> {
    return [...this.areas.entries()];
  }

  /** Rows inserted on a sheet: areas below move down, areas spanning `row` grow. True when an area changed. */
  insertRows(sheetId: string, row: number, count: number): boolean {
    return this.move(sheetId, (a) => {
      const v = shiftForInsert(a.row, a.rows, row, count);
      return { ...a, row: v.start, rows: v.len };
    });
  }

  /** Rows deleted: areas shrink or move up; an area whose rows are all deleted becomes null. */
  deleteRows(sheetId: string, row: number, count: number): boolean {
    return this.move(sheetId, (a) => {
      const v = shiftForDelete(a.row, a.rows, row, count);
      return v ? { ...a, row: v.start, rows: v.len } : null;
    });
  }

  insertColumns(sheetId: string, col: number, count: number): boolean {
    return this.move(sheetId, (a) => {
      const v = shiftForInsert(a.col, a.cols, col, count);
      return { ...a, col: v.start, cols: v.len };
    });
  }

  deleteColumns(sheetId: string, col: number, count: number): boolean {
    return this.move(sheetId, (a) => {
      const v = shiftForDelete(a.col, a.cols, col, count);
      return v ? { ...a, col: v.start, cols: v.len } : null;
    });
  }

  /** A sheet deleted: its areas become null. True when one did. */
  deleteSheet(sheetId: string): boolean {
    return this.move(sheetId, () => null);
  }

  private move(sheetId: string, f: (a: GridRange) => GridRange | null): boolean {
    let changed = false;
    for (const [id, a] of this.areas) {
      if (!a || a.sheetId !== sheetId) continue;
      const next = f(a);
      if (next === null || next.row !== a.row || next.col !== a.col || next.rows !== a.rows || next.cols !== a.cols) {
        this.areas.set(id, next);
        changed = true;
      }
    }
    return changed;
  }
}
