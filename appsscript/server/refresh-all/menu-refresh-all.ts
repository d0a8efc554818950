/**
 * Refresh all with the sidebar closed (the menu, the on-open trigger, the schedule): every placement refreshed once,
 * a batch at a time. The run stops cleanly before the 6-minute limit and continues in a one-off trigger from where it
 * stopped (the state kept in the document); one run at a time per document; the outcome goes to a toast and the run log.
 */
import type { AddinService } from '../../../src/core/service/addin-service';
import type { DocumentStore } from '../../../src/core/host';
import { isAddinError } from '../../../src/core/errors/addin-error';
import { DocumentPropertyStore } from '../host/document-property-store';
import { withDocumentLock } from '../host/document-lock';
import { MAX_BATCH_REQUESTS } from '../service/fetch-batcher';
import { ExecutionBudget } from './execution-budget';
import { KEPT_REASONS, RefreshAllResumeStore, type RefreshAllResume } from './refresh-all-resume';
import { ResumeTriggers } from './resume-trigger';
import type { LockServiceLike, ScriptAppLike } from '../apps-script/apps-script-services';
import type { SheetsSpreadsheet } from '../host/sheets-services';
import { recordUnattendedRun } from './unattended-log';

/** The trigger handler that continues an interrupted Refresh all (an entry point). */
export const RESUME_HANDLER = 'resumeRefreshAll';
/** Assumed length of one batch's refresh before any has been measured. */
export const FIRST_REFRESH_ESTIMATE_MS = 30_000;
/** A run not heard of for this long is taken as ended (its execution was killed): another run may take it over. */
export const RUN_STALE_MS = 15 * 60_000;
const TITLE = 'Reports';

export type UnattendedTrigger = RefreshAllResume['trigger'];

/** Why a run stopped when the platform refused the key: the schedule is stopped rather than failing every hour. */
export const KEY_REFUSED_NOTE =
  'The platform refused the key (401/403), so the run stopped. Sign in again in the sidebar; a schedule was turned off and must be set again.';
export const ANOTHER_RUN_NOTE = 'Skipped: another Refresh all of this spreadsheet was running.';

export interface MenuRefreshAllDeps {
  service: AddinService;
  book: SheetsSpreadsheet;
  documentProperties: ConstructorParameters<typeof DocumentPropertyStore>[0];
  scriptApp: ScriptAppLike;
  locks: LockServiceLike;
  /** Where the run log lives (the document's properties, as the core's DocumentStore). */
  runLog: DocumentStore;
  now: () => number;
  /** Mints the run's id (used for its jobs' ids). */
  mintId: () => string;
  /** What starts a new run (default: the menu); a resumed run keeps its own. */
  trigger?: UnattendedTrigger;
  /** The platform refused the run's key: the trigger that started it is stopped here. */
  onKeyRefused?: (trigger: UnattendedTrigger) => void | Promise<void>;
}

function summary(state: RefreshAllResume): string {
  const failed = state.failed.length;
  const skipped = state.skipped.length;
  const unconfirmed = state.unconfirmed.length;
  const ok = state.done.length - failed - skipped - unconfirmed;
  const parts = [`Refreshed ${ok} report${ok === 1 ? '' : 's'}`];
  if (failed > 0) parts.push(`${failed} failed (open reports to see why)`);
  if (skipped > 0) parts.push(`${skipped} skipped: cells edited by hand (open reports to locate them)`);
  if (unconfirmed > 0)
    parts.push(
      `${unconfirmed} need${unconfirmed === 1 ? 's' : ''} your confirmation: added or changed by someone else (open reports to confirm)`,
    );
  if (state.executions > 1) parts.push(`in ${state.executions} runs`);
  return `${parts.join(', ')}.`;
}

type Claim = { kind: 'run'; state: RefreshAllResume } | { kind: 'busy' } | { kind: 'none' };

