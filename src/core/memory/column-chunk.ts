/**
 * ColumnChunk: the cells of one column over one chunk of 1,024 rows, numbers unboxed in a Float64Array, formats as
 * indexes into the sheet's table, bold and formula marks as bits, with counts of what it holds. Its arrays cover a
 * window of the chunk's rows that grows as cells are written (32 rows at first), so a lone cell costs a few hundred
 * bytes and a full chunk 1,024 rows.
 */
import type { Scalar } from '../host';
import { startsFormula, storedInput } from './cell-input';

/** Bits of a row's index in its chunk. */
export const CHUNK_ROW_BITS = 10;
/** Rows of a chunk. */
export const CHUNK_ROWS = 1 << CHUNK_ROW_BITS;
const BOLD = 1;
const FORMULA = 2;
/** Rows of the smallest window. */
const MIN_WINDOW = 32;

/**
 * Calls `span` for each run of the rows [row, row + rows) that lies in one chunk: the run's offset from `row`, its first
 * row's index in the chunk and its length.
 */
export function forEachChunkSpan(row: number, rows: number, span: (at: number, first: number, count: number) => void): void {
  for (let at = 0; at < rows;) {
    const first = (row + at) % CHUNK_ROWS;
    const count = Math.min(rows - at, CHUNK_ROWS - first);
    span(at, first, count);
    at += count;
  }
}

/** What a cell holds besides a number. */
type Other = string | boolean;

/** The cells of one column over one chunk of rows; `i` is a row's index in the chunk. */
export class ColumnChunk {
  /** Numbers by row of the window, NaN where the cell holds none (a cell never holds NaN: hosts refuse it). */
  num: Float64Array | null = null;
  /** Text and booleans by row of the window. */
  obj: (Other | undefined)[] | null = null;
  /** Format indexes by row of the window (0: none). */
  fmt: Uint16Array | null = null;
  /** BOLD and FORMULA bits by row of the window. */
  flags: Uint8Array | null = null;
  /** Cells holding a value. */
  values = 0;
  /** Cells holding anything: a value, a format or bold (the chunk is dropped when none is left). */
  held = 0;
  /** The rows the arrays cover, [lo, lo + size): a block aligned to its power-of-two size (size 0: none yet). */
  private lo = 0;
  private size = 0;

  /** Row i's index in the arrays, or -1 outside the window (such a cell holds nothing). */
  private at(i: number): number {
    const j = i - this.lo;
    return j >= 0 && j < this.size ? j : -1;
  }

  /**
   * Row i's index in the arrays, the window grown first where it does not cover i: to the smallest aligned block of a
   * power-of-two size that holds both, every array allocated moved into arrays of that size.
   */
  private cover(i: number): number {
    const j = this.at(i);
    if (j >= 0) return j;
    let size = Math.max(MIN_WINDOW, this.size);
    while (this.size > 0 && Math.floor(this.lo / size) !== Math.floor(i / size)) size *= 2;
    const lo = Math.floor(i / size) * size;
    const shift = this.lo - lo;
    if (this.num !== null) {
      const num = new Float64Array(size).fill(NaN);
      num.set(this.num, shift);
      this.num = num;
    }
    if (this.obj !== null) {
      const obj = new Array<Other | undefined>(size);
      this.obj.forEach((v, k) => {
        if (v !== undefined) obj[shift + k] = v;
      });
      this.obj = obj;
    }
    if (this.fmt !== null) {
      const fmt = new Uint16Array(size);
      fmt.set(this.fmt, shift);
      this.fmt = fmt;
    }
    if (this.flags !== null) {
      const flags = new Uint8Array(size);
      flags.set(this.flags, shift);
      this.flags = flags;
    }
    this.lo = lo;
    this.size = size;
    return i - lo;
  }

  value(i: number): Scalar | undefined {
    const j = this.at(i);
    return j < 0 ? undefined : this.valueAt(j);
  }

  hasValue(i: number): boolean {
    return this.value(i) !== undefined;
  }

  formatId(i: number): number {
    const j = this.at(i);
    return j < 0 ? 0 : this.formatAt(j);
  }

  holds(i: number): boolean {
    const j = this.at(i);
    return j >= 0 && this.holdsAt(j);
  }

  isBold(i: number): boolean {
    const j = this.at(i);
    return j >= 0 && this.flagAt(j, BOLD);
  }

  isFormula(i: number): boolean {
    const j = this.at(i);
    return j >= 0 && this.flagAt(j, FORMULA);
  }

  /** Stores a value as given (undefined empties the cell; the caller has applied the host's input rules). */
  setValue(i: number, v: Scalar | undefined): void {
    if (v !== undefined && v !== null) return this.storeAt(this.cover(i), v);
    const j = this.at(i);
    if (j >= 0) this.storeAt(j, null);
  }

