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
    if (j < 0) return undefined;
    const num = this.num;
    if (num !== null) {
      const n = num[j] as number;
      if (n === n) return n;
    }
    return this.obj === null ? undefined : this.obj[j];
  }

  hasValue(i: number): boolean {
    return this.value(i) !== undefined;
  }

  formatId(i: number): number {
    const j = this.at(i);
    return j < 0 || this.fmt === null ? 0 : (this.fmt[j] as number);
  }

  private flag(i: number, bit: number): boolean {
    const j = this.at(i);
    return j >= 0 && this.flags !== null && ((this.flags[j] as number) & bit) !== 0;
  }

  /** True when the cell holds a format or bold (what keeps it stored without a value). */
  private holdsOther(i: number): boolean {
    return this.formatId(i) !== 0 || this.flag(i, BOLD);
  }

  holds(i: number): boolean {
    return this.hasValue(i) || this.holdsOther(i);
  }

  /** Stores a value as given (undefined empties the cell; the caller has applied the host's input rules). */
  setValue(i: number, v: Scalar | undefined): void {
    const had = this.hasValue(i);
    if (v === undefined || v === null) {
      if (!had) return;
      const j = this.at(i);
      if (this.num !== null) this.num[j] = NaN;
      if (this.obj !== null) this.obj[j] = undefined;
      this.values -= 1;
      if (!this.holdsOther(i)) this.held -= 1;
      return;
    }
    const j = this.cover(i);
    if (typeof v === 'number') {
      let num = this.num;
      if (num === null) {
        num = new Float64Array(this.size).fill(NaN);
        this.num = num;
      }
      num[j] = v;
      if (this.obj !== null) this.obj[j] = undefined;
    } else {
      (this.obj ??= new Array<Other | undefined>(this.size))[j] = v;
      if (this.num !== null) this.num[j] = NaN;
    }
    if (had) return;
    this.values += 1;
    if (!this.holdsOther(i)) this.held += 1;
  }

  /**
   * Writes column `col` of `lines[at]`, `lines[at + 1]`... into rows `from`, `from + 1`... of the chunk, `count` of them,
   * with the host's input rules (`textId`: the sheet's index of TEXT_FORMAT, not positive when it has none); a line too short for
   * `col` leaves its cell alone. The bulk path of a write: the window is grown once, and cells are reached directly.
   */
  putLines(from: number, count: number, lines: readonly (readonly Scalar[] | undefined)[], at: number, col: number, textId: number): void {
    if (count <= 0) return;
    this.cover(from);
    this.cover(from + count - 1);
    const lo = this.lo;
    const fmt = this.fmt;
    let num = this.num;
    let obj = this.obj;
    let flags = this.flags;
    for (let k = 0; k < count; k += 1) {
      const line = lines[at + k];
      if (line === undefined || col >= line.length) continue;
      const j = from + k - lo;
      const text = textId > 0 && fmt !== null && fmt[j] === textId;
      const stored = storedInput(line[col] ?? null, text);
      const had = (num !== null && num[j] === num[j]) || (obj !== null && obj[j] !== undefined);
      const other = (fmt !== null && fmt[j] !== 0) || (flags !== null && ((flags[j] as number) & BOLD) !== 0);
      if (stored === null) {
        if (had) {
          if (num !== null) num[j] = NaN;
          if (obj !== null) obj[j] = undefined;
          this.values -= 1;
          if (!other) this.held -= 1;
        }
      } else {
        if (typeof stored === 'number') {
          num ??= this.num = new Float64Array(this.size).fill(NaN);
          num[j] = stored;
          if (obj !== null) obj[j] = undefined;
        } else {
          obj ??= this.obj = new Array<Other | undefined>(this.size);
          obj[j] = stored;
          if (num !== null) num[j] = NaN;
        }
        if (!had) {
          this.values += 1;
          if (!other) this.held += 1;
        }
      }
      const formula = startsFormula(stored, text);
      if (formula) {
        flags ??= this.flags = new Uint8Array(this.size);
        flags[j] = (flags[j] as number) | FORMULA;
      } else if (flags !== null) flags[j] = (flags[j] as number) & ~FORMULA;
    }
  }

  setFormatId(i: number, id: number): void {
    if (this.formatId(i) === id) return;
    const before = this.holds(i);
    const j = this.cover(i);
    (this.fmt ??= new Uint16Array(this.size))[j] = id;
    this.held += Number(this.holds(i)) - Number(before);
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
    for (let i = from; i < to; i += 1) if (fmt[i - this.lo] === 0 && !this.hasValue(i) && !this.flag(i, BOLD)) this.held += 1;
    fmt.fill(id, from - this.lo, to - this.lo);
  }

  isBold(i: number): boolean {
    return this.flag(i, BOLD);
  }

  setBold(i: number, on: boolean): void {
    this.setFlag(i, BOLD, on);
  }

  isFormula(i: number): boolean {
    return this.flag(i, FORMULA);
  }

  /** Marks a cell's text as a formula (only a cell holding a value keeps the mark). */
  setFormula(i: number, on: boolean): void {
    this.setFlag(i, FORMULA, on);
  }

  private setFlag(i: number, bit: number, on: boolean): void {
    if (this.flag(i, bit) === on) return;
    const before = this.holds(i);
    const j = this.cover(i);
    const flags = (this.flags ??= new Uint8Array(this.size));
    flags[j] = on ? (flags[j] as number) | bit : (flags[j] as number) & ~bit;
    this.held += Number(this.holds(i)) - Number(before);
  }
}
