/** A placement run's outcome as the pane is told it: rows and columns written, where, how long, and whether cut short. */
import type { PlacementOutcome } from '../placements/placement-types';
import type { RunOutcome } from './addin-service';
import { changesViewOf } from './cell-changes-memory';

export function runOutcomeOf(o: PlacementOutcome): RunOutcome {
  return {
    placementId: o.placementId,
    dataRows: o.areaRows - o.headerRows,
    cols: o.cols,
    headerRows: o.headerRows,
    rangeLabel: o.rangeRef,
    elapsedMs: o.elapsedMs,
    truncatedAtDefaultCap: o.truncatedAtDefaultCap,
    ...(o.changes ? { changes: changesViewOf(o.changes) } : {}),
    ...(o.undo ? { undo: o.undo } : {}),
  };
}
