/**
 * Reports > Refresh all reports with the sidebar closed: every placement refreshed once, a batch at a time.
 * A batch's queries are fetched together; the run stops cleanly before the 6-minute limit and continues in a one-off
 * time-based trigger from where it stopped (the state kept in the document); the outcome shows as a toast and in each
 * placement's record.
 */
import type { AddinService } from '../../../src/core/service/addin-service';
import { isAddinError } from '../../../src/core/errors/addin-error';
import { DocumentPropertyStore } from '../host/document-property-store';
import { MAX_BATCH_REQUESTS } from '../service/fetch-batcher';
import { ExecutionBudget } from './execution-budget';
import { RefreshAllResumeStore, type RefreshAllResume } from './refresh-all-resume';
import { ResumeTriggers } from './resume-trigger';
import type { ScriptAppLike } from '../apps-script/apps-script-services';
import type { SheetsSpreadsheet } from '../host/sheets-services';

/** The trigger handler that continues an interrupted Refresh all (an entry point). */
export const RESUME_HANDLER = 'resumeRefreshAll';
/** Assumed length of one batch's refresh before any has been measured. */
export const FIRST_REFRESH_ESTIMATE_MS = 30_000;
const TITLE = 'Reports';

export interface MenuRefreshAllDeps {
  service: AddinService;
  book: SheetsSpreadsheet;
  documentProperties: ConstructorParameters<typeof DocumentPropertyStore>[0];
  scriptApp: ScriptAppLike;
  now: () => number;
  /** Mints the run's id (used for its jobs' ids). */
  mintId: () => string;
}

function summary(state: RefreshAllResume): string {
  const failed = state.failed.length;
  const skipped = state.skipped.length;
  const ok = state.done.length - failed - skipped;
  const parts = [`Refreshed ${ok} report${ok === 1 ? '' : 's'}`];
  if (failed > 0) parts.push(`${failed} failed (open reports to see why)`);
  if (skipped > 0) parts.push(`${skipped} skipped: cells edited by hand (open reports to locate them)`);
  if (state.executions > 1) parts.push(`in ${state.executions} runs`);
  return `${parts.join(', ')}.`;
}

/**
 * Runs (or continues) Refresh all in this execution. `resume`: called from the trigger (continues only a saved run).
 * Returns the state it left: `remaining` empty when finished.
 */
export async function runMenuRefreshAll(deps: MenuRefreshAllDeps, resume: boolean): Promise<RefreshAllResume | null> {
  const budget = new ExecutionBudget(deps.now);
  const store = new RefreshAllResumeStore(new DocumentPropertyStore(deps.documentProperties));
  const triggers = new ResumeTriggers(deps.scriptApp);
  // A fired one-off trigger stays listed until deleted.
  triggers.clear(RESUME_HANDLER);
  let state = store.read();
  if (state === null) {
    if (resume) return null;
    const placements = await deps.service.listPlacements();
    state = {
      jobId: deps.mintId(),
      remaining: placements.map((p) => p.placementId),
      done: [],
      failed: [],
      skipped: [],
      startedAt: deps.now(),
      executions: 1,
    };
    if (state.remaining.length === 0) {
      deps.book.toast('There are no reports in this spreadsheet to refresh.', TITLE, 5);
      return state;
    }
  } else {
    // Another execution of the same run (a trigger, or the menu clicked while one was pending): carry on where it stopped.
    state = { ...state, executions: state.executions + 1 };
  }
  store.save(state);
  deps.book.toast(`Refreshing ${state.remaining.length} report${state.remaining.length === 1 ? '' : 's'}…`, TITLE, 5);
  let longest = 0;
  while (state.remaining.length > 0) {
    if (budget.shouldStop(longest || FIRST_REFRESH_ESTIMATE_MS)) {
      triggers.schedule(RESUME_HANDLER);
      deps.book.toast(
        `${summary(state)} ${state.remaining.length} more will be refreshed in a minute (Google Sheets limits one run to 6 minutes).`,
        TITLE,
        10,
      );
      return state;
    }
    const batch = state.remaining.slice(0, MAX_BATCH_REQUESTS);
    const started = deps.now();
    let failed: string[];
    let skipped: string[] = [];
    try {
      const result = await deps.service.refreshAll(batch, {
        jobId: `${state.jobId}-${state.done.length}`,
      });
      failed = result.items.filter((x) => x.item.state !== 'done' && x.item.state !== 'skipped').map((x) => x.placementId);
      skipped = result.items.filter((x) => x.item.state === 'skipped').map((x) => x.placementId);
    } catch (e) {
      // A failure of the run itself (not of a placement's query) is recorded as the batch's failure; the next batch goes on.
      failed = batch;
      if (!isAddinError(e)) throw e;
    }
    longest = Math.max(longest, deps.now() - started);
    state = {
      ...state,
      remaining: state.remaining.slice(batch.length),
      done: [...state.done, ...batch],
      failed: [...state.failed, ...failed],
      skipped: [...state.skipped, ...skipped],
    };
    store.save(state);
  }
  store.clear();
  deps.book.toast(summary(state), TITLE, 10);
  return state;
}
