/**
 * Turning a placement's filter summary or anchor note on or off: a summary change rewrites the placement as a saved
 * edit does (all-or-nothing, through the refresh); a note change alone sets or removes the note and keeps the record.
 */
import type { GridRange } from '../host';
import type { JobScope } from '../jobs/job-scope';
import type { AnchorNotes } from './anchor-note';
import { anchorNoteChanges, anchorNoteText } from './anchor-note';
import { contextOf, type ContextChange } from './context-settings';
import { orphaned } from './placement-errors';
import type { PlacementRecord } from './placement-record';
import type { PlacementOutcome, RunOptions } from './placement-types';
import { refreshPlacement, type RefreshSteps } from './refresh-phase';

/** What a settings change needs from the Orchestrator: a refresh's steps, its anchor notes and the record's save. */
export interface ContextSteps extends RefreshSteps {
  notes: AnchorNotes;
  save(scope: JobScope, record: PlacementRecord): Promise<void>;
}

/**
 * Applies `change` over the record's settings. With `filterSummary` given the placement is rewritten through its refresh
 * (its outcome is returned, even when the summary stays as it was); otherwise only the note changes (null).
 */
export async function setPlacementContext(
  steps: ContextSteps,
  opts: RunOptions & { scope: JobScope },
  placementId: string,
  change: ContextChange,
): Promise<PlacementOutcome | null> {
  const { scope } = opts;
  const record = await steps.record(scope, placementId);
  const now = contextOf(record);
  const settings = { ...now, ...change };
  if (change.filterSummary !== undefined) return refreshPlacement(steps, placementId, opts, null, settings);
  if (now.anchorNote === settings.anchorNote) return null;
  const area: GridRange | null = (await steps.layout(scope)).areas[placementId] ?? null;
  if (!area) throw orphaned(record);
  const text = anchorNoteText(record.name, steps.notes.time(record.refreshedAt), null);
  // The note first: a host that cannot keep it refuses here, and the record still says the note is off.
  await steps.notes.set(anchorNoteChanges({ area, on: now.anchorNote }, { area, on: settings.anchorNote, text }));
  await steps.save(scope, { ...record, ...settings });
  return null;
}