  /**
   * Writes column `col` of `lines[at]`, `lines[at + 1]`... into rows `from`, `from + 1`... of the chunk, `count` of them,
   * with the host's input rules (`textId`: the sheet's index of TEXT_FORMAT, not positive when it has none); a line too
   * short for `col` leaves its cell alone. The bulk path of a write: the window is grown once for all of them.
   */
  putLines(from: number, count: number, lines: readonly (readonly Scalar[] | undefined)[], at: number, col: number, textId: number): void {
    if (count <= 0) return;
    this.cover(from);
    this.cover(from + count - 1);
    for (let k = 0; k < count; k += 1) {
      const line = lines[at + k];
      if (line === undefined || col >= line.length) continue;
      const j = from + k - this.lo;
      const text = textId > 0 && this.formatAt(j) === textId;
      const stored = storedInput(line[col] ?? null, text);
      this.storeAt(j, stored);
      const formula = startsFormula(stored, text);
      if (formula || this.flagAt(j, FORMULA)) this.setFlagAt(j, FORMULA, formula);
    }
  }

  setFormatId(i: number, id: number): void {
    if (this.formatId(i) === id) return;
    const j = this.cover(i);
    const before = this.holdsAt(j);
    (this.fmt ??= new Uint16Array(this.size))[j] = id;
    this.held += Number(this.holdsAt(j)) - Number(before);
  }

  /** Sets the chunk's format id over rows [from, to) in one fill (a write's format run). */
  fillFormatId(from: number, to: number, id: number): void {
    if (id === 0) {
      for (let i = from; i < to; i += 1) this.setFormatId(i, 0);
      return;
    }
    if (to <= from) return;
    this.cover(from);
    this.cover(to - 1);
    const fmt = (this.fmt ??= new Uint16Array(this.size));
    for (let j = from - this.lo; j < to - this.lo; j += 1) if (!this.holdsAt(j)) this.held += 1;
    fmt.fill(id, from - this.lo, to - this.lo);
  }

  setBold(i: number, on: boolean): void {
    this.setFlag(i, BOLD, on);
  }

  /** Marks a cell's text as a formula (only a cell holding a value keeps the mark). */
  setFormula(i: number, on: boolean): void {
    this.setFlag(i, FORMULA, on);
  }

  private setFlag(i: number, bit: number, on: boolean): void {
    const j = this.at(i);
    if ((j >= 0 && this.flagAt(j, bit)) === on) return;
    this.setFlagAt(this.cover(i), bit, on);
  }

  // ---------- cells by their index in the window ----------

  private valueAt(j: number): Scalar | undefined {
    const num = this.num;
    if (num !== null) {
      const n = num[j] as number;
      if (n === n) return n;
    }
    return this.obj === null ? undefined : this.obj[j];
  }

  private formatAt(j: number): number {
    return this.fmt === null ? 0 : (this.fmt[j] as number);
  }

  private flagAt(j: number, bit: number): boolean {
    return this.flags !== null && ((this.flags[j] as number) & bit) !== 0;
  }

  /** True when the cell holds a value, a format or bold (what keeps it stored). */
  private holdsAt(j: number): boolean {
    return this.valueAt(j) !== undefined || this.formatAt(j) !== 0 || this.flagAt(j, BOLD);
  }

  /** Stores a value (null empties the cell) and keeps the counts. */
  private storeAt(j: number, v: Scalar): void {
    const had = this.valueAt(j) !== undefined;
    if (v === null) {
      if (!had) return;
      if (this.num !== null) this.num[j] = NaN;
      if (this.obj !== null) this.obj[j] = undefined;
    } else if (typeof v === 'number') {
      (this.num ??= new Float64Array(this.size).fill(NaN))[j] = v;
      if (this.obj !== null) this.obj[j] = undefined;
    } else {
      (this.obj ??= new Array<Other | undefined>(this.size))[j] = v;
      if (this.num !== null) this.num[j] = NaN;
    }
    if (had === (v !== null)) return;
    const change = had ? -1 : 1;
    this.values += change;
    // A cell with a format or bold stays held whatever its value.
    if (this.formatAt(j) === 0 && !this.flagAt(j, BOLD)) this.held += change;
  }

  private setFlagAt(j: number, bit: number, on: boolean): void {
    const before = this.holdsAt(j);
    const flags = (this.flags ??= new Uint8Array(this.size));
    flags[j] = on ? (flags[j] as number) | bit : (flags[j] as number) & ~bit;
    this.held += Number(this.holdsAt(j)) - Number(before);
  }
}
