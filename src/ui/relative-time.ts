/** Words for how long ago something happened ("refreshed 3 min ago"), from an ISO time and the current time. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function timeAgo(iso: string | null, nowMs: number): string | null {
  if (iso === null) return null;
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const diff = Math.max(0, nowMs - then);
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} min ago`;
  if (diff < DAY) {
    const h = Math.floor(diff / HOUR);
    return `${h} ${h === 1 ? 'hour' : 'hours'} ago`;
  }
  const d = Math.floor(diff / DAY);
  return `${d} ${d === 1 ? 'day' : 'days'} ago`;
}

export function refreshedLabel(iso: string | null, nowMs: number): string {
  const ago = timeAgo(iso, nowMs);
  return ago === null ? 'never refreshed' : `refreshed ${ago}`;
}

/**
 * The freshness line of a card whose refresh was stopped before it happened: the last real refresh, as an hour and minute
 * when it was under a minute ago, since "just now" beside "Not refreshed" reads as the refresh that did not happen.
 */
export function lastRefreshedLabel(iso: string | null, nowMs: number): string {
  const ago = timeAgo(iso, nowMs);
  if (iso === null || ago === null) return 'never refreshed';
  if (ago !== 'just now') return `last refreshed ${ago}`;
  return `last refreshed at ${new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
}
