/**
 * Recording a finished run in the workbook's log, and the cards a failed unattended run marks until someone looks.
 * One document read and one write per run; the marks are placement ids only.
 */
import { z } from 'zod';
import type { DocumentStore } from '../host';
import type { RefreshAllSummary } from '../jobs/refresh-job-state';
import { PRODUCT_PREFIX } from '../wire/wire-names';
import { idText } from '../placements/record-bounds';
import { appendRunChanges, readRunLog, RUN_LOG_ENTRIES, type RunLogEntry } from './run-log';

/** Document key of the placements marked by failed unattended runs (beside the log's parts, under the same prefix). */
export const RUN_MARKS_KEY = `${PRODUCT_PREFIX}.runLog.marked`;
const LOG_PREFIX = `${PRODUCT_PREFIX}.runLog.`;
/** Marks kept at most: one per placement a workbook can hold many of, bounded like the log. */
const MAX_MARKS = RUN_LOG_ENTRIES * 4;

export type RunTrigger = RunLogEntry['trigger'];

/** Runs nobody started by a click (on open, the schedule, a parameter change): their failures mark the cards. */
export function isUnattended(trigger: RunTrigger): boolean {
  return trigger === 'open' || trigger === 'schedule' || trigger === 'parameter';
}

export interface RunToRecord {
  trigger: RunTrigger;
  /** When the run started and ended, epoch ms. */
  startedAt: number;
  endedAt: number;
  summary: RefreshAllSummary;
  /** The placements' names, for the entry (a placement missing here is named by its id). */
  names: ReadonlyMap<string, string>;
  /** Why the run ended before its end (Stop, a refused key, the time limit). */
  stopped?: string;
}

/**
 * The log entry of a run: N of M refreshed, each failure's reason and each skipped report's (messages only: they never
 * hold a key).
 */
export function runEntryOf(run: RunToRecord): RunLogEntry {
  const name = (placementId: string): string => run.names.get(placementId) ?? placementId;
  const failures = run.summary.items.flatMap(({ placementId, item }) =>
    item.state === 'failed' ? [{ placementId, name: name(placementId), reason: item.message }] : [],
  );
  const skipped = run.summary.items.flatMap(({ placementId, item }) =>
    item.state === 'skipped' ? [{ placementId, name: name(placementId), reason: item.reason }] : [],
  );
  return {
    at: new Date(run.startedAt).toISOString(),
    trigger: run.trigger,
    refreshed: run.summary.done,
    total: run.summary.total,
    failures,
    moreFailures: Math.max(0, run.summary.failed - failures.length),
    skipped,
    moreSkipped: Math.max(0, run.summary.skipped - skipped.length),
    durationMs: Math.max(0, run.endedAt - run.startedAt),
    ...(run.stopped === undefined ? {} : { stopped: run.stopped }),
  };
}

const marksSchema = z.array(idText).max(MAX_MARKS);

function parseMarks(raw: string | undefined): string[] {
  if (raw === undefined || raw === '') return [];
  try {
    const parsed = marksSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export interface RunLogView {
  /** Newest last. */
  entries: RunLogEntry[];
  /** Placements a failed unattended run marked, not yet looked at. */
  marked: string[];
  /** The IANA time zone the entries' times are shown in (Sheets: the spreadsheet's); absent: UTC. */
  timeZone?: string;
}

/** An IANA time zone name as Apps Script gives it ("Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC"). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/);

export async function readRunLogView(store: DocumentStore): Promise<RunLogView> {
  const entries = await store.entries(LOG_PREFIX);
  return { entries: readRunLog(entries), marked: parseMarks(entries[RUN_MARKS_KEY]) };
}

/** Appends the run's entry to the log and, for an unattended run, marks the placements that failed. */
export async function recordRun(store: DocumentStore, run: RunToRecord): Promise<RunLogEntry> {
  const entries = await store.entries(LOG_PREFIX);
  const entry = runEntryOf(run);
  const changes = appendRunChanges(entries, entry);
  const failed = run.summary.items.filter((x) => x.item.state === 'failed').map((x) => x.placementId);
  if (isUnattended(run.trigger) && failed.length > 0) {
    const marks = [...new Set([...parseMarks(entries[RUN_MARKS_KEY]), ...failed])].slice(-MAX_MARKS);
    changes[RUN_MARKS_KEY] = JSON.stringify(marks);
  }
  await store.update(changes);
  return entry;
}

/** Clears the marks of `placementIds` (a card opened), or all of them (`null`: the log opened). */
export async function clearRunMarks(store: DocumentStore, placementIds: readonly string[] | null): Promise<void> {
  const raw = await store.get(RUN_MARKS_KEY);
  if (raw === null) return;
  const left = placementIds === null ? [] : parseMarks(raw).filter((id) => !placementIds.includes(id));
  await store.update({ [RUN_MARKS_KEY]: left.length === 0 ? null : JSON.stringify(left) });
}
