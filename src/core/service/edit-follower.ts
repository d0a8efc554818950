/**
 * What the service does when cells are edited outside the add-in: cards whose bound cells changed go out of date, the
 * placements the edit touched are checked for hand edits, and placements that refresh when a parameter changes are
 * refreshed, debounced, one run at a time, after any job that is running.
 */
import type { Clock } from '../runtime/clock';
import type { DocumentStore } from '../host';
import { recordRun } from '../automation/run-record';
import type { RefreshAllSummary } from '../jobs/refresh-job-state';
import { JobScope } from '../jobs/job-scope';
import type { Orchestrator } from '../placements/orchestrator';
import type { HandEdits } from '../placements/hand-edits';
import { changedParameters } from '../params/parameter-changes';
import { editTouches, type CellsEdited } from './cells-edited';
import type { CellChangesMemory } from './cell-changes-memory';

/** Quiet time after the last change of a bound cell before its placement refreshes by itself. */
export const PARAMETER_REFRESH_DEBOUNCE_MS = 1500;
/** Quiet times a refresh by itself waits for running jobs before it gives up (the card stays out of date). */
const MAX_BUSY_WAITS = 40;

export interface EditFollowerDeps {
  orchestrator: Pick<Orchestrator, 'listing' | 'parameterStatuses' | 'handEdits'>;
  /** Keeps what a hand-edit check found for `checked` placements (the cards show it). */
  handEditsFound: (checked: string[], found: Map<string, HandEdits>) => void;
  /** Tells the pane the list changed ('placementsChanged'). */
  changed: () => void;
  clock: Pick<Clock, 'sleep'>;
  /** True while a job runs on any placement: a refresh by itself waits until it ends. */
  busy: () => boolean;
  /** Refreshes the placements as one run started by a parameter change (reported and logged like any refresh). */
  refresh: (placementIds: string[]) => Promise<void>;
  /** Where a failed check or run goes (nothing is shown for it: the next check or the pane's list says the state). */
  report: (error: unknown) => void;
  debounceMs?: number;
}

export class EditFollower {
  /** Edits not yet checked (`all`: somewhere, check everything); null when none wait. */
  private queued: { all: boolean; edits: CellsEdited[] } | null = null;
  private checking: Promise<void> | null = null;
  /** Placements to refresh by themselves, and when a bound cell last changed. */
  private readonly due = new Set<string>();
  /** Counts the checks that found a bound cell due: a new one during the quiet time makes the wait start again. */
  private changes = 0;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly deps: EditFollowerDeps) {}

  /** Takes edits (null: anywhere); resolves when the check that handles them ends (edits during a check join the next one). */
  edited(edits: readonly CellsEdited[] | null): Promise<void> {
    const q = this.queued ?? { all: false, edits: [] };
    if (edits === null) q.all = true;
    else q.edits.push(...edits);
    this.queued = q;
    this.checking ??= this.drain();
    return this.checking;
  }

  /** Resolves when the refreshes started by parameter changes so far have ended (tests, and a runtime closing). */
  async settled(): Promise<void> {
    while (this.checking !== null || this.refreshing !== null) await (this.checking ?? this.refreshing);
  }

  private async drain(): Promise<void> {
    try {
      while (this.queued !== null) {
        const q = this.queued;
        this.queued = null;
        try {
          await this.check(q.all ? null : q.edits);
        } catch (e) {
          this.deps.report(e);
        }
      }
    } finally {
      this.checking = null;
    }
  }

  private async check(edits: readonly CellsEdited[] | null): Promise<void> {
    const { orchestrator } = this.deps;
    const scope = new JobScope();
    const { placements } = await orchestrator.listing(scope);
    const touched = placements
      .filter((l) => l.area !== null && (edits === null || edits.some((e) => l.area !== null && editTouches(e, l.area))))
      .map((l) => l.record.placementId);
    if (touched.length > 0) this.deps.handEditsFound(touched, await orchestrator.handEdits(touched));
    const bound = placements.filter((l) => (l.record.parameters?.length ?? 0) > 0);
    if (bound.length > 0) {
      const auto = new Set(bound.filter((l) => l.record.refreshOnParameterChange === true).map((l) => l.record.placementId));
      const changed = auto.size === 0 ? [] : changedParameters(await orchestrator.parameterStatuses(scope));
      for (const c of changed) if (auto.has(c.placementId)) this.due.add(c.placementId);
      if (this.due.size > 0) {
        this.changes += 1;
        this.refreshing ??= this.refreshLoop();
      }
    }
    if (touched.length > 0 || bound.length > 0) this.deps.changed();
  }

  /**
   * Waits until `debounceMs` pass with no new change of a bound cell and no check or job running, then refreshes what is
   * due in one run; again while more is due. A job running makes it wait again, at most MAX_BUSY_WAITS times (then the
   * card stays out of date, which it says).
   */
  private async refreshLoop(): Promise<void> {
    const quiet = this.deps.debounceMs ?? PARAMETER_REFRESH_DEBOUNCE_MS;
    let busyWaits = 0;
    try {
      while (this.due.size > 0) {
        const seen = this.changes;
        await this.deps.clock.sleep(quiet);
        if (seen !== this.changes || this.checking !== null) continue;
        if (this.deps.busy()) {
          busyWaits += 1;
          if (busyWaits > MAX_BUSY_WAITS) this.due.clear();
          continue;
        }
        busyWaits = 0;
        const ids = [...this.due];
        this.due.clear();
        try {
          await this.deps.refresh(ids);
        } catch (e) {
          this.deps.report(e);
        }
      }
    } finally {
      this.refreshing = null;
    }
  }
}

