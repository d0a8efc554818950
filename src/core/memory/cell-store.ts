/**
 * CellStore: one sheet's cells in chunks of 1,024 rows of one column, numbers unboxed in a Float64Array, formats as
 * indexes into the sheet's table of formats, bold and formula marks as bits. A stored row has no object of its own, so
 * a large result costs a few objects a chunk (about 10 bytes a cell) and the collector has no rows to copy. A chunk's
 * arrays cover only a window of rows around what it holds, so a lone cell costs a few hundred bytes.
 */
import { AddinError } from '../errors/addin-error';
import type { RangeRect } from '../cells/a1';
import type { Scalar } from '../host';
import { GENERAL_FORMAT, TEXT_FORMAT } from '../host';
import { startsFormula, storedInput } from './cell-input';
import { CHUNK_ROW_BITS as ROW_BITS, CHUNK_ROWS, ColumnChunk, forEachChunkSpan } from './column-chunk';

const ROW_MASK = CHUNK_ROWS - 1;
/** Distinct formats a sheet can hold (index 0 is none); Excel's own limit is about 64,000. */
const MAX_FORMATS = 0xffff;

/** A row block: its chunks by column. */
type Block = (ColumnChunk | undefined)[];

/** The cells of one sheet. */
export class CellStore {
  private blocks: (Block | undefined)[] = [];
  /** The sheet's formats by index (index 0 is none) and their indexes. */
  private readonly formats: string[] = [''];
  private readonly formatIds = new Map<string, number>();

  // ---------- chunks (the bulk paths read and write through them) ----------

  /** The chunk holding (row, col), if any. */
  chunk(row: number, col: number): ColumnChunk | undefined {
    return this.blocks[row >>> ROW_BITS]?.[col];
  }

  /** The chunk holding (row, col), created when missing. */
  chunkFor(row: number, col: number): ColumnChunk {
    const b = row >>> ROW_BITS;
    const block = (this.blocks[b] ??= []);
    let chunk = block[col];
    if (chunk === undefined) {
      chunk = new ColumnChunk();
      block[col] = chunk;
    }
    return chunk;
  }

  /** Drops the chunk of (row, col) when it holds nothing any more. */
  release(row: number, col: number): void {
    const b = row >>> ROW_BITS;
    const block = this.blocks[b];
    const chunk = block?.[col];
    if (block === undefined || chunk === undefined || chunk.held > 0) return;
    block[col] = undefined;
    let end = block.length;
    while (end > 0 && block[end - 1] === undefined) end -= 1;
    block.length = end;
    if (end === 0) this.blocks[b] = undefined;
  }

  /** The index of a format in the sheet's table, added when new; 0 for none (`null`) and General, which is stored as none. */
  formatId(format: string | null | undefined): number {
    if (format === null || format === undefined || format === GENERAL_FORMAT) return 0;
    let id = this.formatIds.get(format);
    if (id === undefined) {
      if (this.formats.length > MAX_FORMATS)
        throw new AddinError('limit', `A sheet holds at most ${MAX_FORMATS} different number formats.`);
      id = this.formats.length;
      this.formats.push(format);
      this.formatIds.set(format, id);
    }
    return id;
  }

  /** The index of a format already in the table, or -1 (a lookup that adds nothing). */
  knownFormatId(format: string): number {
    return this.formatIds.get(format) ?? -1;
  }

  formatOf(id: number): string | undefined {
    return id === 0 ? undefined : this.formats[id];
  }

  // ---------- one cell ----------

  value(row: number, col: number): Scalar | undefined {
    return this.chunk(row, col)?.value(row & ROW_MASK);
  }

  format(row: number, col: number): string | undefined {
    const chunk = this.chunk(row, col);
    return chunk === undefined ? undefined : this.formatOf(chunk.formatId(row & ROW_MASK));
  }

  bold(row: number, col: number): boolean {
    return this.chunk(row, col)?.isBold(row & ROW_MASK) ?? false;
  }

  formula(row: number, col: number): boolean {
    return this.chunk(row, col)?.isFormula(row & ROW_MASK) ?? false;
  }

  /** Stores a value as given and its formula mark (the host's input rules already applied). */
  put(row: number, col: number, value: Scalar | undefined, formula: boolean): void {
    if ((value === undefined || value === null) && this.chunk(row, col) === undefined) return;
    const chunk = this.chunkFor(row, col);
    const i = row & ROW_MASK;
    chunk.setValue(i, value);
    chunk.setFormula(i, formula && value !== undefined && value !== null);
    this.release(row, col);
  }

  /** Writes a value with the host's input rules: text in a non-text cell read as a number, or marked as a formula. */
  input(row: number, col: number, value: Scalar): void {
    const text = this.format(row, col) === TEXT_FORMAT;
    const stored = storedInput(value, text);
    this.put(row, col, stored, startsFormula(stored, text));
  }

  /** Sets a cell's number format (`null`, undefined or General: none). */
  setFormat(row: number, col: number, format: string | null | undefined): void {
    const id = this.formatId(format);
    if (id === 0 && this.chunk(row, col) === undefined) return;
    this.chunkFor(row, col).setFormatId(row & ROW_MASK, id);
    this.release(row, col);
  }

  setBold(row: number, col: number, bold: boolean): void {
    if (!bold && this.chunk(row, col) === undefined) return;
    this.chunkFor(row, col).setBold(row & ROW_MASK, bold);
    this.release(row, col);
  }

