/** The filters a model asks new builder reports to start with (a dimension's `meta.filter.default` and `.required`). */
import { z } from 'zod';
import type { Meta } from '../wire/schemas';
import { builderOperatorSchema, type BuilderState } from './builder-state';

type BuilderFilter = BuilderState['filters'][number];

/**
 * The keys read from a dimension's `meta` (the engine passes the model's `meta` object through `/meta`):
 * - `meta.filter.default`: `{ operator, values }`, the builder's operators (`equals`, `notEquals`, `contains`, `gt`, `lt`,
 *   `inDateRange`, `inPeriod`, `set`, `notSet`) and their values as text: a new report starts with this filter.
 * - `meta.filter.required: true`: a report on the view keeps a filter on this member (it cannot be removed); without a
 *   default it starts as `equals` with an empty value to fill in.
 * Each key is read on its own and a shape other than these is ignored, so a model's other uses of `meta` do no harm.
 */
const filterMetaSchema = z.object({
  default: z
    .object({ operator: builderOperatorSchema, values: z.array(z.string()).default([]) })
    .optional()
    .catch(undefined),
  required: z.boolean().optional().catch(undefined),
});
const memberMetaSchema = z.object({ filter: filterMetaSchema.optional().catch(undefined) });

export interface ModelFilterDefaults {
  /** The filters a new report on the view starts with, in the view's member order. */
  filters: BuilderFilter[];
  /** Members whose filter a report on the view must keep. */
  required: ReadonlySet<string>;
}

export function modelFilterDefaults(meta: Meta, view: string | null): ModelFilterDefaults {
  const cube = meta.cubes.find((c) => c.name === view);
  const filters: BuilderFilter[] = [];
  const required = new Set<string>();
  for (const d of cube?.dimensions ?? []) {
    const parsed = memberMetaSchema.safeParse(d.meta ?? {});
    const filter = parsed.success ? parsed.data.filter : undefined;
    if (filter === undefined) continue;
    if (filter.required === true) required.add(d.name);
    if (filter.default !== undefined) filters.push({ member: d.name, operator: filter.default.operator, values: filter.default.values });
    else if (filter.required === true) filters.push({ member: d.name, operator: 'equals', values: [''] });
  }
  return { filters, required };
}
