/**
 * ColumnLayout: where each column of the grid starts and how wide it is, from a sheet's column widths.
 * Columns without a width have the default width.
 */

/** The default column width, in pixels. */
export const DEFAULT_COL_WIDTH = 100;

export class ColumnLayout {
  /** offsets[i]: left edge of column i from the first column's left edge, for i in [0, count]. */
  private readonly offsets: Float64Array;

  /** `count`: the columns the grid shows; columns past it have the default width. */
  constructor(
    readonly count: number,
    private readonly widths: ReadonlyMap<number, number> = new Map(),
    readonly defaultWidth: number = DEFAULT_COL_WIDTH,
  ) {
    this.offsets = new Float64Array(count + 1);
    for (let c = 0; c < count; c += 1) this.offsets[c + 1] = (this.offsets[c] as number) + this.width(c);
  }

  width(col: number): number {
    return this.widths.get(col) ?? this.defaultWidth;
  }

  /** Left edge of a column, from the first column's left edge. */
  left(col: number): number {
    if (col <= 0) return 0;
    if (col <= this.count) return this.offsets[col] as number;
    return (this.offsets[this.count] as number) + (col - this.count) * this.defaultWidth;
  }

  /** Width of all `count` columns. */
  get total(): number {
    return this.offsets[this.count] as number;
  }

  /** The column under `x` (pixels from the first column's left edge); 0 left of it, past `count` beyond it. */
  colAt(x: number): number {
    if (x <= 0) return 0;
    if (x >= this.total) return this.count + Math.floor((x - this.total) / this.defaultWidth);
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.offsets[mid] as number) <= x) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