  /** Empties the values (and formula marks) of a range; formats and bold stay. Only chunks that exist are visited. */
  clearValues(range: RangeRect): void {
    forEachChunkSpan(range.row, range.rows, (at, first, count) => {
      const row = range.row + at;
      const block = this.blocks[row >>> ROW_BITS];
      if (block === undefined) return;
      for (let c = range.col; c < range.col + range.cols && c < block.length; c += 1) {
        const chunk = block[c];
        if (chunk === undefined || chunk.values === 0) continue;
        for (let i = first; i < first + count; i += 1) {
          chunk.setValue(i, undefined);
          chunk.setFormula(i, false);
        }
        this.release(row, c);
      }
    });
  }

  // ---------- rows and the whole sheet ----------

  /** Columns a row's block spans (every column holding anything in the row is below it). */
  rowWidth(row: number): number {
    return this.blocks[row >>> ROW_BITS]?.length ?? 0;
  }

  /** True when the row holds a value, a format or bold in any cell. */
  holdsRow(row: number): boolean {
    const block = this.blocks[row >>> ROW_BITS];
    if (block === undefined) return false;
    const i = row & ROW_MASK;
    for (const chunk of block) if (chunk !== undefined && chunk.holds(i)) return true;
    return false;
  }

  /** Rows holding anything inside [from, to), ascending, the first `most` of them; blocks holding nothing are skipped whole. */
  rowsHolding(from: number, to: number, most = Infinity): number[] {
    const out: number[] = [];
    const last = Math.min(to, this.blocks.length << ROW_BITS);
    for (let row = Math.max(0, from); row < last && out.length < most;) {
      if (this.blocks[row >>> ROW_BITS] === undefined) {
        row = ((row >>> ROW_BITS) + 1) << ROW_BITS;
        continue;
      }
      if (this.holdsRow(row)) out.push(row);
      row += 1;
    }
    return out;
  }

  /** Every row holding anything, ascending. */
  allRows(): number[] {
    return this.rowsHolding(0, this.blocks.length << ROW_BITS);
  }

  /** Cells holding a value. */
  countValues(): number {
    let n = 0;
    for (const block of this.blocks) if (block !== undefined) for (const chunk of block) n += chunk?.values ?? 0;
    return n;
  }

  /** The smallest rectangle holding every value, or null when the sheet holds none (chunks' counts spare a full scan). */
  usedRange(): RangeRect | null {
    let minC = Infinity;
    let maxC = -1;
    let firstBlock = -1;
    let lastBlock = -1;
    this.blocks.forEach((block, b) => {
      if (block === undefined) return;
      block.forEach((chunk, c) => {
        if (chunk === undefined || chunk.values === 0) return;
        if (c < minC) minC = c;
        if (c > maxC) maxC = c;
        if (firstBlock < 0) firstBlock = b;
        lastBlock = b;
      });
    });
    if (firstBlock < 0) return null;
    /** The first (or last) row of block `b` where a cell holds a value. */
    const edgeRow = (b: number, last: boolean): number => {
      let edge = last ? -1 : CHUNK_ROWS;
      for (const chunk of this.blocks[b] ?? []) {
        if (chunk === undefined || chunk.values === 0) continue;
        if (last) {
          for (let i = CHUNK_ROWS - 1; i > edge; i -= 1) if (chunk.hasValue(i)) edge = i;
        } else {
          for (let i = 0; i < edge; i += 1) if (chunk.hasValue(i)) edge = i;
        }
      }
      return (b << ROW_BITS) + edge;
    };
    const minR = edgeRow(firstBlock, false);
    const maxR = edgeRow(lastBlock, true);
    return { row: minR, col: minC, rows: maxR - minR + 1, cols: maxC - minC + 1 };
  }

  /** True when a row at or below `row` holds anything. */
  holdsFromRow(row: number): boolean {
    return this.rowsHolding(row, this.blocks.length << ROW_BITS, 1).length > 0;
  }

  /** True when a cell at or right of `col` holds a value. */
  valuesFromCol(col: number): boolean {
    for (const block of this.blocks)
      if (block !== undefined) for (let c = col; c < block.length; c += 1) if ((block[c]?.values ?? 0) > 0) return true;
    return false;
  }

  // ---------- structure ----------

  /** Inserts `count` empty columns before `col`; a sheet `maxCols` wide lets go of what is pushed past its edge. */
  insertColumns(col: number, count: number, maxCols: number): void {
    for (const block of this.blocks) {
      if (block === undefined || block.length <= col) continue;
      block.splice(col, 0, ...new Array<undefined>(count));
      if (block.length > maxCols) block.length = maxCols;
    }
  }

  /** Deletes columns [col, col + count); the columns to the right move left. */
  deleteColumns(col: number, count: number): void {
    this.blocks.forEach((block, b) => {
      if (block === undefined || block.length <= col) return;
      block.splice(col, count);
      while (block.length > 0 && block[block.length - 1] === undefined) block.length -= 1;
      if (block.length === 0) this.blocks[b] = undefined;
    });
  }

  /** The cells moved to the rows `to` gives (null: dropped), as a new store with the same formats. */
  movedRows(to: (row: number) => number | null): CellStore {
    const moved = new CellStore();
    this.formats.slice(1).forEach((f) => moved.formatId(f));
    this.blocks.forEach((block, b) => {
      if (block === undefined) return;
      block.forEach((chunk, col) => {
        if (chunk === undefined) return;
        for (let i = 0; i < CHUNK_ROWS; i += 1) {
          if (!chunk.holds(i)) continue;
          const row = to((b << ROW_BITS) + i);
          if (row === null) continue;
          const target = moved.chunkFor(row, col);
          const j = row & ROW_MASK;
          target.setValue(j, chunk.value(i));
          target.setFormatId(j, chunk.formatId(i));
          target.setBold(j, chunk.isBold(i));
          target.setFormula(j, chunk.isFormula(i));
        }
      });
    });
    return moved;
  }
}
