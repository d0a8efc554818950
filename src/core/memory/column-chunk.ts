/**
 * ColumnChunk: the cells of one column over one chunk of 1,024 rows, numbers unboxed in a Float64Array, formats as
 * indexes into the sheet's table, bold and formula marks as bits, with counts of what it holds.
 */
import type { Scalar } from '../host';

/** Bits of a row's index in its chunk. */
export const CHUNK_ROW_BITS = 10;
/** Rows of a chunk. */
export const CHUNK_ROWS = 1 << CHUNK_ROW_BITS;
const BOLD = 1;
const FORMULA = 2;

/** What a cell holds besides a number. */
type Other = string | boolean;

/** The cells of one column over one chunk of rows; `i` is a row's index in the chunk. */
export class ColumnChunk {
  /** Numbers by row, NaN where the cell holds none (a cell never holds NaN: hosts refuse it). */
  num: Float64Array | null = null;
  /** Text and booleans by row. */
  obj: (Other | undefined)[] | null = null;
  /** Format indexes by row (0: none). */
  fmt: Uint16Array | null = null;
  /** BOLD and FORMULA bits by row. */
  flags: Uint8Array | null = null;
  /** Cells holding a value. */
  values = 0;
  /** Cells holding anything: a value, a format or bold (the chunk is dropped when none is left). */
  held = 0;

  value(i: number): Scalar | undefined {
    const num = this.num;
    if (num !== null) {
      const n = num[i] as number;
      if (n === n) return n;
    }
    return this.obj === null ? undefined : this.obj[i];
  }

  hasValue(i: number): boolean {
    return this.value(i) !== undefined;
  }

  formatId(i: number): number {
    return this.fmt === null ? 0 : (this.fmt[i] as number);
  }

  private flag(i: number, bit: number): boolean {
    return this.flags !== null && ((this.flags[i] as number) & bit) !== 0;
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
      if (this.num !== null) this.num[i] = NaN;
      if (this.obj !== null) this.obj[i] = undefined;
      this.values -= 1;
      if (!this.holdsOther(i)) this.held -= 1;
      return;
    }
    if (typeof v === 'number') {
      let num = this.num;
      if (num === null) {
        num = new Float64Array(CHUNK_ROWS).fill(NaN);
        this.num = num;
      }
      num[i] = v;
      if (this.obj !== null) this.obj[i] = undefined;
    } else {
      (this.obj ??= new Array<Other | undefined>(CHUNK_ROWS))[i] = v;
      if (this.num !== null) this.num[i] = NaN;
    }
    if (had) return;
    this.values += 1;
    if (!this.holdsOther(i)) this.held += 1;
  }

  setFormatId(i: number, id: number): void {
    if (this.formatId(i) === id) return;
    const before = this.holds(i);
    (this.fmt ??= new Uint16Array(CHUNK_ROWS))[i] = id;
    this.held += Number(this.holds(i)) - Number(before);
  }

  /** Sets the chunk's format id over [from, to) in one fill (a write's format run). */
  fillFormatId(from: number, to: number, id: number): void {
    if (id === 0) {
      for (let i = from; i < to; i += 1) this.setFormatId(i, 0);
      return;
    }
    const fmt = (this.fmt ??= new Uint16Array(CHUNK_ROWS));
    for (let i = from; i < to; i += 1) if (fmt[i] === 0 && !this.hasValue(i) && !this.flag(i, BOLD)) this.held += 1;
    fmt.fill(id, from, to);
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
    const flags = (this.flags ??= new Uint8Array(CHUNK_ROWS));
    flags[i] = on ? (flags[i] as number) | bit : (flags[i] as number) & ~bit;
    this.held += Number(this.holds(i)) - Number(before);
  }
}
