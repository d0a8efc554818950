/** Number formats of stored rows: one cell's, a write's format runs swept so rows share arrays, a column shift. */
import type { FormatRun } from '../host';
import { GENERAL_FORMAT } from '../host';
import { holdsFormat, ownFormats, rowFor, type RowStore, type SheetStore } from './sheet-store';

/**
 * A row-formats shift (a column insert or delete) that keeps shared formats shared: each shared array is shifted once
 * and its rows take the shifted copy; formats of a row's own are shifted in place.
 */
export function sharedFormatsShift(shift: (f: (string | null | undefined)[]) => void): (r: RowStore) => void {
  const shifted = new Map<readonly (string | null | undefined)[], readonly (string | null | undefined)[]>();
  return (r) => {
    const f = r.f;
    if (f === undefined) return;
    if (!Object.isFrozen(f)) return shift(ownFormats(r));
    let next = shifted.get(f);
    if (next === undefined) {
      const copy = f.slice();
      shift(copy);
      next = Object.freeze(copy);
      shifted.set(f, next);
    }
    r.f = next;
  };
}

/** Sets one cell's number format (General is stored as none), copying a shared formats array first. */
export function setFormatIn(r: RowStore, col: number, format: string): void {
  const f = format === GENERAL_FORMAT ? null : format;
  const current = r.f?.[col] ?? null;
  if (current === f) return;
  if (f === null) delete ownFormats(r)[col];
  else ownFormats(r)[col] = f;
}

/**
 * Applies a write's format runs to rows [row, row + rows), sweeping the run edges top to bottom: the rows between two
 * edges get the same runs (at most one a column: runs do not overlap), so rows whose formats were shared (or absent)
 * end up sharing one frozen array per outcome, across the whole block; a row with formats of its own is changed in place.
 */
export function applyFormatRuns(s: SheetStore, row: number, col: number, rows: number, cols: number, runs: readonly FormatRun[]): void {
  const clamp = (i: number): number => Math.max(0, Math.min(rows, i));
  // Runs in their order in the list (a later run wins where two overlap, as cell by cell), by index.
  const events: Array<{ at: number; index: number; start: boolean }> = [];
  runs.forEach((run, index) => {
    if (run.col >= cols || run.cols <= 0 || clamp(run.row) >= clamp(run.row + run.rows)) return;
    events.push({ at: clamp(run.row), index, start: true }, { at: clamp(run.row + run.rows), index, start: false });
  });
  events.sort((a, b) => a.at - b.at);
  const width = col + cols;
  /** The shared formats a row's formats (shared or absent) become, by the runs over it. */
  const outcomes = new Map<
    string,
    Map<readonly (string | null | undefined)[] | undefined, readonly (string | null | undefined)[] | undefined>
  >();
  let active: number[] = [];
  for (let e = 0; e < events.length;) {
    const from = events[e]?.at ?? rows;
    for (let event = events[e]; event !== undefined && event.at === from; event = events[++e]) {
      active = event.start ? [...active, event.index].sort((a, b) => a - b) : active.filter((i) => i !== event.index);
    }
    const to = events[e]?.at ?? rows;
    if (active.length === 0 || to <= from) continue;
    const here = active.map((i) => runs[i] as FormatRun);
    // Keyed by what the runs set (not which runs they are), so equal rows of different segments share too.
    const key = JSON.stringify(here.map((r) => [r.col, r.cols, r.format]));
    let outcome = outcomes.get(key);
    if (outcome === undefined) {
      outcome = new Map();
      outcomes.set(key, outcome);
    }
    for (let i = from; i < to; i += 1) {
      const existing = s.rows.get(row + i);
      const current = existing?.f;
      if (existing !== undefined && current !== undefined && !Object.isFrozen(current)) {
        for (const run of here)
          for (let j = run.col; j < run.col + run.cols && j < cols; j += 1) setFormatIn(existing, col + j, run.format);
        continue;
      }
      let next = outcome.get(current);
      if (next === undefined && !outcome.has(current)) {
        const f = current === undefined ? new Array<string | null | undefined>(width) : current.slice();
        for (const run of here)
          for (let j = run.col; j < run.col + run.cols && j < cols; j += 1) {
            if (run.format === GENERAL_FORMAT) delete f[col + j];
            else f[col + j] = run.format;
          }
        next = holdsFormat(f) ? Object.freeze(f) : undefined;
        outcome.set(current, next);
      }
      if (next === current) continue;
      const r = existing ?? rowFor(s, row + i, width);
      r.f = next;
    }
  }
}
