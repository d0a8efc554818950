/** Placing an existing report as a service job: its request made from the workbook's list, run by the orchestrator. */
import { mintPublicId } from '../api/public-id';
import type { JobRunner } from '../jobs/job-runner';
import type { Orchestrator } from '../placements/orchestrator';
import type { PlaceRequest } from '../placements/place-existing';
import type { PlacementListing } from '../placements/placement-types';
import type { CellTarget, MoveTarget, PlaceOptions, RunOutcome } from './addin-service';
import { newPlacementId } from './place-requests';
import { runOutcomeOf } from './run-outcome';

/** What a placing job uses of the service. */
export interface PlaceJobDeps {
  jobs: JobRunner;
  orchestrator: Orchestrator;
  /** Signs in to the platform (the session's client), before the first call. */
  platform(): Promise<unknown>;
  activeCell(): Promise<CellTarget>;
  randomBytes: (n: number) => Uint8Array;
  /** Told the placement written (its cells' memory of hand edits and changes starts anew). */
  written(placementId: string): void;
  /** Told when the job ends, however it ends (the list changed, or may have). */
  ended(): void;
}

/** Builds the request from the list and a new placement id (minted only when the request needs one). */
export type MakeRequest = (listing: PlacementListing[], newId: () => string) => Promise<PlaceRequest>;

/** Runs one placing of an existing report at `target` as the job `options.jobId`. */
export async function runPlaceJob(
  deps: PlaceJobDeps,
  target: MoveTarget,
  options: PlaceOptions,
  request: MakeRequest,
): Promise<RunOutcome> {
  const { jobId, overwrite } = options;
  try {
    return await deps.jobs.run(jobId, [], async (tracker, signal) => {
      const cell = target === 'selection' ? await deps.activeCell() : target;
      const listing = await deps.orchestrator.list();
      const placing = await request(listing, () => newPlacementId(listing, options.placementId, () => mintPublicId(deps.randomBytes)));
      await deps.platform();
      const anchor = { sheetId: cell.sheetId, row: cell.row, col: cell.col };
      const outcome = await deps.orchestrator.placeExisting(placing, anchor, {
        ...deps.jobs.runOptions(jobId, signal, tracker),
        ...(overwrite === undefined ? {} : { overwrite }),
      });
      deps.written(outcome.placementId);
      return runOutcomeOf(outcome);
    });
  } finally {
    deps.ended();
  }
}
