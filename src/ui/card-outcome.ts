/** The outcome of an action shown on the card it concerns (insert, refresh, hand edits, undo, a failure), and the default-cap note. */
import { PLATFORM_DEFAULT_ROW_CAP, cutAtDefaultCap } from '../core/builder/default-cap';
import type { ChangesView, RunOutcome } from '../core/service/addin-service';
import { formatCount, formatDuration, formatShape } from './format-numbers';

/** What a refresh or saved edit changed in the cells, and whether Undo refresh can put them back. */
export interface RefreshAfter {
  changes: ChangesView;
  undo: UndoAvailability;
}

export interface UndoAvailability {
  available: boolean;
  /** Why it is not available ("too large to undo"). */
  reason?: string;
}

/** A refresh stopped by cells edited by hand: the service's message and the cells it names. */
export interface HandEditedOutcome {
  kind: 'handEdited';
  message: string;
  /** "C7, C9 and 12 more in rows 7-20", or null when the error did not name them. */
  cells: string | null;
}

export type CardOutcome =
  | { kind: 'done'; title: string; text: string; capNote: string | null; at: string; after?: RefreshAfter }
  | { kind: 'empty'; title: string; text: string; at: string; after?: RefreshAfter }
  | { kind: 'cancelled'; text: string }
  | { kind: 'error'; error: unknown }
  | HandEditedOutcome
  /** Undo refresh running (`jobId` is its job, for Cancel). */
  | { kind: 'undoing'; jobId: string };

/** A report placed from the editor: where to go back to in the list, and what to say on its card. */
/**
 * The outcome a card shows for a placement now at `rangeLabel`: an outcome that names an area anchored elsewhere (the
 * report moved since, rows were inserted above it) is stale and is not shown.
 */
export function currentOutcome(outcome: CardOutcome | undefined, rangeLabel: string | null): CardOutcome | null {
  if (outcome === undefined) return null;
  return (outcome.kind === 'done' || outcome.kind === 'empty') && anchorOf(outcome.at) !== anchorOf(rangeLabel) ? null : outcome;
}

/** "Sheet1!G2" of "Sheet1!G2:H7": a refresh may resize an area, only a move changes its anchor. */
function anchorOf(rangeLabel: string | null): string | null {
  return rangeLabel === null ? null : (rangeLabel.split(':')[0] ?? rangeLabel);
}

export interface PlacedReport {
  placementId: string;
  outcome: CardOutcome;
}

const CAP = formatCount(PLATFORM_DEFAULT_ROW_CAP);

/** Said when a result of exactly the cap came from a query known to have no top-level LIMIT. */
export const CAPPED_TEXT = `${CAP} rows: the platform's default cap; set a Limit to get more.`;
/** Said when a result has exactly the cap rows but the query is not at hand. */
export const MAYBE_CAPPED_TEXT = `${CAP} rows: this may be the platform's default cap; if the report has no Limit, set one to get more.`;

/**
 * The note for a result of `rows` data rows. `truncated` is the service's own finding (the query's rows, its SQL): when
 * given it decides. Without it (a service that does not give it): definite when the SQL is known (`sql`), a "may be" otherwise; null when
 * the result is not at the cap.
 */
export function capNoteOf(rows: number, sql: string | null, truncated?: boolean): string | null {
  if (truncated !== undefined) return truncated ? CAPPED_TEXT : null;
  if (rows !== PLATFORM_DEFAULT_ROW_CAP) return null;
  if (sql === null) return MAYBE_CAPPED_TEXT;
  return cutAtDefaultCap(rows, sql) ? CAPPED_TEXT : null;
}

/** "Inserted" / "Refreshed" / "Saved and refreshed" with the size and time, or the plain statement of an empty result. */
export function outcomeOf(verb: string, result: RunOutcome, sql: string | null, flat = true): CardOutcome {
  // Refresh and update say what they changed; an insert replaced nothing of the add-in's own.
  const after: RefreshAfter | undefined =
    result.changes === undefined ? undefined : { changes: result.changes, undo: result.undo ?? { available: false } };
  if (result.dataRows === 0) {
    return {
      kind: 'empty',
      at: result.rangeLabel,
      title: 'The report returned no rows',
      text: `${verb} at ${result.rangeLabel}: the header only. Check the report's filters.`,
      ...(after === undefined ? {} : { after }),
    };
  }
  return {
    kind: 'done',
    at: result.rangeLabel,
    title: verb,
    text: `${formatShape(result.dataRows, result.cols)} in ${formatDuration(result.elapsedMs)} at ${result.rangeLabel}`,
    // The service's finding counts the query's rows (a pivot's too); without it only a flat result's rows can be judged.
    capNote:
      result.truncatedAtDefaultCap !== undefined
        ? capNoteOf(result.dataRows, sql, result.truncatedAtDefaultCap)
        : flat
          ? capNoteOf(result.dataRows, sql)
          : null,
    ...(after === undefined ? {} : { after }),
  };
}
