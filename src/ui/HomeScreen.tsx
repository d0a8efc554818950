/** The signed-in home: data source (deployment, environment), "New report", and the reports placed in this workbook. */
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { PlacementView, WorkbookContext } from '../core/service/addin-service';
import type { PlacedReport } from './card-outcome';
import { ContextPicker } from './ContextPicker';
import { PlacementsPanel } from './PlacementsPanel';
import { AutomationPanel } from './AutomationPanel';
import { PlaceExistingReport } from './PlaceExistingReport';
import { usePaneEnv } from './pane-env';
import type { RefreshAllHandle } from './use-refresh-all';

export interface HomeScreenProps {
  context: WorkbookContext;
  onContextChange: (context: WorkbookContext) => void;
  onNewReport: () => void;
  onEdit: (placement: PlacementView) => void;
  refreshAll: RefreshAllHandle;
  /** The report just inserted or saved (highlighted in the list, its outcome on its card). */
  placed: PlacedReport | null;
  /** The platform refused to save a new report this session: New report is unavailable, and says why. */
  createRefused: boolean;
  /** A report here was read only for the signed-in key: New report stays available, with a note that a viewer key cannot save. */
  readOnlySeen?: boolean;
  /** Told when the list shows a report the signed-in key cannot edit. */
  onReadOnlySeen?: () => void;
  /** The user came back from the editor: focus goes to New report (or, when it is unavailable, the list's heading). */
  takeFocus?: boolean;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  newReport: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXS },
  hint: { color: tokens.colorNeutralForeground2 },
});

export function HomeScreen(props: HomeScreenProps) {
  const {
    context,
    onContextChange,
    onNewReport,
    onEdit,
    refreshAll,
    placed,
    createRefused,
    readOnlySeen = false,
    onReadOnlySeen,
    takeFocus = false,
  } = props;
  const styles = useStyles();
  const { automation } = usePaneEnv();
  // Cards an unattended run failed on: read with the run log, cleared by a card's Seen or by opening the log.
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const onMarksChange = useCallback((ids: readonly string[]) => setMarked(new Set(ids)), []);
  const onMarkSeen = useCallback(
    (placementId: string) => {
      setMarked((m) => new Set([...m].filter((id) => id !== placementId)));
      automation?.clearRunMarks([placementId]).catch(() => undefined);
    },
    [automation],
  );
  const ready = context.environmentId !== null;
  /** A report placed by Place existing report: the list focuses its card once it is listed. */
  const [revealCard, setRevealCard] = useState<{ placementId: string; seq: number } | null>(null);
  const onPlacedExisting = useCallback((placementId: string) => setRevealCard((r) => ({ placementId, seq: (r?.seq ?? 0) + 1 })), []);
  const hintId = useId();
  const newReportRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    const button = newReportRef.current;
    if (button !== null && !button.disabled) button.focus();
    else rootRef.current?.querySelector<HTMLElement>('h2')?.focus();
    // Once, when the screen opens (the list may disable or enable New report later; focus is not moved again then).
  }, []);
  return (
    <div className={styles.root} ref={rootRef}>
      <ContextPicker onContextChange={onContextChange} />
      <div className={styles.newReport}>
        <Button ref={newReportRef} appearance="primary" onClick={onNewReport} disabled={!ready || createRefused} aria-describedby={hintId}>
          New report
        </Button>
        {createRefused ? (
          <Caption1 id={hintId} className={styles.hint}>
            Read only: the platform does not let your account create reports here. You can still refresh the reports below.
          </Caption1>
        ) : !ready ? (
          <Caption1 id={hintId} className={styles.hint}>
            Choose a deployment and an environment to build a report.
          </Caption1>
        ) : (
          readOnlySeen && (
            // The platform tells the create right only by refusing a save; a read-only report is the first sign of a viewer key.
            <Caption1 id={hintId} className={styles.hint}>
              Some reports here are read only for your account. A viewer key cannot save new reports: ask an admin for an editor key if
              Insert is refused.
            </Caption1>
          )
        )}
      </div>
      <PlaceExistingReport ready={ready} onPlaced={onPlacedExisting} />
      <PlacementsPanel
        onEdit={onEdit}
        refreshAll={refreshAll}
        placed={placed}
        {...(onReadOnlySeen === undefined ? {} : { onReadOnlySeen })}
        marked={marked}
        onMarkSeen={onMarkSeen}
        revealCard={revealCard}
      />
      {automation ? <AutomationPanel automation={automation} onMarksChange={onMarksChange} /> : null}
    </div>
  );
}
