/** The values of a placement's bound cells, read in one snapshot and typed by their filters' member types. */
import { AddinError } from '../errors/addin-error';
import { formatRangeRef } from '../cells/a1';
import type { CellSnapshot, GridRange, SheetRef } from '../host';
import { boundCellsFit, boundRangeNow, type BoundLayout, type ParameterBinding } from './parameter-binding';
import { MAX_FILTER_VALUES } from '../placements/record-bounds';
import { parameterList, parameterValue } from './parameter-value';

/** One binding with where its cell is now and the values it gives the filter. */
export interface BoundValue {
  binding: ParameterBinding;
  /** The cell as it is named now ("Inputs!B3" once a row was inserted above it). */
  refNow: string;
  values: string[];
}

/** A bound cell whose row, column or sheet was deleted: the run stops before any query. */
export function deletedCell(ref: string): AddinError {
  return new AddinError(
    'validation',
    `The parameter cell ${ref} was deleted (its row, column or sheet). Bind the filter to another cell, then refresh.`,
    { data: { cell: ref } },
  );
}

/** A bound workbook name that no longer exists or refers to no cells: the run stops before any query. */
export function deletedName(name: string): AddinError {
  return new AddinError(
    'validation',
    `The name ${name} that a filter is bound to no longer exists or refers to no cells. Define ${name} again (or bind the filter to a cell), then refresh.`,
    { data: { cell: name } },
  );
}

/**
 * A bound range larger than its binding reads (one cell for a value, MAX_FILTER_VALUES for a list): refused before it is
 * read, whether the pane asked for it or the document's name or record now says so.
 */
export function tooManyBoundCells(ref: string, value: number | 'list', range: Pick<GridRange, 'rows' | 'cols'>): AddinError {
  const most = value === 'list' ? `a list reads at most ${MAX_FILTER_VALUES} cells` : 'a single value reads one cell';
  return new AddinError('validation', `${ref} spans ${range.rows * range.cols} cells: ${most}. Bind the filter to a smaller range.`, {
    data: { cell: ref },
  });
}

/** The layout a binding's cells are found in: tracked areas, resolved names and the sheets. */
export type BindingLayout = BoundLayout & { sheets: readonly SheetRef[] };

/**
 * Where each binding's cell is now, with its current name ("Inputs!B3"; a name binding is named by its name, "StartDate");
 * throws naming the first deleted cell or name.
 */
export function boundRanges(
  placementId: string,
  bindings: readonly ParameterBinding[],
  layout: BindingLayout,
): Array<{ binding: ParameterBinding; range: GridRange; refNow: string }> {
  return bindings.map((binding) => {
    const range = boundRangeNow(layout, placementId, binding);
    const sheet = range ? layout.sheets.find((s) => s.id === range.sheetId) : undefined;
    if (!range || !sheet) throw binding.name === undefined ? deletedCell(binding.ref) : deletedName(binding.name);
    const refNow = binding.name ?? formatRangeRef(sheet.name, range);
    if (!boundCellsFit(binding.value, range)) throw tooManyBoundCells(refNow, binding.value, range);
    return { binding, range, refNow };
  });
}

/** The values one binding reads from its snapshot (refused with a message naming the cell). */
export function valuesOf(binding: ParameterBinding, snapshot: Pick<CellSnapshot, 'values'>, refNow: string): string[] {
  if (binding.value === 'list') return parameterList(snapshot.values, binding.type, refNow);
  return [parameterValue(snapshot.values[0]?.[0] ?? null, binding.type, refNow)];
}

/**
 * Every binding's values: the cells are read in one `snapshot` call; an empty, wrong-typed or deleted cell throws an
 * AddinError 'validation' naming it (data.cell), before anything else of the run happens.
 */
export async function readBoundValues(
  placementId: string,
  bindings: readonly ParameterBinding[],
  layout: BindingLayout,
  snapshot: (ranges: readonly GridRange[]) => Promise<Array<Pick<CellSnapshot, 'values'>>>,
): Promise<BoundValue[]> {
  if (bindings.length === 0) return [];
  const where = boundRanges(placementId, bindings, layout);
  const read = await snapshot(where.map((w) => w.range));
  return where.map((w, i) => {
    const snap = read[i];
    if (!snap) throw deletedCell(w.refNow);
    return { binding: w.binding, refNow: w.refNow, values: valuesOf(w.binding, snap, w.refNow) };
  });
}
