/** What a card shows of its placement's bound cells ("From Inputs!B2 = 2026-01-01", "Out of date: Inputs!B2 changed"). */
import { z } from 'zod';
import { AddinError } from '../errors/addin-error';
import type { PlacementRecord } from '../placements/placement-record';
import { parameterTypeSchema, type ParameterBindingInput } from '../params/parameter-binding';
import type { ParameterStatus } from '../params/parameter-changes';
import type { ParameterView, PlacementView } from './addin-service';

/** The bindings a pane asks for, as the service takes them (parsed: they may come from another runtime). */
export const parameterBindingInputsSchema = z
  .array(
    z
      .object({
        filter: z.number().int().nonnegative(),
        alternative: z.number().int().nonnegative().optional(),
        value: z.union([z.number().int().nonnegative(), z.literal('list')]),
        member: z.string().min(1),
        type: parameterTypeSchema,
        ref: z.string().trim().min(1).max(300),
      })
      .strict(),
  )
  .max(20);

/** The pane's bindings, or a validation error saying what to fix. */
export function parseBindingInputs(raw: unknown): ParameterBindingInput[] {
  const parsed = parameterBindingInputsSchema.safeParse(raw);
  if (!parsed.success)
    throw new AddinError('validation', 'Each bound filter value needs a cell reference such as Inputs!B2 (at most 20 per report).', {
      detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    });
  return parsed.data.map((b) => ({ ...b, ...(b.alternative === undefined ? {} : { alternative: b.alternative }) }));
}

/** The card's view of one record's bindings, with where each cell is now and whether it changed. */
export function parameterViewsOf(record: PlacementRecord, statuses: readonly ParameterStatus[]): ParameterView[] {
  return (record.parameters ?? []).map((b) => {
    const status = statuses.find((s) => s.placementId === record.placementId && s.bindingId === b.id);
    const cell = status?.cell ?? b.ref;
    const binding: ParameterBindingInput = { filter: b.filter, value: b.value, member: b.member, type: b.type, ref: cell };
    if (b.alternative !== undefined) binding.alternative = b.alternative;
    return {
      cell,
      member: b.member,
      value: b.lastValues === undefined ? null : b.lastValues.join(', '),
      changed: status?.changed ?? false,
      binding,
    };
  });
}

/** A view with its bindings: an up-to-date placement whose bound cell changed is out of date. */
export function withParameterViews(view: PlacementView, parameters: ParameterView[]): PlacementView {
  if (parameters.length === 0) return view;
  const changed = parameters.some((p) => p.changed);
  return { ...view, parameters, ...(changed && view.status === 'upToDate' ? { status: 'outOfDate' as const } : {}) };
}
