/** The report builder's state (a view, its members in Rows/Columns/Measures, filters, granularity, order, limit), as stored in a report. */
import { z } from 'zod';

export const BUILDER_GRANULARITIES = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const;
export const BUILDER_OPERATORS = ['equals', 'notEquals', 'contains', 'gt', 'lt', 'inDateRange', 'set', 'notSet'] as const;

export const builderGranularitySchema = z.enum(BUILDER_GRANULARITIES);
export type BuilderGranularity = z.infer<typeof builderGranularitySchema>;
export const builderOperatorSchema = z.enum(BUILDER_OPERATORS);
export type BuilderOperator = z.infer<typeof builderOperatorSchema>;

/**
 * The builder state as stored in a report's `meta.builderState` (and read back from the network, hence zod).
 * Members are full member names as the metadata spells them (`orders.status`). Keys a saved state lacks read as empty.
 */
export const builderStateSchema = z.object({
  view: z.string().nullable().default(null),
  measures: z.array(z.string()).default([]),
  rows: z.array(z.string()).default([]),
  columns: z.array(z.string()).default([]),
  filters: z.array(z.object({ member: z.string(), operator: builderOperatorSchema, values: z.array(z.string()).default([]) })).default([]),
  timeGranularity: z.record(z.string(), builderGranularitySchema.nullable()).default({}),
  order: z.array(z.object({ member: z.string(), desc: z.boolean() })).default([]),
  limit: z.number().int().positive().nullable().default(null),
});
export type BuilderState = z.infer<typeof builderStateSchema>;

export function emptyBuilderState(): BuilderState {
  return { view: null, measures: [], rows: [], columns: [], filters: [], timeGranularity: {}, order: [], limit: null };
}

/** A builder state read from stored data, or null when it is absent or not a state this version understands. */
export function parseBuilderState(raw: unknown): BuilderState | null {
  const parsed = builderStateSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
