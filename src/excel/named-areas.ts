/**
 * Placement areas tracked by workbook-scoped named items (ExcelApi 1.4), hidden from the Name Manager (`visible = false`):
 * Excel moves and grows them with inserted rows and columns, and turns them into `#REF!` when their cells or sheet are
 * deleted, which the add-in reads as an orphaned placement (never written elsewhere).
 */
import { z } from 'zod';
import { parseRangeRef } from '../core/cells/a1';
import type { GridRange } from '../core/host';
import { officeErrorCode } from './excel-errors';

/** Prefix of every name the add-in owns (a name may start with `_`; the prefix keeps them apart from the user's). */
export const AREA_NAME_PREFIX = '_svcArea.';

/** The named item's name for a placement id: letters and digits kept, every other character as `.` + 4 hex digits. */
export function areaName(placementId: string): string {
  let out = AREA_NAME_PREFIX;
  for (const ch of placementId) {
    if (/^[A-Za-z0-9]$/.test(ch)) out += ch;
    else for (let i = 0; i < ch.length; i++) out += `.${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  if (out.length > 255) throw new Error(`Placement id too long for an Excel name: ${placementId.length} characters.`);
  return out;
}

/** The placement id of one of the add-in's names, or null for any other name. */
export function placementIdOf(name: string): string | null {
  if (!name.startsWith(AREA_NAME_PREFIX)) return null;
  const body = name.slice(AREA_NAME_PREFIX.length);
  let out = '';
  for (let i = 0; i < body.length;) {
    if (body[i] === '.') {
      const hex = body.slice(i + 1, i + 5);
      if (!/^[0-9a-f]{4}$/.test(hex)) return null;
      out += String.fromCharCode(parseInt(hex, 16));
      i += 5;
    } else {
      out += body[i];
      i += 1;
    }
  }
  return out;
}

export type TrackedArea = { state: 'tracked'; range: GridRange } | { state: 'orphaned' } | { state: 'missing' };

const sheetsSchema = z.array(z.object({ id: z.string(), name: z.string() }));

/** Where a named item's reference (`Sheet1!$B$3:$D$9`, `'My sheet'!$A$1`) is now, given the workbook's sheets; null for `#REF!`. */
export function areaOfReference(reference: string, sheets: Array<{ id: string; name: string }>): GridRange | null {
  if (reference.includes('#REF!')) return null;
  let ref;
  try {
    ref = parseRangeRef(reference.replace(/^=/, '').replace(/\$/g, ''));
  } catch {
    return null;
  }
  if (ref.sheetName === null) return null;
  const lower = ref.sheetName.toLowerCase();
  const sheet = sheets.find((s) => s.name.toLowerCase() === lower);
  return sheet ? { sheetId: sheet.id, row: ref.row, col: ref.col, rows: ref.rows, cols: ref.cols } : null;
}

/** Creates (or moves) the hidden name of a placement over `range`: one sync to look for an old one, one to write. */
export async function trackArea(context: Excel.RequestContext, placementId: string, range: GridRange): Promise<void> {
  const name = areaName(placementId);
  const old = context.workbook.names.getItemOrNullObject(name);
  await context.sync();
  if (!old.isNullObject) old.delete();
  const target = context.workbook.worksheets.getItem(range.sheetId).getRangeByIndexes(range.row, range.col, range.rows, range.cols);
  const item = context.workbook.names.add(name, target);
  item.visible = false;
  await context.sync();
}

/** Queues the name of a placement over `range`: added, after deleting the old one when `exists` (synced by the caller). */
export function queueTrackAt(context: Excel.RequestContext, placementId: string, range: GridRange, exists: boolean): void {
  const name = areaName(placementId);
  if (exists) context.workbook.names.getItem(name).delete();
  const target = context.workbook.worksheets.getItem(range.sheetId).getRangeByIndexes(range.row, range.col, range.rows, range.cols);
  const item = context.workbook.names.add(name, target);
  item.visible = false;
}

/**
 * Tracks `range` in one sync when whether the placement's name exists is known: a new name is added, an existing one
 * deleted and added again. Returns false when Excel says the guess was wrong (`ItemAlreadyExists`, `ItemNotFound`):
 * the failed request changed nothing, and trackArea, which looks first, does the work.
 */
export async function trackAreaAt(context: Excel.RequestContext, placementId: string, range: GridRange, exists: boolean): Promise<boolean> {
  queueTrackAt(context, placementId, range, exists);
  try {
    await context.sync();
    return true;
  } catch (e) {
    // A missing sheet also answers ItemNotFound: trackArea then fails with it again.
    if (officeErrorCode(e) === (exists ? 'ItemNotFound' : 'ItemAlreadyExists')) return false;
    throw e;
  }
}

/** Where a placement's area is now, in one sync: tracked (with its range), orphaned (`#REF!`), or missing (no name). */
export async function trackedArea(context: Excel.RequestContext, placementId: string): Promise<TrackedArea> {
  const item = context.workbook.names.getItemOrNullObject(areaName(placementId));
  item.load('value');
  const sheets = context.workbook.worksheets.load('items/id,items/name');
  await context.sync();
  if (item.isNullObject) return { state: 'missing' };
  const range = areaOfReference(z.string().parse(item.value), sheetsSchema.parse(sheets.items.map((s) => ({ id: s.id, name: s.name }))));
  return range ? { state: 'tracked', range } : { state: 'orphaned' };
}

/**
 * The workbook's sheets in tab order, every placement area it holds (`null`: orphaned) and the user's own workbook-scoped
 * names by lower-case name (`null`: `#REF!` or not a range), in one sync: the names collection is read whole anyway.
 */
export async function allTrackedAreas(context: Excel.RequestContext): Promise<{
  sheets: Array<{ id: string; name: string }>;
  areas: Map<string, GridRange | null>;
  userNames: Map<string, GridRange | null>;
}> {
  const names = context.workbook.names.load('items/name,items/value');
  const sheets = context.workbook.worksheets.load('items/id,items/name');
  await context.sync();
  const sheetList = sheetsSchema.parse(sheets.items.map((s) => ({ id: s.id, name: s.name })));
  const out = new Map<string, GridRange | null>();
  const userNames = new Map<string, GridRange | null>();
  for (const n of names.items) {
    const name = z.string().parse(n.name);
    const id = placementIdOf(name);
    const area = areaOfReference(z.string().parse(n.value), sheetList);
    if (id !== null) out.set(id, area);
    else userNames.set(name.toLowerCase(), area);
  }
  return { sheets: sheetList, areas: out, userNames };
}

/** Deletes a placement's name if it exists. */
export async function untrackArea(context: Excel.RequestContext, placementId: string): Promise<void> {
  const item = context.workbook.names.getItemOrNullObject(areaName(placementId));
  await context.sync();
  if (item.isNullObject) return;
  item.delete();
  await context.sync();
}
