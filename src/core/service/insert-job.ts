/** Inserting a new report as a service job: the workbook's context and registry in one read, bound cells checked first. */
import type { DocumentStore } from '../host';
import type { Clock } from '../runtime/clock';
import { PRODUCT_PREFIX } from '../wire/wire-names';
import { JobScope } from '../jobs/job-scope';
import type { JobRunner } from '../jobs/job-runner';
import { retryWhileBusy } from '../placements/host-busy';
import type { Orchestrator } from '../placements/orchestrator';
import { parseRegistry } from '../placements/placement-record';
import type { CellTarget, InsertOptions, ReportDraft, RunOutcome } from './addin-service';
import type { PlacementSettings } from './placement-settings';
import { placementDraftOf } from './report-draft';
import { draftWithParameters } from './parameter-compiler';
import type { Meta } from '../wire/schemas';
import { runOutcomeOf } from './run-outcome';
import { requireContext } from './service-errors';
import { CONTEXT_KEY, parseContext } from './workbook-context-store';

/** What an insert job uses of the service. */
export interface InsertJobDeps {
  jobs: JobRunner;
  orchestrator: Orchestrator;
  clock: Clock;
  store: DocumentStore;
  /** Signs in to the platform (the session's client), before the first call. */
  platform(): Promise<unknown>;
  settings: Pick<PlacementSettings, 'checkBeforeInsert'>;
  /** The environment's metadata, to compile a draft with bound values. */
  meta(deploymentId: string, environmentId: string): Promise<Meta>;
}

/**
 * Runs an Insert as job `options.jobId`. Bindings given with it are read and typed before anything is written (a bad
 * cell stops the Insert), the report runs once with their values, and they are kept with the new placement.
 */
export function runInsertJob(deps: InsertJobDeps, draft: ReportDraft, target: CellTarget, options: InsertOptions): Promise<RunOutcome> {
  const { jobId } = options;
  return deps.jobs.run(jobId, [], async (tracker, signal) => {
    // One document read for the job: the workbook's context and its placement registry.
    const entries = await retryWhileBusy(deps.clock, () => deps.store.entries(`${PRODUCT_PREFIX}.`));
    const { deploymentId, environmentId } = requireContext(parseContext(entries[CONTEXT_KEY]));
    const scope = new JobScope(parseRegistry(entries));
    await deps.platform();
    const bound = options.parameters?.length ? await deps.settings.checkBeforeInsert(options.parameters) : null;
    const run = bound === null ? draft : draftWithParameters(draft, bound.values, await deps.meta(deploymentId, environmentId));
    const outcome = await deps.orchestrator.insert(
      placementDraftOf(run, { deploymentId, environmentId }),
      { sheetId: target.sheetId, row: target.row, col: target.col },
      {
        ...deps.jobs.runOptions(jobId, signal, tracker),
        scope,
        overwrite: options.overwrite,
        ...(options.publicId === undefined ? {} : { publicId: options.publicId }),
      },
    );
    // The bindings are kept with the values this run used, so a later change of a cell marks the card out of date.
    if (bound !== null) await deps.orchestrator.bindParameters(outcome.placementId, bound.inputs, bound.sheetId, bound.values);
    return runOutcomeOf(outcome);
  });
}