/** Under the document lock: this execution's run (new, continued or taken over), or why there is none. */
function claim(deps: MenuRefreshAllDeps, store: RefreshAllResumeStore, resume: boolean, placementIds: () => string[]): Claim {
  return withDocumentLock(deps.locks, (): Claim => {
    const saved = store.read();
    const now = deps.now();
    if (saved !== null) {
      // A run waiting for its resume trigger, or silent for long, is carried on; one whose execution is working is left alone.
      if (!saved.waiting && now - saved.savedAt < RUN_STALE_MS) return { kind: 'busy' };
      const state = { ...saved, executions: saved.executions + 1, waiting: false, savedAt: now };
      store.save(state);
      return { kind: 'run', state };
    }
    if (resume) return { kind: 'none' };
    const state: RefreshAllResume = {
      jobId: deps.mintId(),
      trigger: deps.trigger ?? 'menu',
      remaining: placementIds(),
      done: [],
      failed: [],
      skipped: [],
      unconfirmed: [],
      reasons: [],
      startedAt: now,
      savedAt: now,
      waiting: false,
      executions: 1,
    };
    if (state.remaining.length > 0) store.save(state);
    return { kind: 'run', state };
  });
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
  const listed = resume ? [] : (await deps.service.listPlacements({ rights: false })).map((p) => p.placementId);
  const claimed = claim(deps, store, resume, () => listed);
  if (claimed.kind === 'none') return null;
  if (claimed.kind === 'busy') {
    if (deps.trigger === 'menu' || deps.trigger === undefined)
      deps.book.toast('Refresh all is already running in this spreadsheet. Wait for its result.', TITLE, 5);
    else await recordUnattendedRun(deps, null, deps.trigger, ANOTHER_RUN_NOTE);
    return null;
  }
  let state = claimed.state;
  if (state.remaining.length === 0 && state.done.length === 0) {
    deps.book.toast('There are no reports in this spreadsheet to refresh.', TITLE, 5);
    return state;
  }
  deps.book.toast(`Refreshing ${state.remaining.length} report${state.remaining.length === 1 ? '' : 's'}…`, TITLE, 5);
  let longest = 0;
  while (state.remaining.length > 0) {
    if (budget.shouldStop(longest || FIRST_REFRESH_ESTIMATE_MS)) {
      store.save({ ...state, waiting: true, savedAt: deps.now() });
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
    let failed: Array<{ placementId: string; reason: string }>;
    let skipped: string[] = [];
    let unconfirmed: string[] = [];
    let refused = false;
    try {
      // Every run of this entry point is unattended, the menu's too: the sidebar is closed, so nobody sees which
      // placements the document lists, and one another editor added must not be fetched with this person's key.
      const result = await deps.service.refreshAll(batch, { jobId: `${state.jobId}-${state.done.length}`, unattended: true });
      failed = result.items.flatMap(({ placementId, item }) => {
        if (item.state === 'failed' && item.kind === 'unauthenticated') refused = true;
        if (item.state === 'done' || item.state === 'skipped') return [];
        return [{ placementId, reason: item.state === 'failed' ? item.message : 'Stopped before it was refreshed.' }];
      });
      const left = result.items.flatMap(({ placementId, item }) => (item.state === 'skipped' ? [{ placementId, item }] : []));
      skipped = left.filter((x) => x.item.needsConfirmation !== true).map((x) => x.placementId);
      unconfirmed = left.filter((x) => x.item.needsConfirmation === true).map((x) => x.placementId);
    } catch (e) {
      // A failure of the run itself (not of a placement's query) is recorded as the batch's failure; the next batch goes on.
      if (!isAddinError(e)) throw e;
      refused = e.kind === 'unauthenticated';
      failed = batch.map((placementId) => ({ placementId, reason: e.message }));
    }
    longest = Math.max(longest, deps.now() - started);
    state = {
      ...state,
      remaining: state.remaining.slice(batch.length),
      done: [...state.done, ...batch],
      failed: [...state.failed, ...failed.map((f) => f.placementId)],
      skipped: [...state.skipped, ...skipped],
      unconfirmed: [...state.unconfirmed, ...unconfirmed],
      reasons: [...state.reasons, ...failed.map((f) => ({ ...f, reason: f.reason.slice(0, 200) }))].slice(0, KEPT_REASONS),
      savedAt: deps.now(),
    };
    if (refused) {
      store.clear();
      try {
        await deps.onKeyRefused?.(state.trigger);
      } catch {
        // The log entry below still says the key was refused.
      }
      await recordUnattendedRun(deps, state, state.trigger, KEY_REFUSED_NOTE);
      deps.book.toast(KEY_REFUSED_NOTE, TITLE, 10);
      return state;
    }
    store.save(state);
  }
  store.clear();
  deps.book.toast(summary(state), TITLE, 10);
  await recordUnattendedRun(deps, state, state.trigger);
  return state;
}
