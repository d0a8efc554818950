/** A hook with a card's placing actions: Place again (through its dialog) and an orphan's Insert again at the selected cell. */
import { useCallback, useState } from 'react';
import type { CellTarget, PlacementView } from '../core/service/addin-service';
import { outcomeOf, type CardOutcome } from './card-outcome';
import type { PlaceReportDialogProps } from './PlaceReportDialog';
import { usePaneEnv } from './pane-env';
import { usePlaceExisting } from './use-place-existing';

export interface PlaceActionsDeps {
  /** Shows an outcome on a card (the new placement's card for Place again, the orphan's own for Insert again). */
  setOutcome(placementId: string, outcome: CardOutcome | null): void;
  reload(): Promise<void>;
  isLive(): boolean;
  /** Shows and focuses a card once it is listed: the control that now stands for a placing whose button left. */
  showCard(placementId: string): void;
}

export interface PlaceActions {
  /** Opens Place again for `p`. */
  placeAgain(p: PlacementView): void;
  /** Writes the orphan `p` at the selected cell. */
  insertAgain(p: PlacementView): Promise<void>;
  /** True while an orphan of this id is being written again. */
  inserting(placementId: string): boolean;
  dialog: PlaceReportDialogProps;
}

export function usePlaceActions({ setOutcome, reload, isLive, showCard }: PlaceActionsDeps): PlaceActions {
  const { service } = usePaneEnv();
  const place = usePlaceExisting();
  const [again, setAgain] = useState<PlacementView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [orphans, setOrphans] = useState<ReadonlySet<string>>(new Set());

  const close = useCallback(() => {
    setAgain(null);
    setError(null);
    setBusy(false);
  }, []);

  const confirmAgain = async (p: PlacementView, target: CellTarget): Promise<void> => {
    setBusy(true);
    setError(null);
    let asked = false;
    const ask = (): void => {
      asked = true;
      close();
    };
    /** The card that now stands for the placing, focused once the dialog has closed: the new one, or the one placed from. */
    let focus: string | null = null;
    try {
      const result = await place((o) => service.placeAgain(p.placementId, target, o), undefined, ask);
      if (!isLive()) return;
      close();
      if (result !== null) setOutcome(result.placementId, outcomeOf('Placed again', result, null, result.headerRows <= 1));
      focus = result?.placementId ?? p.placementId;
    } catch (e) {
      if (!isLive()) return;
      // A refusal of the retry with Overwrite (the dialog closed to ask) goes on the card placed from; else the dialog shows it.
      if (asked) {
        setOutcome(p.placementId, { kind: 'error', error: e });
        focus = p.placementId;
      } else {
        setError(e);
        setBusy(false);
      }
    }
    if (!isLive()) return;
    await reload();
    if (focus !== null) showCard(focus);
  };

  const insertAgain = async (p: PlacementView): Promise<void> => {
    setOrphans((s) => new Set([...s, p.placementId]));
    setOutcome(p.placementId, null);
    let outcome: CardOutcome | null;
    try {
      const result = await place((o) => service.replaceOrphan(p.placementId, 'selection', o));
      outcome = result === null ? null : outcomeOf('Inserted again', result, null, result.headerRows <= 1);
    } catch (e) {
      outcome = { kind: 'error', error: e };
    }
    if (!isLive()) return;
    setOrphans((s) => new Set([...s].filter((id) => id !== p.placementId)));
    setOutcome(p.placementId, outcome);
    await reload();
    // Its Insert again button leaves once the report has cells again: the card, holding the outcome, takes the focus.
    if (isLive()) showCard(p.placementId);
  };

  return {
    placeAgain: (p) => {
      setError(null);
      setAgain(p);
    },
    insertAgain,
    inserting: (placementId) => orphans.has(placementId),
    dialog: {
      placing: again === null ? null : { name: again.name },
      busy,
      error,
      onConfirm: (target) => again !== null && void confirmAgain(again, target),
      onCancel: close,
    },
  };
}
