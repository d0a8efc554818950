/** Removing a placement: its cells cleared band by band when asked, its note, tracking and bound cells let go, its record dropped. */
import { JobScope } from '../jobs/job-scope';
import type { SpreadsheetHost } from '../host';
import type { AnchorNotes } from './anchor-note';
import type { HostPacing } from './host-pacing';
import { notInList } from './placement-errors';
import { headerRowsOf } from './placement-record';
import { untrackParameters, type ParameterHostCalls } from './parameters-phase';
import type { RegistryAccess } from './registry-access';
import type { UndoKeeper } from './undo-keeper';
import { clearPlacementCells, type WriteContext } from './write-phase';

/** What a removal uses of the orchestrator's shared parts. */
export interface RemoveSteps {
  host: SpreadsheetHost;
  registry: RegistryAccess;
  pacing: HostPacing;
  writing: WriteContext;
  notes: AnchorNotes;
  params: ParameterHostCalls;
  undoing: UndoKeeper;
  /** Runs `task` under the write lock. */
  writeLocked<T>(task: () => Promise<T>): Promise<T>;
}

export interface RemoveOptions {
  clearCells: boolean;
  /** Told the rows cleared so far. */
  onProgress?: (clearedRows: number, rows: number) => void;
}

/** Forgets a placement (a damaged record too); the report stays on the platform. */
export async function removePlacement(steps: RemoveSteps, placementId: string, opts: RemoveOptions): Promise<void> {
  const { host, registry: access, pacing } = steps;
  const registry = await access.read(new JobScope());
  const record = registry.records.find((r) => r.placementId === placementId);
  if (!record && !registry.damaged.some((d) => d.placementId === placementId)) throw notInList(placementId);
  await steps.writeLocked(async () => {
    const area = (await pacing.call(() => host.layout([placementId]))).areas[placementId] ?? null;
    if (opts.clearCells && area) {
      const own = { area, headerRows: record ? headerRowsOf(record) : 0 };
      await clearPlacementCells(steps.writing, own, opts.onProgress);
    }
    if (area && record) await steps.notes.renew({ area, on: record.anchorNote === true }, { ...record, anchorNote: false }, area, null);
    await pacing.call(() => host.untrack(placementId));
    if (record) await untrackParameters(steps.params, record);
  });
  await access.remove(registry, placementId);
  steps.undoing.drop(placementId);
}
