/**
 * Where an interrupted Refresh all stands, kept in the document between executions.
 * It lists the placements still to refresh and those already done, so a resumption never refreshes one twice.
 */
import { z } from 'zod';
import { AddinError } from '../../../src/core/errors/addin-error';
import type { DocumentPropertyStore } from '../host/document-property-store';
import { idText } from '../../../src/core/placements/record-bounds';

export const RESUME_KEY = 'refreshAll.resume';
/** Failure reasons a run keeps for its log entry (the log names at most five). */
export const KEPT_REASONS = 5;

/** Placements one run may list: more than a document holds (its records are capped far lower), a forged state no longer. */
const MAX_IDS = 10_000;
const ids = z.array(idText).max(MAX_IDS);

export const refreshAllResumeSchema = z.object({
  jobId: idText,
  /** What started the run: the menu, the on-open trigger or the schedule. */
  trigger: z.enum(['menu', 'open', 'schedule']).default('menu'),
  /** Placement ids not refreshed yet, in order. */
  remaining: ids,
  /** Placement ids already refreshed or failed in earlier executions. */
  done: ids,
  /** The ones of `done` whose refresh failed. */
  failed: ids.default([]),
  /** The ones of `done` left as they were because their cells were edited by hand. */
  skipped: ids.default([]),
  /** The ones of `done` left alone because the key's owner has not placed or confirmed them. */
  unconfirmed: ids.default([]),
  /** The first failures' reasons, for the run log. */
  reasons: z
    .array(z.object({ placementId: idText, reason: z.string().max(200) }))
    .max(KEPT_REASONS)
    .default([]),
  startedAt: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  /** When an execution last saved this state (a run not heard of for long is not running any more). */
  savedAt: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
  /** The run stopped near the time limit and waits for its resume trigger (no execution is working on it). */
  waiting: z.boolean().default(true),
  /** Executions used so far (the first is 1). */
  executions: z.number().int().min(1).max(MAX_IDS),
});
export type RefreshAllResume = z.infer<typeof refreshAllResumeSchema>;
export type RefreshAllResumeInput = z.input<typeof refreshAllResumeSchema>;

export class RefreshAllResumeStore {
  constructor(private readonly store: DocumentPropertyStore) {}

  read(): RefreshAllResume | null {
    const text = this.store.get(RESUME_KEY);
    if (text === null) return null;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
    const parsed = refreshAllResumeSchema.safeParse(raw);
    if (!parsed.success) {
      throw new AddinError('host', 'The saved state of an interrupted Refresh all is damaged. Run Refresh all reports again.', {
        detail: parsed.error.message,
      });
    }
    return parsed.data;
  }

  save(state: RefreshAllResumeInput): void {
    const checked = refreshAllResumeSchema.parse(state);
    if (new Set([...checked.remaining, ...checked.done]).size !== checked.remaining.length + checked.done.length) {
      throw new AddinError('host', 'A placement cannot be both done and still to refresh.', { data: { state: checked } });
    }
    this.store.set(RESUME_KEY, JSON.stringify(checked));
  }

  clear(): void {
    this.store.remove(RESUME_KEY);
  }
}
