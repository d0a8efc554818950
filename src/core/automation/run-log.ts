/**
 * The workbook's run log: one short entry per unattended or one-click run (ribbon, menu, on open, schedule, parameter
 * change), the newest 50 kept in the document within the smallest host's limits, never a secret.
 */
import { z } from 'zod';
import { PRODUCT_PREFIX } from '../wire/wire-names';
import { idText, shortText } from '../placements/record-bounds';

/** What started a run. */
export const RUN_TRIGGERS = ['pane', 'ribbon', 'menu', 'open', 'schedule', 'parameter'] as const;

/** Entries kept (the oldest go first). */
export const RUN_LOG_ENTRIES = 50;
/** Characters of one stored part (Apps Script holds 9 KB a property) and parts at most: 32,000 characters in all. */
export const RUN_LOG_PART_CHARS = 8_000;
export const RUN_LOG_PARTS = 4;
/** Failures one entry names, and the characters of each reason: the rest is counted, the reason cut. */
const MAX_FAILURES = 5;
const MAX_REASON_CHARS = 200;

/** Keys of the log's parts: `svc.runLog.0` ... */
export function runLogKey(part: number): string {
  return `${PRODUCT_PREFIX}.runLog.${part}`;
}

/** Placements one entry may count: far more than a document holds, so a forged count is refused rather than shown. */
const MAX_COUNT = 100_000;
/** A week: no run takes longer. */
const MAX_DURATION_MS = 7 * 24 * 3600_000;

/** A report a run names (failed or skipped), with why. */
const namedReason = z.object({ placementId: idText, name: shortText, reason: z.string().max(MAX_REASON_CHARS) });

export const runLogEntrySchema = z.object({
  /** ISO time the run started. */
  at: z.string().max(40),
  trigger: z.enum(RUN_TRIGGERS),
  refreshed: z.number().int().nonnegative().max(MAX_COUNT),
  total: z.number().int().nonnegative().max(MAX_COUNT),
  failures: z.array(namedReason).max(MAX_FAILURES),
  /** Failures past the ones named. */
  moreFailures: z.number().int().nonnegative().max(MAX_COUNT).default(0),
  /** Reports left as they were, each with why (cells edited by hand); entries of earlier versions have none. */
  skipped: z.array(namedReason).max(MAX_FAILURES).default([]),
  /** Skipped reports past the ones named. */
  moreSkipped: z.number().int().nonnegative().max(MAX_COUNT).default(0),
  durationMs: z.number().nonnegative().max(MAX_DURATION_MS),
  /** The run stopped before the end (Stop, the time limit, a refused key). */
  stopped: shortText.optional(),
});
export type RunLogEntry = z.infer<typeof runLogEntrySchema>;

const logSchema = z.array(z.unknown());

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The entries in the document (newest last); a damaged log reads as its readable entries, or none. */
export function readRunLog(entries: Readonly<Record<string, string>>): RunLogEntry[] {
  let text = '';
  for (let i = 0; i < RUN_LOG_PARTS; i++) {
    const part = entries[runLogKey(i)];
    if (part === undefined) break;
    text += part;
  }
  if (text === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const list = logSchema.safeParse(json);
  if (!list.success) return [];
  return list.data.flatMap((item) => {
    const entry = runLogEntrySchema.safeParse(item);
    return entry.success ? [entry.data] : [];
  });
}

type NamedReason = RunLogEntry['failures'][number];

/** The first MAX_FAILURES of `list`, each part cut to its bound. */
function named(list: readonly NamedReason[]): NamedReason[] {
  return list.slice(0, MAX_FAILURES).map((f) => ({
    placementId: cut(f.placementId, 64),
    name: cut(f.name, 80),
    reason: cut(f.reason, MAX_REASON_CHARS),
  }));
}

/**
 * An entry as stored: its schema's fields only (nothing else a caller passed), at most MAX_FAILURES failures and as many
 * skipped reports named, each reason cut; the rest counted.
 */
function compact(given: RunLogEntry): RunLogEntry {
  return runLogEntrySchema.parse({
    ...given,
    failures: named(given.failures),
    moreFailures: given.moreFailures + Math.max(0, given.failures.length - MAX_FAILURES),
    skipped: named(given.skipped),
    moreSkipped: given.moreSkipped + Math.max(0, given.skipped.length - MAX_FAILURES),
    durationMs: Math.min(given.durationMs, MAX_DURATION_MS),
    ...(given.stopped === undefined ? {} : { stopped: cut(given.stopped, MAX_REASON_CHARS * 5) }),
  });
}

/**
 * The document changes that append `entry` to the log read as `entries`: the newest RUN_LOG_ENTRIES that fit
 * RUN_LOG_PARTS parts, parts no longer needed removed. Apply with one `DocumentStore.update`.
 */
export function appendRunChanges(entries: Readonly<Record<string, string>>, entry: RunLogEntry): Record<string, string | null> {
  let list = [...readRunLog(entries), compact(entry)].slice(-RUN_LOG_ENTRIES);
  let text = JSON.stringify(list);
  while (text.length > RUN_LOG_PART_CHARS * RUN_LOG_PARTS && list.length > 1) {
    list = list.slice(1);
    text = JSON.stringify(list);
  }
  const out: Record<string, string | null> = {};
  const parts = Math.ceil(text.length / RUN_LOG_PART_CHARS);
  for (let i = 0; i < RUN_LOG_PARTS; i++) {
    if (i < parts) out[runLogKey(i)] = text.slice(i * RUN_LOG_PART_CHARS, (i + 1) * RUN_LOG_PART_CHARS);
    else if (entries[runLogKey(i)] !== undefined) out[runLogKey(i)] = null;
  }
  return out;
}
