/**
 * The pane's AddinService in the Sheets sidebar: every method a google.script.run call through the typed server client.
 * Only plain JSON crosses; while a job's call runs, its status is polled with jobStatus and passed on as progress and
 * item events; subscribe's workbook changes come from polling the placement list.
 */
import type { AddinService, JobStatus, PlaceOptions, ServiceEvent } from '../../src/core/service/addin-service';
import type { ServerClient } from './server-client';

export interface RemoteServiceOptions {
  /** Mints job ids (URL-safe, 16 to 64 characters). */
  mintId: () => string;
  /** How often a running job's status is asked for (each poll is one server execution). */
  jobPollMs?: number;
  /** How often the placement list is compared while the pane listens, to see rows or sheets changed by the user (0: never). */
  listPollMs?: number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export function remoteAddinService(client: ServerClient, options: RemoteServiceOptions): AddinService {
  const listeners = new Set<(event: ServiceEvent) => void>();
  const every = options.setInterval ?? ((fn: () => void, ms: number) => setInterval(fn, ms));
  const stop = options.clearInterval ?? ((h: unknown) => clearInterval(h as ReturnType<typeof setInterval>));
  const emit = (event: ServiceEvent): void => {
    for (const l of [...listeners]) l(event);
  };

  /** Runs a job's call while polling its status; the status's new progress and items become events. */
  const job = async <T>(jobId: string, start: () => Promise<T>): Promise<T> => {
    let seen = '';
    const items = new Map<string, string>();
    const pass = (status: JobStatus | null): void => {
      if (status === null) return;
      if (status.progress && JSON.stringify(status.progress) !== seen) {
        seen = JSON.stringify(status.progress);
        emit({ type: 'progress', jobId, ...status.progress });
      }
      for (const { placementId, item } of status.items) {
        const text = JSON.stringify(item);
        if (items.get(placementId) === text) continue;
        items.set(placementId, text);
        emit({ type: 'item', jobId, placementId, item });
      }
    };
    let polling = false;
    const timer = every(() => {
      if (polling) return;
      polling = true;
      client
        .call('jobStatus', { jobId })
        .then(pass, () => undefined)
        .finally(() => (polling = false));
    }, options.jobPollMs ?? 1500);
    try {
      return await start();
    } finally {
      stop(timer);
      // The last word: the items as the job left them.
      await client.call('jobStatus', { jobId }).then(pass, () => undefined);
      emit({ type: 'placementsChanged' });
    }
  };

  /** A placing of an existing report is a job: polled as one, the list told it changed when it ends. */
  const placing = <T>(opts: PlaceOptions, start: () => Promise<T>): Promise<T> => job(opts.jobId, start);
  const placeArgs = (opts: PlaceOptions) => ({
    jobId: opts.jobId,
    overwrite: opts.overwrite ?? false,
    ...(opts.placementId === undefined ? {} : { newPlacementId: opts.placementId }),
  });

  let listTimer: unknown = null;
  let lastList = '';

  return {
    getSession: () => client.call('getSession', {}),
    signIn: (input) => client.call('signIn', input),
    signOut: async () => void (await client.call('signOut', {})),
    listDeployments: () => client.call('listDeployments', {}),
    listEnvironments: (deploymentId) => client.call('listEnvironments', { deploymentId }),
    getContext: () => client.call('getContext', {}),
    setContext: async (context) => void (await client.call('setContext', context)),
    getMeta: () => client.call('getMeta', {}),
    suggestValues: (request) => client.call('suggestValues', request),
    preview: (draft) => client.call('preview', { draft }),
    activeCell: () => client.call('activeCell', {}),
    insert: (draft, target, { jobId, overwrite, parameters }) =>
      job(jobId, () => client.call('insert', { draft, target, jobId, overwrite, ...(parameters?.length ? { parameters } : {}) })),
    listPlacements: async () => {
      const list = await client.call('listPlacements', {});
      lastList = JSON.stringify(list);
      return list;
    },
    refresh: (placementId, { jobId, handEdits }) =>
      job(jobId, () => client.call('refresh', { placementId, jobId, ...(handEdits ? { handEdits } : {}) })),
    refreshAll: (placementIds, { jobId, handEdits }) =>
      job(jobId, () => client.call('refreshAll', { placementIds, jobId, ...(handEdits ? { handEdits } : {}) })),
    cancel: async (jobId) => void (await client.call('cancel', { jobId })),
    jobStatus: (jobId) => client.call('jobStatus', { jobId }),
    goTo: async (placementId) => void (await client.call('goTo', { placementId })),
    loadDraft: (placementId) => client.call('loadDraft', { placementId }),
    update: (placementId, draft, { jobId, handEdits }) =>
      job(jobId, () => client.call('update', { placementId, draft, jobId, ...(handEdits ? { handEdits } : {}) })),
    locateHandEdits: async (placementId) => void (await client.call('locateHandEdits', { placementId })),
    showChanges: async (placementId) => void (await client.call('showChanges', { placementId })),
    undoRefresh: (placementId, { jobId }) => job(jobId, () => client.call('undoRefresh', { placementId, jobId })),
    checkHandEdits: async () => {
      await client.call('checkHandEdits', {});
      emit({ type: 'placementsChanged' });
    },
    remove: async (placementId, opts) => {
      try {
        await client.call('remove', { placementId, clearCells: opts.clearCells });
      } finally {
        emit({ type: 'placementsChanged' });
      }
    },
    movePlacement: async (placementId, target, { jobId, overwrite }) => {
      try {
        return await job(jobId, () => client.call('movePlacement', { placementId, target, jobId, overwrite: overwrite ?? false }));
      } finally {
        emit({ type: 'placementsChanged' });
      }
    },
    placeAgain: (placementId, target, opts) => placing(opts, () => client.call('placeAgain', { placementId, target, ...placeArgs(opts) })),
    placeReport: (reference, target, opts) => placing(opts, () => client.call('placeReport', { reference, target, ...placeArgs(opts) })),
    replaceOrphan: (placementId, target, opts) =>
      placing(opts, () => client.call('replaceOrphan', { placementId, target, ...placeArgs(opts) })),
    setPlacementContext: async (placementId, change, { jobId }) => {
      try {
        return await job(jobId, () => client.call('setPlacementContext', { placementId, change, jobId }));
      } finally {
        emit({ type: 'placementsChanged' });
      }
    },
    setPlacementGrowth: async (placementId, growth) => {
      await client.call('setPlacementGrowth', { placementId, growth });
      emit({ type: 'placementsChanged' });
    },
    setRefreshOnParameterChange: async (placementId, on) => {
      await client.call('setRefreshOnParameterChange', { placementId, on });
      emit({ type: 'placementsChanged' });
    },
    confirmPlacement: async (placementId) => {
      await client.call('confirmPlacement', { placementId });
      emit({ type: 'placementsChanged' });
    },
    // No edit events reach a sidebar: every call is a check of everything (the interval check and the pane's own).
    cellsEdited: async () => {
      await client.call('cellsEdited', {});
      emit({ type: 'placementsChanged' });
    },
    boundCellValues: (bindings) => client.call('boundCellValues', { bindings }),
    bindParameters: async (placementId, bindings) => {
      await client.call('bindParameters', { placementId, bindings });
      emit({ type: 'placementsChanged' });
    },
    subscribe(listener) {
      listeners.add(listener);
      const ms = options.listPollMs ?? 30_000;
      if (listTimer === null && ms > 0) {
        // No edit events reach a sidebar: each tick checks the cells (bound cells, hand edits, refresh when a parameter
        // changes), then compares the list.
        listTimer = every(() => {
          void client.call('cellsEdited', {}).catch(() => undefined);
          void client.call('listPlacements', {}).then(
            (list) => {
              const text = JSON.stringify(list);
              if (lastList !== '' && text !== lastList) emit({ type: 'placementsChanged' });
              lastList = text;
            },
            () => undefined,
          );
        }, ms);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && listTimer !== null) {
          stop(listTimer);
          listTimer = null;
        }
      };
    },
  };
}
