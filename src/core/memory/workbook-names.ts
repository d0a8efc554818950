/** Workbook-scoped names of a WorkbookModel: ranges by name that move with inserted and deleted rows, as tracked areas do. */
import type { GridRange } from '../host';
import type { WorkbookModel } from './workbook-model';

import { NAME_AREA_PREFIX } from './tracked-areas';

/** The tracked-area id of a name: names match without regard to case, as in Excel and Sheets. */
function nameAreaId(name: string): string {
  return `${NAME_AREA_PREFIX}${name.toLowerCase()}`;
}

/** Defines (or redefines) a workbook-scoped name over `range`, as a user does in the Name Manager. */
export function defineName(model: WorkbookModel, name: string, range: GridRange): void {
  model.trackArea(nameAreaId(name), range);
}

/** Deletes a workbook-scoped name (nothing when it does not exist). */
export function deleteName(model: WorkbookModel, name: string): void {
  model.untrackArea(nameAreaId(name));
}

/** Where each of `names` points now, keyed as asked: null when the name does not exist or its cells were deleted. */
export function resolveNames(model: WorkbookModel, names: readonly string[]): Record<string, GridRange | null> {
  const out: Record<string, GridRange | null> = {};
  for (const name of names) out[name] = model.area(nameAreaId(name)) ?? null;
  return out;
}
