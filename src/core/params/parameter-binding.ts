/** A filter value bound to a cell, as kept in the placement record (the report definition sent to the platform has none). */
import { z } from 'zod';
import type { GridRange } from '../host';

/** The member types a bound value is typed as (the builder's member types). */
export const parameterTypeSchema = z.enum(['time', 'number', 'string', 'boolean']);

const boundRangeSchema = z.object({
  sheetId: z.string().min(1),
  row: z.number().int().nonnegative(),
  col: z.number().int().nonnegative(),
  rows: z.number().int().positive(),
  cols: z.number().int().positive(),
});

/**
 * One binding: which value of which filter condition reads which cell. `filter` indexes the builder state's filters and
 * `alternative` its OR conditions (absent: the filter's own condition); `value` is the value's index, or 'list' for every
 * non-empty cell of a range. `member` is checked at run time, so an edited report whose filters moved is refused, not
 * silently filtered on another member.
 */
export const parameterBindingSchema = z.object({
  id: z.string().min(1).max(40),
  filter: z.number().int().nonnegative(),
  alternative: z.number().int().nonnegative().optional(),
  value: z.union([z.number().int().nonnegative(), z.literal('list')]),
  member: z.string().min(1),
  type: parameterTypeSchema,
  /** The cell as the user named it ("Inputs!B2"), for messages when the cell cannot be found. */
  ref: z.string().min(1).max(300),
  /** The cell (or list range) where it was bound; the host's tracked area is where it is now. */
  range: boundRangeSchema,
  /** The values the last successful run used (absent: never run since bound). */
  lastValues: z.array(z.string()).optional(),
});
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

/** Where a bound cell is now: the host's tracked area, the bound range when it was never tracked, null once deleted. */
export function boundRangeNow(
  areas: Readonly<Record<string, GridRange | null>>,
  placementId: string,
  b: ParameterBinding,
): GridRange | null {
  const id = parameterAreaId(placementId, b.id);
  return id in areas ? (areas[id] ?? null) : b.range;
}
