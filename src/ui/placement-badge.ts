/** What a placement's status badge says: its stored status, overlaid by the state of a running or finished refresh job. */
import type { JobItemState, PlacementView } from '../core/service/addin-service';

export type BadgeColor = 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';

export interface PlacementBadge {
  label: string;
  color: BadgeColor;
  /** Why, in words (failure reason, what out of date means...). */
  reason: string | null;
  busy: boolean;
}

export function placementBadge(placement: PlacementView, job: JobItemState | undefined): PlacementBadge {
  if (job !== undefined) {
    switch (job.state) {
      case 'queued':
        return { label: 'Queued', color: 'informative', reason: null, busy: true };
      case 'running':
      case 'writing':
        return { label: 'Refreshing', color: 'brand', reason: null, busy: true };
      case 'done':
        return { label: 'Up to date', color: 'success', reason: null, busy: false };
      case 'failed':
        return { label: 'Failed', color: 'danger', reason: job.message, busy: false };
      case 'stopped':
        return { label: 'Not refreshed', color: 'warning', reason: 'Stopped before it was refreshed.', busy: false };
    }
  }
  switch (placement.status) {
    case 'upToDate':
      return { label: 'Up to date', color: 'success', reason: null, busy: false };
    case 'refreshing':
      return { label: 'Refreshing', color: 'brand', reason: null, busy: true };
    case 'failed':
      return { label: 'Failed', color: 'danger', reason: placement.lastError?.message ?? 'The last refresh failed.', busy: false };
    case 'outOfDate':
      return { label: 'Out of date', color: 'warning', reason: 'The report changed since it was placed: refresh to update the cells.', busy: false };
    case 'orphaned':
      return { label: 'Orphaned', color: 'severe', reason: 'Its cells were deleted: remove it, or insert the report again.', busy: false };
    case 'unknown':
      return { label: 'Not checked', color: 'subtle', reason: null, busy: false };
  }
}
