/**
 * Where an interrupted Refresh all stands, kept in the document between executions.
 * It lists the placements still to refresh and those already done, so a resumption never refreshes one twice.
 */
import { z } from 'zod';
import { AddinError } from '../../../src/core/errors/addin-error';
import type { DocumentPropertyStore } from '../host/document-property-store';

export const RESUME_KEY = 'refreshAll.resume';
/** Failure reasons a run keeps for its log entry (the log names at most five). */
export const KEPT_REASONS = 5;

export const refreshAllResumeSchema = z.object({
  jobId: z.string(),
  /** What started the run: the menu, the on-open trigger or the schedule. */
  trigger: z.enum(['menu', 'open', 'schedule']).default('menu'),
  /** Placement ids not refreshed yet, in order. */
  remaining: z.array(z.string()),
  /** Placement ids already refreshed or failed in earlier executions. */
  done: z.array(z.string()),
  /** The ones of `done` whose refresh failed. */
  failed: z.array(z.string()).default([]),
  /** The ones of `done` left as they were because their cells were edited by hand. */
  skipped: z.array(z.string()).default([]),
  /** The first failures' reasons, for the run log. */
  reasons: z.array(z.object({ placementId: z.string(), reason: z.string().max(200) })).default([]),
  startedAt: z.number(),
  /** When an execution last saved this state (a run not heard of for long is not running any more). */
  savedAt: z.number().default(0),
  /** The run stopped near the time limit and waits for its resume trigger (no execution is working on it). */
  waiting: z.boolean().default(true),
  /** Executions used so far (the first is 1). */
  executions: z.number().int().min(1),
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
