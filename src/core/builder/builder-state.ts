/** The report builder's state (a view, its members in Rows/Columns/Measures, filters, granularity, order, limit), as stored in a report. */
import { z } from 'zod';
import { MEASURES_AXES, MEASURES_POSITIONS } from '../cells/measure-placement';

export const BUILDER_GRANULARITIES = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const;
/** `inPeriod` takes one relative period code (relative-period.ts: `last-7-day`, `this-month`...). */
export const BUILDER_OPERATORS = ['equals', 'notEquals', 'contains', 'gt', 'lt', 'inDateRange', 'inPeriod', 'set', 'notSet'] as const;

export const builderGranularitySchema = z.enum(BUILDER_GRANULARITIES);
export type BuilderGranularity = z.infer<typeof builderGranularitySchema>;
export const builderOperatorSchema = z.enum(BUILDER_OPERATORS);
export type BuilderOperator = z.infer<typeof builderOperatorSchema>;

const conditionSchema = z.object({ member: z.string(), operator: builderOperatorSchema, values: z.array(z.string()).default([]) });

/**
 * One filter: a condition, and alternatives that also let a row through ("City is Zürich OR Revenue > 1000"), one
 * level deep (absent: none). All of a filter's conditions are on dimensions or all on measures (a row filter or a group filter).
 */
export const builderFilterSchema = conditionSchema.extend({ or: z.array(conditionSchema).optional() });
export type BuilderCondition = z.infer<typeof conditionSchema>;

/**
 * Totals the platform computes by separate queries (totals-query.ts): `rows` a Total column per measure (a pivot's
 * totals by its Rows), `columns` a Total row (by its Columns), `grand` the grand total (a flat table's totals row; a
 * pivot's corner cell). Kept in the builder state because the report definition has no totals field.
 */
export const builderTotalsSchema = z.object({
  rows: z.boolean().default(false),
  columns: z.boolean().default(false),
  grand: z.boolean().default(false),
});

/**
 * The builder state as stored in a report's `meta.builderState` (and read back from the network, hence zod).
 * Members are full member names as the metadata spells them (`orders.status`). Keys a saved state lacks read as empty.
 */
export const builderStateSchema = z.object({
  view: z.string().nullable().default(null),
  measures: z.array(z.string()).default([]),
  rows: z.array(z.string()).default([]),
  columns: z.array(z.string()).default([]),
  filters: z.array(builderFilterSchema).default([]),
  timeGranularity: z.record(z.string(), builderGranularitySchema.nullable()).default({}),
  order: z.array(z.object({ member: z.string(), desc: z.boolean() })).default([]),
  limit: z.number().int().positive().nullable().default(null),
  /** Absent: no totals. */
  totals: builderTotalsSchema.optional(),
  /**
   * Where a pivot's measures go (several measures; one is named once whatever these say): on the columns or the rows,
   * before (outside) or after (inside) the members. Absent: columns, before.
   */
  measuresAxis: z.enum(MEASURES_AXES).optional(),
  measuresPosition: z.enum(MEASURES_POSITIONS).optional(),
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
