/**
 * Reads in row blocks under Excel's response caps (5 MB a response, 5,000,000 cells a read): sized by an estimate,
 * halved when Excel still refuses one for its size.
 */
import { z } from 'zod';
import { AddinError } from '../core/errors/addin-error';
import type { GridRange, Scalar } from '../core/host';
import { utf8ByteLength } from '../core/ndjson/utf8-length';
import { isResponseTooLarge } from './excel-errors';

export interface ReadBudget {
  maxCells: number;
  maxBytes: number;
  /** Expected response bytes per cell for what is read (values and number formats by default). */
  bytesPerCell: number;
}

/** A block sized by a measured response aims at this share of the response cap (the next rows may take more). */
const SIZING_MARGIN = 0.85;

/** UTF-8 bytes of a read's JSON, as the response carries it. */
export function jsonBytes(value: unknown): number {
  return utf8ByteLength(JSON.stringify(value));
}

export const EXCEL_READ_BUDGET: ReadBudget = { maxCells: 5_000_000, maxBytes: 5 * 1024 * 1024, bytesPerCell: 40 };

/** Rows of `cols` columns that one read may cover. */
export function rowsPerRead(cols: number, budget: ReadBudget = EXCEL_READ_BUDGET): number {
  return Math.max(1, Math.min(Math.floor(budget.maxCells / cols), Math.floor(budget.maxBytes / (cols * budget.bytesPerCell))));
}

/**
 * Reads `range` block by block through `read` (one sync each), halving a block Excel refuses for its size, and returns
 * the parts top to bottom. A single row that is still too large is a 'limit' error.
 */
export async function readInBlocks<T>(
  range: GridRange,
  read: (part: GridRange) => Promise<T>,
  budget: ReadBudget = EXCEL_READ_BUDGET,
  responseBytes?: (result: T) => number,
): Promise<T[]> {
  const out: T[] = [];
  let size = rowsPerRead(range.cols, budget);
  let row = 0;
  while (row < range.rows) {
    const rows = Math.min(size, range.rows - row);
    try {
      const result = await read({ ...range, row: range.row + row, rows });
      out.push(result);
      row += rows;
      // The next block is sized by the bytes per cell this one's response really took (with room to spare).
      if (responseBytes) {
        const perCell = Math.max(1, responseBytes(result) / (rows * range.cols)) / SIZING_MARGIN;
        size = rowsPerRead(range.cols, { ...budget, bytesPerCell: perCell });
      }
    } catch (e) {
      if (!isResponseTooLarge(e)) throw e;
      if (rows === 1) {
        throw new AddinError('limit', `Row ${range.row + row + 1} is too large to read from Excel in one request.`, { cause: e });
      }
      size = Math.ceil(rows / 2);
    }
  }
  return out;
}

const cellSchema = z.union([z.string(), z.number(), z.boolean()]);
const valuesSchema = z.array(z.array(cellSchema));
const formatsSchema = z.array(z.array(z.string()));

export interface ValuesAndFormats {
  /** `null` for an empty cell (Excel reads it as `""`). */
  values: Scalar[][];
  formats: string[][];
}

/** Values and number formats of `range`, read in blocks inside one Excel.run. */
export async function readValuesAndFormats(
  context: Excel.RequestContext,
  range: GridRange,
  budget?: ReadBudget,
): Promise<ValuesAndFormats> {
  const sheet = context.workbook.worksheets.getItem(range.sheetId);
  const parts = await readInBlocks(
    range,
    async (part) => {
      const r = sheet.getRangeByIndexes(part.row, part.col, part.rows, part.cols).load(['values', 'numberFormat']);
      await context.sync();
      return { values: valuesSchema.parse(r.values), formats: formatsSchema.parse(r.numberFormat) };
    },
    budget,
    (p) => jsonBytes(p.values) + jsonBytes(p.formats),
  );
  return {
    values: parts.flatMap((p) => p.values.map((row) => row.map((v) => (v === '' ? null : v)))),
    formats: parts.flatMap((p) => p.formats),
  };
}

const boldSchema = z.array(z.array(z.object({ format: z.object({ font: z.object({ bold: z.boolean() }) }) })));

/** Per-cell bold of `range` (ExcelApi 1.9 `getCellProperties`), read in blocks: a rollback puts header bold back exactly. */
export async function readBold(context: Excel.RequestContext, range: GridRange, budget?: ReadBudget): Promise<boolean[][]> {
  const sheet = context.workbook.worksheets.getItem(range.sheetId);
  const parts = await readInBlocks(
    range,
    async (part) => {
      const props = sheet
        .getRangeByIndexes(part.row, part.col, part.rows, part.cols)
        .getCellProperties({ format: { font: { bold: true } } });
      await context.sync();
      // A ClientResult's value arrives with the sync; it has nothing to load (the rule knows only proxy objects).
      // eslint-disable-next-line office-addins/load-object-before-read
      return boldSchema.parse(props.value).map((row) => row.map((c) => c.format.font.bold));
    },
    budget,
  );
  return parts.flat();
}
