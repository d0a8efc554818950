/** The measure placement a builder report's pivot is laid with: its builder state's choice over what the pivot says. */
import type { PivotItems } from '../wire/schemas';
import { parseBuilderState, type BuilderState } from './builder-state';
import { META_BUILDER_STATE, META_MODE } from './report-meta-keys';

type Placement = Partial<Pick<PivotItems, 'measuresAxis' | 'measuresPosition'>>;

/**
 * `pivot` with the measure placement `state` chose. The platform's report body has no field for it (its responses
 * report measures on columns, before the members), so a builder report keeps the choice in its builder state.
 */
export function withMeasurePlacement<T extends object>(
  pivot: T,
  state: Pick<BuilderState, 'measuresAxis' | 'measuresPosition'> | null,
): T & Placement {
  if (state === null) return pivot;
  const out: T & Placement = { ...pivot };
  if (state.measuresAxis !== undefined) out.measuresAxis = state.measuresAxis;
  if (state.measuresPosition !== undefined) out.measuresPosition = state.measuresPosition;
  return out;
}

/** `pivot` with the measure placement of the builder state a report's `meta` holds (as it is for a SQL-mode report). */
export function withStoredMeasurePlacement<T extends object>(pivot: T, meta: Record<string, unknown> | null | undefined): T & Placement {
  if (!meta || meta[META_MODE] !== 'builder') return pivot;
  return withMeasurePlacement(pivot, parseBuilderState(meta[META_BUILDER_STATE]));
}
