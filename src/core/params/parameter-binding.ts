/** A filter value bound to a cell, as kept in the placement record (the report definition sent to the platform has none). */
import { z } from 'zod';
import type { GridRange } from '../host';
import { indexBelow, MAX_FILTER_VALUES, MAX_FILTERS, MAX_TEXT_CHARS, sheetAreaSchema, shortText } from '../placements/record-bounds';

/** The member types a bound value is typed as (the builder's member types). */
export const parameterTypeSchema = z.enum(['time', 'number', 'string', 'boolean']);

/** True when a bound range is one cell (a value) or at most MAX_FILTER_VALUES cells (a list): all a binding ever reads. */
export function boundCellsFit(value: number | 'list', range: Pick<GridRange, 'rows' | 'cols'>): boolean {
  return value === 'list' ? range.rows * range.cols <= MAX_FILTER_VALUES : range.rows === 1 && range.cols === 1;
}

/**
 * One binding: which value of which filter condition reads which cell. `filter` indexes the builder state's filters and
 * `alternative` its OR conditions (absent: the filter's own condition); `value` is the value's index, or 'list' for every
 * non-empty cell of a range. `member` is checked at run time, so an edited report whose filters moved is refused, not
 * silently filtered on another member.
 */
export const parameterBindingSchema = z
  .object({
    id: z.string().min(1).max(40),
    filter: indexBelow(MAX_FILTERS),
    alternative: indexBelow(MAX_FILTERS).optional(),
    value: z.union([indexBelow(MAX_FILTER_VALUES), z.literal('list')]),
    member: z.string().min(1).max(MAX_TEXT_CHARS),
    type: parameterTypeSchema,
    /** The cell as the user named it ("Inputs!B2"), for messages when the cell cannot be found. */
    ref: z.string().min(1).max(300),
    /** The cell (or list range) where it was bound; the host's tracked area (or the name) is where it is now. */
    range: sheetAreaSchema,
    /**
     * A workbook-scoped name the binding reads ("StartDate"): every run and status check reads the cells the name points
     * at then, so redefining the name moves the binding. Absent: the tracked cell.
     */
    name: z.string().min(1).max(255).optional(),
    /** The values the last successful run used (absent: never run since bound). */
    lastValues: z.array(shortText).max(MAX_FILTER_VALUES).optional(),
  })
  .refine((b) => boundCellsFit(b.value, b.range), { message: 'the bound range is larger than its binding reads' });
export type ParameterBinding = z.infer<typeof parameterBindingSchema>;

/** The bindings of a placement as stored (absent in records written before parameters existed: none). */
export const parameterBindingsSchema = z.array(parameterBindingSchema).max(20);

/** A binding as the pane asks for it: no id, range or last values yet. */
export type ParameterBindingInput = Pick<ParameterBinding, 'filter' | 'alternative' | 'value' | 'member' | 'type'> & {
  /** A cell or range reference ("Inputs!B2", "B2" on the active sheet, "Inputs!B2:B9" for a list). */
  ref: string;
};

/**
 * The id under which a bound cell is tracked by the host (trackArea/layout), next to placement ids. The prefix keeps
 * it apart from placement ids, which are minted public ids (letters and digits only).
 */
export function parameterAreaId(placementId: string, bindingId: string): string {
  return `param.${placementId}.${bindingId}`;
}

/** What a layout says of bound cells: tracked areas, and where the names asked for point. */
export interface BoundLayout {
  areas: Readonly<Record<string, GridRange | null>>;
  names?: Readonly<Record<string, GridRange | null>>;
}

/**
 * Where a bound cell is now: a name's cells as the layout resolved it (null when the name is gone or was not asked for),
 * else the host's tracked area, the bound range when it was never tracked, null once deleted.
 */
export function boundRangeNow(layout: BoundLayout, placementId: string, b: ParameterBinding): GridRange | null {
  if (b.name !== undefined) return layout.names?.[b.name] ?? null;
  const id = parameterAreaId(placementId, b.id);
  return id in layout.areas ? (layout.areas[id] ?? null) : b.range;
}

/** Every workbook name the bindings of `records` read, once each: what a layout must resolve for their runs. */
export function boundNames(records: ReadonlyArray<{ parameters?: readonly ParameterBinding[] }>): string[] {
  const names = new Set<string>();
  for (const r of records) for (const b of r.parameters ?? []) if (b.name !== undefined) names.add(b.name);
  return [...names];
}

/** A workbook-scoped name as Excel and Sheets allow one: a letter, `_` or `\` first, then letters, digits, `_` and `.`. */
const NAME_PATTERN = /^[A-Za-z_\\][A-Za-z0-9_.\\]{0,254}$/;
/** Text that Excel or Sheets reads as a cell (A1, R1C1) and so is never a name. */
const CELL_LIKE = /^([A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|[Rr]|[Cc]|true|false)$/i;

/** True when a typed reference is a workbook name ("StartDate") rather than a cell or range ("Inputs!B2", "B2"). */
export function isWorkbookName(ref: string): boolean {
  return NAME_PATTERN.test(ref) && !CELL_LIKE.test(ref);
}
