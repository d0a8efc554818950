/**
 * Small Excel operations the adapter composes: sheets, the active cell, selecting a range, occupied cells, clearing contents.
 * Occupied cells are read in capped blocks.
 */
import { z } from 'zod';
import type { GridRange, SheetRef } from '../core/host';
import { readInBlocks, type ReadBudget } from './block-reads';
import { formatRangeRef } from '../core/cells/a1';
import { boundingRange } from '../core/placements/grid-rect';

/** Characters of a multi-area address the add-in sends at most; more areas select their bounding rectangle. */
const MAX_AREAS_ADDRESS_CHARS = 2_000;

const sheetsSchema = z.array(z.object({ id: z.string(), name: z.string() }));
const indexSchema = z.number().int().nonnegative();

/** Every worksheet, in tab order, in one sync. */
export async function listSheets(context: Excel.RequestContext): Promise<SheetRef[]> {
  const sheets = context.workbook.worksheets.load('items/id,items/name');
  await context.sync();
  return sheetsSchema.parse(sheets.items.map((s) => ({ id: s.id, name: s.name })));
}

/** The active cell (top-left of the selection) and its sheet, in one sync (ExcelApi 1.7). */
export async function activeCell(context: Excel.RequestContext): Promise<{ sheet: SheetRef; row: number; col: number }> {
  const cell = context.workbook.getActiveCell().load(['rowIndex', 'columnIndex']);
  const sheet = cell.worksheet.load(['id', 'name']);
  await context.sync();
  return {
    sheet: { id: z.string().parse(sheet.id), name: z.string().parse(sheet.name) },
    row: indexSchema.parse(cell.rowIndex),
    col: indexSchema.parse(cell.columnIndex),
  };
}

/** Activates the range's sheet and selects the range (Excel scrolls it into view). */
export async function selectRange(context: Excel.RequestContext, range: GridRange): Promise<void> {
  const sheet = context.workbook.worksheets.getItem(range.sheetId);
  sheet.activate();
  sheet.getRangeByIndexes(range.row, range.col, range.rows, range.cols).select();
  await context.sync();
}

/** Activates the ranges' sheet and selects them as one multi-area selection (ExcelApi 1.9 `getRanges`). */
export async function selectAreas(context: Excel.RequestContext, ranges: readonly GridRange[]): Promise<void> {
  const first = ranges[0];
  if (!first) return;
  const address = ranges.map((r) => formatRangeRef(null, r)).join(', ');
  const box = boundingRange(ranges);
  if (address.length > MAX_AREAS_ADDRESS_CHARS && box) return selectRange(context, box);
  const sheet = context.workbook.worksheets.getItem(first.sheetId);
  sheet.activate();
  sheet.getRanges(address).select();
  await context.sync();
}

/** Clears the contents of a range, keeping its formats. */
export async function clearContents(context: Excel.RequestContext, range: GridRange): Promise<void> {
  context.workbook.worksheets.getItem(range.sheetId).getRangeByIndexes(range.row, range.col, range.rows, range.cols).clear('Contents');
  await context.sync();
}

const valuesSchema = z.array(z.array(z.union([z.string(), z.number(), z.boolean()])));

/**
 * Non-empty cells inside `range`, row-major, at most `max`: only the part inside the sheet's used range is read, in
 * blocks under the read caps, stopping once `max` cells are found.
 */
export async function occupiedCells(
  context: Excel.RequestContext,
  range: GridRange,
  max: number,
  budget?: ReadBudget,
): Promise<Array<{ row: number; col: number }>> {
  const sheet = context.workbook.worksheets.getItem(range.sheetId);
  const used = sheet.getUsedRangeOrNullObject(true).load(['rowIndex', 'columnIndex', 'rowCount', 'columnCount']);
  await context.sync();
  if (used.isNullObject || max <= 0) return [];
  const row = Math.max(range.row, used.rowIndex);
  const col = Math.max(range.col, used.columnIndex);
  const rowEnd = Math.min(range.row + range.rows, used.rowIndex + used.rowCount);
  const colEnd = Math.min(range.col + range.cols, used.columnIndex + used.columnCount);
  if (row >= rowEnd || col >= colEnd) return [];
  const found: Array<{ row: number; col: number }> = [];
  const part = { sheetId: range.sheetId, row, col, rows: rowEnd - row, cols: colEnd - col };
  await readInBlocks(
    part,
    async (block) => {
      if (found.length >= max) return;
      const r = sheet.getRangeByIndexes(block.row, block.col, block.rows, block.cols).load('values');
      await context.sync();
      valuesSchema.parse(r.values).forEach((cells, i) =>
        cells.forEach((v, j) => {
          if (v !== '' && found.length < max) found.push({ row: block.row + i, col: block.col + j });
        }),
      );
    },
    budget,
  );
  return found;
}
