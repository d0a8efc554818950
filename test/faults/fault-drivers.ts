/** How a fault-matrix case is driven (refresh, cancel, two at once, edit, Refresh all with Stop) and run clean after. */
import type { RefreshAllSummary } from '../../src/core/jobs/refresh-job-state';
import type { ReportDraft } from '../../src/core/service/addin-service';
import { EDITOR, VIEWER, platformSignIn, sqlOf, type Setup } from './fault-setup';
import type { FaultCase } from './fault-table';

export interface DriveResult {
  /** What the runs threw. */
  errors: unknown[];
  /** Per placement: whether the run left it with the new result. */
  changed: boolean[];
  /** The Refresh all summary, for that drive. */
  summary?: RefreshAllSummary;
  /** The edited definition, for the edit drives. */
  draft?: ReportDraft;
}

const EDITED_SQL = sqlOf(5);

/** Runs the case's drive once, with its faults armed by the caller; never throws what the runs throw. */
export async function drive(c: FaultCase, s: Setup): Promise<DriveResult> {
  const { service } = s;
  const placement = s.placements[0]!;
  const errors: unknown[] = [];
  let succeeded = 0;
  let draft: ReportDraft | undefined;
  const settle = (run: Promise<unknown>): Promise<void> =>
    run.then(
      () => void succeeded++,
      (e: unknown) => void errors.push(e),
    );
  const refresh = (jobId: string): Promise<void> => settle(service.refresh(placement.placementId, { jobId }));
  switch (c.drive) {
    case 'refresh':
      await refresh('fault-1');
      break;
    case 'twoAtOnce':
      await Promise.all([refresh('fault-1'), refresh('fault-2')]);
      break;
    case 'update':
    case 'updateAsViewer': {
      if (c.drive === 'updateAsViewer') await platformSignIn(s, VIEWER);
      draft = { ...(await service.loadDraft(placement.placementId)), sqlQuery: EDITED_SQL };
      await settle(service.update(placement.placementId, draft, { jobId: 'fault-1' }));
      if (c.drive === 'updateAsViewer') await platformSignIn(s, EDITOR);
      break;
    }
    case 'cancelSlow': {
      const running = refresh('fault-1');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await service.cancel('fault-1');
      await running;
      break;
    }
    case 'refreshAllStop':
      return refreshAllStoppedAfterFirst(s);
  }
  return { errors, changed: [succeeded > 0], ...(draft === undefined ? {} : { draft }) };
}

/** Refresh all of the setup's placements, with Stop pressed as soon as the first of them is done. */
async function refreshAllStoppedAfterFirst(s: Setup): Promise<DriveResult> {
  const jobId = 'fault-all';
  let stopped = false;
  const unsubscribe = s.service.subscribe((event) => {
    if (event.type === 'item' && event.jobId === jobId && event.item.state === 'done' && !stopped) {
      stopped = true;
      void s.service.cancel(jobId);
    }
  });
  try {
    const summary = await s.service.refreshAll(
      s.placements.map((p) => p.placementId),
      { jobId },
    );
    const changed = s.placements.map((p) => summary.items.find((i) => i.placementId === p.placementId)?.item.state === 'done');
    return { errors: [], changed, summary };
  } finally {
    unsubscribe();
  }
}

/**
 * The same run without faults, which must bring the new result: the edit is saved again (by publicId: after lost upsert
 * races the report may live on under a new id), Refresh all runs again, anything else refreshes.
 */
export async function runClean(c: FaultCase, s: Setup, driven: DriveResult): Promise<void> {
  const { service } = s;
  const placement = s.placements[0]!;
  if (driven.draft !== undefined) {
    await service.update(placement.placementId, driven.draft, { jobId: 'clean' });
  } else if (c.drive === 'refreshAllStop') {
    const summary = await service.refreshAll(
      s.placements.map((p) => p.placementId),
      { jobId: 'clean' },
    );
    if (summary.done !== s.placements.length) throw new Error(`clean Refresh all: ${JSON.stringify(summary)}`);
  } else {
    await service.refresh(placement.placementId, { jobId: 'clean' });
  }
}
