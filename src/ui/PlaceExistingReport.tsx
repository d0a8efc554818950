/** The home screen's "Place existing report…": a report's id or link pasted, placed at the selected cell without changing it. */
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import type { CellTarget } from '../core/service/addin-service';
import { formatShape } from './format-numbers';
import { PlaceReportDialog } from './PlaceReportDialog';
import { usePaneEnv } from './pane-env';
import { newPlacementId, usePlaceExisting } from './use-place-existing';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXS },
  note: { color: tokens.colorNeutralForeground2 },
});

export interface PlaceExistingReportProps {
  /** A deployment and an environment are chosen (the report runs there). */
  ready: boolean;
  /** A report was placed: its card in the list takes the focus (the dialog and its Place here left). */
  onPlaced?: (placementId: string) => void;
}

export function PlaceExistingReport({ ready, onPlaced }: PlaceExistingReportProps) {
  const styles = useStyles();
  /** The button that opens the dialog: the focus comes back to it when nothing was placed. */
  const opener = useRef<HTMLButtonElement>(null);
  const { service } = usePaneEnv();
  const place = usePlaceExisting();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  /** The placing's placement id: minted when the dialog opens, kept through its attempts (see PlaceOptions). */
  const placementId = useRef<string>('');

  const close = (): void => {
    setOpen(false);
    setBusy(false);
    setError(null);
  };

  const confirm = async (target: CellTarget, reference: string): Promise<void> => {
    setBusy(true);
    setError(null);
    let asked = false;
    try {
      const call = (o: Parameters<typeof service.placeReport>[2]) => service.placeReport(reference, target, o);
      const result = await place(call, placementId.current, () => {
        asked = true;
        close();
      });
      close();
      if (result !== null) {
        setDone(`Placed at ${result.rangeLabel}: ${formatShape(result.dataRows, result.cols)}.`);
        onPlaced?.(result.placementId);
      } else opener.current?.focus();
    } catch (e) {
      // The dialog stays open to correct the id; after the overwrite question it has closed, so it opens again to say why.
      setError(e);
      setBusy(false);
      if (asked) setOpen(true);
    }
  };

  return (
    <div className={styles.root}>
      <Button
        ref={opener}
        disabled={!ready}
        onClick={() => {
          placementId.current = newPlacementId();
          setDone(null);
          setError(null);
          setOpen(true);
        }}
      >
        Place existing report…
      </Button>
      {done !== null && (
        <Caption1 role="status" className={styles.note}>
          {done}
        </Caption1>
      )}
      <PlaceReportDialog
        key={placementId.current}
        placing={open ? 'reference' : null}
        busy={busy}
        error={error}
        onConfirm={(target, reference) => void confirm(target, reference)}
        onCancel={close}
      />
    </div>
  );
}
