/** What a placement's status badge says: its stored status, overlaid by the state of a running or finished refresh job. */
import type { JobItemState, PlacementView } from '../core/service/addin-service';
import { parameterChangeText } from './ParameterLines';
import { timeAgo } from './relative-time';

export type BadgeColor = 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';

export interface PlacementBadge {
  label: string;
  color: BadgeColor;
  /** Why, in words (failure reason, what out of date means...). */
  reason: string | null;
  busy: boolean;
  /** Tooltip of an "Up to date" / "Out of date" badge: when the platform was last asked, or that it was not this session. */
  checked: string | null;
  /** A refresh was asked for and stopped before it happened: the card's freshness line names the last real refresh. */
  notRefreshed: boolean;
}

const UP_TO_DATE = 'Up to date';
const OUT_OF_DATE = 'Out of date';
const NOT_REFRESHED = 'Not refreshed';

/** Tooltip words for how fresh an up-to-date / out-of-date status is. */
export function statusCheckedLabel(statusCheckedAt: string | null, nowMs: number): string {
  const ago = timeAgo(statusCheckedAt, nowMs);
  return ago === null ? 'Status as of last refresh' : `Status checked with the platform ${ago}`;
}

/** The badge, with `checked` filled in only where the status comes from the platform (up to date, out of date). */
export function placementBadge(placement: PlacementView, job: JobItemState | undefined, nowMs: number): PlacementBadge {
  const badge = badgeOf(placement, job);
  const fromPlatform = badge.label === UP_TO_DATE || badge.label === OUT_OF_DATE;
  return {
    ...badge,
    checked: fromPlatform ? statusCheckedLabel(placement.statusCheckedAt, nowMs) : null,
    notRefreshed: badge.label === NOT_REFRESHED,
  };
}

/** A job's outcome that no longer says where the placement stands: its cells were deleted since (orphaned wins). */
function outdatedBy(placement: PlacementView, job: JobItemState): boolean {
  return placement.status === 'orphaned' && ['done', 'failed', 'stopped', 'skipped'].includes(job.state);
}

function badgeOf(placement: PlacementView, job: JobItemState | undefined): Omit<PlacementBadge, 'checked' | 'notRefreshed'> {
  if (job !== undefined && !outdatedBy(placement, job)) {
    switch (job.state) {
      case 'queued':
        return { label: 'Queued', color: 'informative', reason: null, busy: true };
      case 'running':
      case 'writing':
        return { label: 'Refreshing', color: 'brand', reason: null, busy: true };
      case 'done':
        return { label: UP_TO_DATE, color: 'success', reason: null, busy: false };
      case 'failed':
        return { label: 'Failed', color: 'danger', reason: job.message, busy: false };
      case 'stopped':
        return { label: NOT_REFRESHED, color: 'warning', reason: 'Stopped before it was refreshed.', busy: false };
      case 'skipped':
        return { label: 'Skipped', color: 'warning', reason: job.reason, busy: false };
    }
  }
  switch (placement.status) {
    case 'upToDate':
      return { label: UP_TO_DATE, color: 'success', reason: null, busy: false };
    case 'refreshing':
      return { label: 'Refreshing', color: 'brand', reason: null, busy: true };
    case 'failed':
      return { label: 'Failed', color: 'danger', reason: placement.lastError?.message ?? 'The last refresh failed.', busy: false };
    case 'outOfDate':
      return {
        label: OUT_OF_DATE,
        color: 'warning',
        reason: parameterChangeText(placement.parameters) ?? 'The report changed since it was placed: refresh to update the cells.',
        busy: false,
      };
    case 'orphaned':
      return { label: 'Orphaned', color: 'severe', reason: 'Its cells were deleted: remove it, or insert the report again.', busy: false };
    case 'unknown':
      return { label: 'Not checked', color: 'subtle', reason: null, busy: false };
  }
}
