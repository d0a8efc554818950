/**
 * The parameters phase of a run: a placement's bound cells read and typed before anything else, the definition run with
 * their values, the values kept in the record; and binding cells to a placement's filters.
 */
import { AddinError } from '../errors/addin-error';
import { formatRangeRef, parseRangeRef } from '../cells/a1';
import type { GridRange, SpreadsheetHost, WorkbookLayout } from '../host';
import type { Report } from '../wire/schemas';
import { readBoundValues, type BoundValue } from '../params/bound-values';
import { deletedName, tooManyBoundCells } from '../params/bound-values';
import {
  boundCellsFit,
  isWorkbookName,
  parameterAreaId,
  type ParameterBinding,
  type ParameterBindingInput,
} from '../params/parameter-binding';
import type { PlacementRecord } from './placement-record';
import type { ParameterCompiler, QueryContext } from './placement-types';

/** The host calls the phase makes, each through the orchestrator's pacing. */
export interface ParameterHostCalls {
  snapshot: SpreadsheetHost['snapshot'];
  trackArea: SpreadsheetHost['trackArea'];
  untrack: SpreadsheetHost['untrack'];
}

/** The phase's host calls, each through `call` (the orchestrator's pacing). */
export function pacedParameterHost(host: SpreadsheetHost, call: <T>(f: () => Promise<T>) => Promise<T>): ParameterHostCalls {
  return {
    snapshot: (ranges) => call(() => host.snapshot(ranges)),
    trackArea: (id, range) => call(() => host.trackArea(id, range)),
    untrack: (id) => call(() => host.untrack(id)),
  };
}

/** The record's bound values, read in one snapshot; throws naming an empty, wrong-typed or deleted cell. */
export function readParameters(
  host: Pick<ParameterHostCalls, 'snapshot'>,
  layout: WorkbookLayout,
  record: PlacementRecord,
): Promise<BoundValue[]> {
  return readBoundValues(record.placementId, record.parameters ?? [], layout, (ranges) => host.snapshot(ranges));
}

/** The definition to run: as it is without bound values, else compiled with them (refused when nothing can compile it). */
export async function withBoundValues(
  compile: ParameterCompiler | undefined,
  context: QueryContext,
  definition: Report,
  bound: readonly BoundValue[],
): Promise<Report> {
  if (bound.length === 0) return definition;
  if (!compile) throw new AddinError('validation', 'Parameters bound to cells cannot be applied here. Remove the bindings to refresh.');
  return compile(context, definition, bound);
}

/** The record after a run with `bound`: each binding keeps the values it used (what "Out of date" compares against). */
export function withUsedValues(record: PlacementRecord, bound: readonly BoundValue[]): PlacementRecord {
  if (!record.parameters || bound.length === 0) return record;
  const used = new Map(bound.map((b) => [b.binding.id, b.values]));
  return { ...record, parameters: record.parameters.map((p) => ({ ...p, lastValues: used.get(p.id) ?? p.lastValues ?? [] })) };
}

/** Refused: a single value bound to a range of several cells. */
function notOneCell(ref: string): AddinError {
  return new AddinError('validation', `${ref} is a range: a single value is bound to one cell.`, { data: { cell: ref } });
}

/**
 * Where a typed reference points: a workbook name where the layout resolved it, else a cell or range of a sheet of the
 * layout (the active cell's sheet when the reference names none).
 */
function resolveRef(input: ParameterBindingInput, layout: WorkbookLayout, defaultSheetId: string | null): GridRange {
  if (isWorkbookName(input.ref)) {
    const named = layout.names?.[input.ref] ?? null;
    if (!named || !layout.sheets.some((s) => s.id === named.sheetId)) throw deletedName(input.ref);
    if (input.value !== 'list' && (named.rows !== 1 || named.cols !== 1)) throw notOneCell(input.ref);
    if (!boundCellsFit(input.value, named)) throw tooManyBoundCells(input.ref, input.value, named);
    return named;
  }
  const ref = parseRangeRef(input.ref);
  const sheet =
    ref.sheetName === null
      ? layout.sheets.find((s) => s.id === defaultSheetId)
      : layout.sheets.find((s) => s.name.toLowerCase() === ref.sheetName?.toLowerCase());
  if (!sheet)
    throw new AddinError(
      'validation',
      `No sheet named "${ref.sheetName ?? ''}" for the parameter cell ${input.ref}. Check the reference.`,
      {
        data: { cell: input.ref },
      },
    );
  if (input.value !== 'list' && (ref.rows !== 1 || ref.cols !== 1)) throw notOneCell(input.ref);
  if (!boundCellsFit(input.value, ref)) throw tooManyBoundCells(input.ref, input.value, ref);
  return { sheetId: sheet.id, row: ref.row, col: ref.col, rows: ref.rows, cols: ref.cols };
}

/** The bindings `inputs` ask for, each cell or name resolved in `layout`; throws naming a reference that points nowhere. */
export function resolveBindings(
  inputs: readonly ParameterBindingInput[],
  layout: WorkbookLayout,
  defaultSheetId: string | null,
): ParameterBinding[] {
  return inputs.map((input, i) => {
    const range = resolveRef(input, layout, defaultSheetId);
    const sheetName = layout.sheets.find((s) => s.id === range.sheetId)?.name ?? '';
    const named = isWorkbookName(input.ref);
    return {
      ...(named ? { name: input.ref } : {}),
      filter: input.filter,
      ...(input.alternative === undefined ? {} : { alternative: input.alternative }),
      value: input.value,
      member: input.member,
      type: input.type,
      id: `b${i + 1}`,
      ref: named ? input.ref : formatRangeRef(sheetName, range),
      range,
    };
  });
}

/**
 * The record with `inputs` as its bindings: each cell tracked by the host (it moves with inserted rows and columns), the
 * cells of bindings dropped untracked. A binding to a workbook name (resolved in `layout`, see inputNames) is not
 * tracked: the name is where its cells are. Ids are b1, b2... in the order given.
 */
export async function bindParameters(
  host: Pick<ParameterHostCalls, 'trackArea' | 'untrack'>,
  layout: WorkbookLayout,
  record: PlacementRecord,
  inputs: readonly ParameterBindingInput[],
  defaultSheetId: string | null,
): Promise<PlacementRecord> {
  const bindings = resolveBindings(inputs, layout, defaultSheetId);
  const kept = new Set(bindings.filter((b) => b.name === undefined).map((b) => b.id));
  await untrackParameters(host, record, kept);
  for (const b of bindings) if (b.name === undefined) await host.trackArea(parameterAreaId(record.placementId, b.id), b.range);
  return { ...record, parameters: bindings };
}

/** The workbook names a binding of `inputs` reads: the layout `bindParameters` is given must resolve them. */
export function inputNames(inputs: readonly ParameterBindingInput[]): string[] {
  return [...new Set(inputs.filter((i) => isWorkbookName(i.ref)).map((i) => i.ref))];
}

/** Stops tracking the record's bound cells (all of them, or those whose id is not in `keep`); a name is never tracked. */
export async function untrackParameters(
  host: Pick<ParameterHostCalls, 'untrack'>,
  record: PlacementRecord,
  keep: ReadonlySet<string> = new Set(),
): Promise<void> {
  for (const old of record.parameters ?? [])
    if (old.name === undefined && !keep.has(old.id)) await host.untrack(parameterAreaId(record.placementId, old.id));
}
