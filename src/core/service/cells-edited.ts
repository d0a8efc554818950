/** The service input "cells were edited on sheet S in range R", as a host's change events or a pane's check report it. */
import { z } from 'zod';
import type { GridRange } from '../host';

/** Edited cells: `range` null when the host names only the sheet. Parsed: it comes from a host event or another runtime. */
export const cellsEditedSchema = z.object({
  sheetId: z.string().min(1),
  range: z
    .object({
      sheetId: z.string().min(1),
      row: z.number().int().nonnegative(),
      col: z.number().int().nonnegative(),
      rows: z.number().int().positive(),
      cols: z.number().int().positive(),
    })
    .nullable(),
});
export type CellsEdited = z.infer<typeof cellsEditedSchema>;

/** Up to this many edits are taken from one call (a paste fires one event; more in one call are read as "anywhere"). */
export const MAX_EDITS_PER_CALL = 100;

/** True when `edit` may have touched `area` (same sheet, and the rectangles meet; a sheet-only edit touches all of it). */
export function editTouches(edit: CellsEdited, area: GridRange): boolean {
  if (edit.sheetId !== area.sheetId) return false;
  const r = edit.range;
  if (r === null) return true;
  return r.row < area.row + area.rows && area.row < r.row + r.rows && r.col < area.col + area.cols && area.col < r.col + r.cols;
}

/** The edits of a call, parsed; null (anywhere: check everything) when absent, malformed or too many. */
export function parseEdits(raw: unknown): CellsEdited[] | null {
  if (raw === undefined || raw === null) return null;
  const parsed = z.array(cellsEditedSchema).max(MAX_EDITS_PER_CALL).safeParse(raw);
  return parsed.success ? parsed.data : null;
}
