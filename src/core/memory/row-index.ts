/**
 * RowIndex: a sheet's stored rows by row number, in a two-level table of 1,024-row blocks.
 * A Map's hashed lookups cost a cache miss a row on a large sheet.
 */
const BLOCK_BITS = 10;
const BLOCK_ROWS = 1 << BLOCK_BITS;
const ROW_IN_BLOCK = BLOCK_ROWS - 1;

/** The Map subset the model uses (rows by number, `RowStore` a sheet's row), over blocks of rows; iteration is in ascending row order. */
export class RowIndex<RowStore> {
  /** Blocks by row >> BLOCK_BITS, preallocated for Excel's grid (1,048,576 rows) so the directory stays a dense array. */
  private blocks: ((RowStore | undefined)[] | undefined)[] = new Array<(RowStore | undefined)[] | undefined>(BLOCK_ROWS);
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(row: number): RowStore | undefined {
    return this.blocks[row >>> BLOCK_BITS]?.[row & ROW_IN_BLOCK];
  }

  has(row: number): boolean {
    return this.get(row) !== undefined;
  }

  set(row: number, store: RowStore): this {
    const b = row >>> BLOCK_BITS;
    let block = this.blocks[b];
    if (block === undefined) {
      block = new Array<RowStore | undefined>(BLOCK_ROWS);
      this.blocks[b] = block;
    }
    if (block[row & ROW_IN_BLOCK] === undefined) this.count += 1;
    block[row & ROW_IN_BLOCK] = store;
    return this;
  }

  delete(row: number): boolean {
    const block = this.blocks[row >>> BLOCK_BITS];
    if (block === undefined || block[row & ROW_IN_BLOCK] === undefined) return false;
    block[row & ROW_IN_BLOCK] = undefined;
    this.count -= 1;
    return true;
  }

  *entries(): Generator<[number, RowStore], void, undefined> {
    const blocks = this.blocks;
    for (let b = 0; b < blocks.length; b += 1) {
      const block = blocks[b];
      if (block === undefined) continue;
      for (let i = 0; i < BLOCK_ROWS; i += 1) {
        const store = block[i];
        if (store !== undefined) yield [(b << BLOCK_BITS) + i, store];
      }
    }
  }

  *keys(): Generator<number, void, undefined> {
    for (const [row] of this.entries()) yield row;
  }

  *values(): Generator<RowStore, void, undefined> {
    for (const [, store] of this.entries()) yield store;
  }

  [Symbol.iterator](): Generator<[number, RowStore], void, undefined> {
    return this.entries();
  }
}