/** What a run started by a parameter change needs: Refresh all's job, the placements' names, the log's store. */
export interface ParameterRunDeps {
  refreshAll: (placementIds: string[], jobId: string) => Promise<RefreshAllSummary>;
  names: () => Promise<ReadonlyMap<string, string>>;
  store: DocumentStore;
  clock: Pick<Clock, 'now'>;
}

/**
 * The follower's `refresh`: the placements refreshed as one Refresh all job (cards edited by hand are skipped, as a
 * ribbon run skips them) and logged with the trigger 'parameter', so a failure marks its card as unattended runs do.
 */
export function parameterRun(deps: ParameterRunDeps): (placementIds: string[]) => Promise<void> {
  let runs = 0;
  return async (placementIds) => {
    const startedAt = deps.clock.now();
    runs += 1;
    const summary = await deps.refreshAll(placementIds, `parameter-${startedAt}-${runs}`);
    const names = await deps.names();
    await recordRun(deps.store, { trigger: 'parameter', startedAt, endedAt: deps.clock.now(), summary, names });
  };
}

/** The service's follower: its checks through the orchestrator, its runs as Refresh all jobs logged as 'parameter' runs. */
export function serviceFollower(parts: {
  orchestrator: Pick<Orchestrator, 'listing' | 'parameterStatuses' | 'handEdits' | 'list'>;
  cells: Pick<CellChangesMemory, 'checked'>;
  changed: () => void;
  clock: Pick<Clock, 'now' | 'sleep'>;
  store: DocumentStore;
  busy: () => boolean;
  refreshAll: ParameterRunDeps['refreshAll'];
}): EditFollower {
  const { orchestrator, clock } = parts;
  return new EditFollower({
    orchestrator,
    handEditsFound: (checked, found) => parts.cells.checked(checked, found),
    changed: parts.changed,
    clock,
    busy: parts.busy,
    refresh: parameterRun({
      refreshAll: parts.refreshAll,
      names: async () => new Map((await orchestrator.list()).map((l) => [l.record.placementId, l.record.name])),
      store: parts.store,
      clock,
    }),
    // A failed check leaves the list as the next check or reload finds it; a failed run is in the run log and on its card.
    report: () => undefined,
  });
}
