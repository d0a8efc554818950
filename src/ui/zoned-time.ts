/** An instant as the wall-clock minute of a time zone, as the run log shows it: "2026-11-26 10:00 Europe/Berlin". */

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);

function utcText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** `date` as `yyyy-mm-dd hh:mm` on the wall clock of `timeZone` (an IANA name); throws RangeError for a zone the runtime does not know. */
export function zonedMinute(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * `iso` (an ISO instant) as `yyyy-mm-dd hh:mm` in `timeZone` followed by the zone's name; in UTC when no zone is given,
 * the zone is UTC, or the runtime does not know it (a zone name from a document or a server is never trusted to exist).
 */
export function zonedTime(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (timeZone === undefined || UTC_NAMES.has(timeZone) || Number.isNaN(date.getTime())) return utcText(iso);
  try {
    return `${zonedMinute(date, timeZone)} ${timeZone}`;
  } catch {
    return utcText(iso);
  }
}
