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
