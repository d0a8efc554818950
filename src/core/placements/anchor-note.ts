/** The anchor note of a placement: its text ("Report 'Sales', refreshed 2026-11-26 10:04 by Ana") and where it goes. */
import type { CellNote, GridRange } from '../host';

const pad = (n: number): string => String(n).padStart(2, '0');

/** `ms` as "2026-11-26 10:04 UTC": the default when the runtime gives no local time. */
export function utcMinuteText(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/**
 * The note's text. `by` is the user's name as the platform gives it (left out when it gives none); the note never holds
 * a key or a URL, so it is safe in a shared workbook.
 */
export function anchorNoteText(name: string, refreshedAt: string, by: string | null | undefined): string {
  const who = by?.trim();
  return `Report '${name}', refreshed ${refreshedAt}${who ? ` by ${who}` : ''}`;
}

/** Where a placement's note is: the top-left cell of its area. */
function cellOf(area: GridRange): Omit<CellNote, 'text'> {
  return { sheetId: area.sheetId, row: area.row, col: area.col };
}

function sameCell(a: GridRange, b: GridRange): boolean {
  return a.sheetId === b.sheetId && a.row === b.row && a.col === b.col;
}

/**
 * The note changes of a write from `before` (the area and whether it had a note) to `after`: the note set at the new
 * anchor when on, and removed from the old anchor when it is off now or the anchor moved. Nothing when both are off.
 */
export function anchorNoteChanges(
  before: { area: GridRange | null; on: boolean },
  after: { area: GridRange; on: boolean; text: string },
): CellNote[] {
  const out: CellNote[] = [];
  if (before.on && before.area && (!after.on || !sameCell(before.area, after.area))) out.push({ ...cellOf(before.area), text: null });
  if (after.on) out.push({ ...cellOf(after.area), text: after.text });
  return out;
}

/** How the Orchestrator keeps anchor notes: the host's setNotes through its pacing, times as the runtime shows them. */
export class AnchorNotes {
  constructor(
    private readonly setNotes: (notes: readonly CellNote[]) => Promise<void>,
    private readonly localTime: ((ms: number) => string) | undefined,
  ) {}

  /** A record's ISO time as the note shows it. */
  time(iso: string): string {
    return (this.localTime ?? utcMinuteText)(Date.parse(iso));
  }

  /** Sets or removes notes (a refusal is the caller's error). */
  set(notes: readonly CellNote[]): Promise<void> {
    return notes.length > 0 ? this.setNotes(notes) : Promise.resolve();
  }

  /** After a write (see anchorNoteChanges): best effort, the cells are written; a refused note is set again next time. */
  async renew(
    before: { area: GridRange | null; on: boolean },
    next: { name: string; refreshedAt: string; anchorNote?: boolean | undefined },
    area: GridRange,
    by: string | null | undefined,
  ): Promise<void> {
    const on = next.anchorNote === true;
    // Nothing to do (not even the time to format) for a placement that has no note and had none.
    if (!on && !before.on) return;
    const text = on ? anchorNoteText(next.name, this.time(next.refreshedAt), by) : '';
    await this.set(anchorNoteChanges(before, { area, on, text })).catch(() => undefined);
  }
}
