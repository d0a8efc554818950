/** A hook with a card's tools on its cells: Locate hand edits, Show changes, and Undo refresh (with its progress and outcome). */
import { useCallback } from 'react';
import type { RunOutcome } from '../core/service/addin-service';
import { outcomeOf, type CardOutcome } from './card-outcome';
import { toErrorView } from './error-view';
import { usePaneEnv } from './pane-env';

export interface CardTools {
  locate(placementId: string): void;
  showChanges(placementId: string): void;
  undo(placementId: string): Promise<void>;
  cancelUndo(placementId: string, outcome: CardOutcome | undefined): void;
}

export interface CardToolsDeps {
  /** Shows an outcome on the card (null clears it). */
  setOutcome(placementId: string, outcome: CardOutcome | null): void;
  /** Reads the list again (an undo changed the cells, their record and the hand-edit state). */
  reload(): Promise<void>;
  /** False once the list has unmounted: nothing is set after that. */
  isLive(): boolean;
}

/** The outcome of an undo: what it put back; no Undo refresh on it (it is the undo). */
function undoneOutcome(result: RunOutcome): CardOutcome {
  const outcome = outcomeOf('Refresh undone', result, null, result.headerRows <= 1);
  if ((outcome.kind === 'done' || outcome.kind === 'empty') && outcome.after !== undefined)
    return { ...outcome, after: { ...outcome.after, undo: { available: false } } };
  return outcome;
}

export function useCardTools({ setOutcome, reload, isLive }: CardToolsDeps): CardTools {
  const { service, newJobId } = usePaneEnv();

  const locate = useCallback(
    (placementId: string) => {
      service.locateHandEdits(placementId).catch((e: unknown) => isLive() && setOutcome(placementId, { kind: 'error', error: e }));
    },
    [service, setOutcome, isLive],
  );

  const showChanges = useCallback(
    (placementId: string) => {
      service.showChanges(placementId).catch((e: unknown) => isLive() && setOutcome(placementId, { kind: 'error', error: e }));
    },
    [service, setOutcome, isLive],
  );

  const undo = useCallback(
    async (placementId: string) => {
      const jobId = newJobId();
      setOutcome(placementId, { kind: 'undoing', jobId });
      try {
        const result = await service.undoRefresh(placementId, { jobId });
        if (isLive()) setOutcome(placementId, undoneOutcome(result));
      } catch (e) {
        if (!isLive()) return;
        const cancelled = toErrorView(e).kind === 'cancelled';
        setOutcome(
          placementId,
          cancelled ? { kind: 'cancelled', text: 'Undo cancelled. Nothing was changed.' } : { kind: 'error', error: e },
        );
      }
      if (isLive()) await reload();
    },
    [service, newJobId, setOutcome, reload, isLive],
  );

  const cancelUndo = useCallback(
    (placementId: string, outcome: CardOutcome | undefined) => {
      if (outcome?.kind !== 'undoing') return;
      service.cancel(outcome.jobId).catch((e: unknown) => isLive() && setOutcome(placementId, { kind: 'error', error: e }));
    },
    [service, setOutcome, isLive],
  );

  return { locate, showChanges, undo, cancelUndo };
}
