/** A hook placing an existing report (again, by id or link, an orphan anew) as a job, asking before user cells are overwritten. */
import { useCallback } from 'react';
import { mintPublicId } from '../core/api/public-id';
import type { PlaceOptions, RunOutcome } from '../core/service/addin-service';
import { toErrorView } from './error-view';
import { overwriteQuestion } from './overwrite-question';
import { useAskQuestion } from './pane-question';
import { usePaneEnv } from './pane-env';

/** One attempt of a placing, with the options the hook chose (job, overwrite, the placing's placement id). */
export type PlaceCall = (options: PlaceOptions) => Promise<RunOutcome>;

/** Cryptographically strong bytes for the new placement's id. */
const randomBytes = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));

/** A new placement's id, minted once per placing the user asks for and sent with each of its attempts. */
export function newPlacementId(): string {
  return mintPublicId(randomBytes);
}

/**
 * Runs `call`; when user cells are in the way (another report's cells never are overwritten) `beforeAsk` runs (a dialog
 * closes) and the user is asked, and Overwrite runs it again with `overwrite`. Resolves null when the user declined;
 * rejects with the error of a failed attempt.
 */
export function usePlaceExisting(): (call: PlaceCall, placementId?: string, beforeAsk?: () => void) => Promise<RunOutcome | null> {
  const { newJobId } = usePaneEnv();
  const ask = useAskQuestion();
  return useCallback(
    async (call, placementId, beforeAsk) => {
      const ids = placementId === undefined ? {} : { placementId };
      try {
        return await call({ jobId: newJobId(), overwrite: false, ...ids });
      } catch (e) {
        const view = toErrorView(e);
        if (view.kind !== 'blocked' || view.otherPlacement) throw e;
        beforeAsk?.();
        if (!(await ask(overwriteQuestion(view.cells, view.cellCount)))) return null;
        return call({ jobId: newJobId(), overwrite: true, ...ids });
      }
    },
    [newJobId, ask],
  );
}
