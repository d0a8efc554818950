/**
 * "Reports in this workbook": the list grouped by sheet with each card's actions, Refresh all and Refresh sheet.
 * It runs past 300 lines because every card action shares the panel's outcomes, running jobs and dialogs.
 */
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CellTarget, JobItemState, PlacementView } from '../core/service/addin-service';
import { currentOutcome, outcomeOf, type CardOutcome, type PlacedReport } from './card-outcome';
import { CardOutcomeBar } from './CardOutcomeBar';
import { ErrorBar } from './ErrorBar';
import { toErrorView } from './error-view';
import { handEditedOutcome } from './hand-edited';
import { usePaneEnv } from './pane-env';
import { placementBadge } from './placement-badge';
import { focusPlacementCard } from './placement-card-id';
import { PlacementItem } from './PlacementItem';
import { PlacementList } from './PlacementList';
import { itemStateOf } from './refresh-all-run';
import { RefreshAllBar } from './RefreshAllBar';
import { RemoveDialog } from './RemoveDialog';
import { MoveDialog } from './MoveDialog';
import { overwriteQuestion } from './overwrite-question';
import { useAskQuestion } from './pane-question';
import { useNow } from './use-now';
import { useCardTools } from './use-card-tools';
import { usePlaceActions } from './use-place-actions';
import { PlaceReportDialog } from './PlaceReportDialog';
import type { RefreshAllHandle } from './use-refresh-all';
import { useServiceEvents } from './use-service-events';

export interface PlacementsPanelProps {
  onEdit: (placement: PlacementView) => void;
  /** The Refresh all run, owned by the shell so it outlives this list. */
  refreshAll: RefreshAllHandle;
  /** The report just inserted or saved from the editor: its card is highlighted and shows the outcome. */
  placed?: PlacedReport | null;
  /** Told when the list holds a report the signed-in key cannot edit (the platform's `canEdit: false`). */
  onReadOnlySeen?: () => void;
  /** Placements an unattended run failed on, not looked at yet, and how a card clears its mark. */
  marked?: ReadonlySet<string>;
  onMarkSeen?: (placementId: string) => void;
  /** A card to show and focus once it is listed (a report placed from outside the list: Place existing report). */
  revealCard?: { placementId: string; seq: number } | null;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  empty: { color: tokens.colorNeutralForeground2 },
});

interface PanelError {
  error: unknown;
  subject?: string;
}

export function PlacementsPanel(props: PlacementsPanelProps) {
  const { onEdit, refreshAll: all, placed = null, onReadOnlySeen, marked, onMarkSeen, revealCard = null } = props;
  const styles = useStyles();
  const { service, newJobId } = usePaneEnv();
  const nowMs = useNow();
  const headingId = useId();
  const [placements, setPlacements] = useState<PlacementView[] | null>(null);
  const [error, setError] = useState<PanelError | null>(null);
  const run = all.run;
  /** Single refreshes: placementId -> jobId while running. */
  const [singles, setSingles] = useState<Record<string, string>>({});
  /** Outcome of single refreshes that failed (cleared by the next refresh of that item). */
  const [singleFailures, setSingleFailures] = useState<Record<string, JobItemState>>({});
  /** The outcome of each card's own last action (insert, save, refresh, cancel, go to, remove), shown on that card. */
  const [outcomes, setOutcomes] = useState<Record<string, CardOutcome>>(() =>
    placed === null ? {} : { [placed.placementId]: placed.outcome },
  );
  const setOutcome = useCallback(
    (placementId: string, outcome: CardOutcome | null) =>
      setOutcomes(({ [placementId]: _old, ...rest }) => (outcome === null ? rest : { ...rest, [placementId]: outcome })),
    [],
  );
  const [removing, setRemoving] = useState<PlacementView | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [moving, setMoving] = useState<PlacementView | null>(null);
  const [moveBusy, setMoveBusy] = useState(false);
  const ask = useAskQuestion();
  /** The running Remove's job (its clear sends progress) and how far its clear is. */
  const removeJob = useRef<string | null>(null);
  const [clearing, setClearing] = useState<{ rows: number; totalRows: number } | null>(null);
  const live = useRef(true);
  const readOnlySeen = useRef(onReadOnlySeen);
  readOnlySeen.current = onReadOnlySeen;

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  /** Confirm: the note and its button go, so the focus goes to the card; the list reloads on the service's event. */
  const confirmOne = async (p: PlacementView): Promise<void> => {
    try {
      await service.confirmPlacement?.(p.placementId);
      focusPlacementCard(p.placementId);
    } catch (e) {
      setOutcome(p.placementId, { kind: 'error', error: e });
    }
  };

  const reload = useCallback(async () => {
    try {
      const list = await service.listPlacements();
      if (!live.current) return;
      setPlacements(list);
      if (list.some((p) => p.canEdit === false)) readOnlySeen.current?.();
    } catch (e) {
      if (live.current) setError({ error: e });
    }
  }, [service]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const isLive = useCallback(() => live.current, []);
  /**
   * A card to show and focus: the list expands its group (or clears the search) and focuses it once listed. Asked by
   * the Refresh all summary's links and after an action whose control left with it (Move here, Place here, Insert again).
   */
  const [reveal, setReveal] = useState<{ placementId: string; seq: number } | null>(null);
  const showCard = useCallback((placementId: string) => setReveal((r) => ({ placementId, seq: (r?.seq ?? 0) + 1 })), []);
  useEffect(() => {
    if (revealCard !== null) showCard(revealCard.placementId);
  }, [revealCard, showCard]);
  const tools = useCardTools({ setOutcome, reload, isLive });
  const placing = usePlaceActions({ setOutcome, reload, isLive, showCard });

  // Cells typed over while the pane was closed are found when it opens: the check re-reads the cells, then says placementsChanged.
  useEffect(() => {
    service.checkHandEdits().catch((e: unknown) => {
      if (live.current) setError({ error: e, subject: 'Checking for cells edited by hand' });
    });
  }, [service]);

  useServiceEvents((event) => {
    if (event.type === 'progress' && event.jobId === removeJob.current && event.totalRows !== undefined)
      setClearing({ rows: event.rows, totalRows: event.totalRows });
    if (event.type === 'placementsChanged') void reload();
    // A Refresh all item that ended changed its placement (refresh time, size): its card follows at once, not at the run's end.
    if (event.type === 'item' && ['done', 'failed', 'stopped', 'skipped'].includes(event.item.state)) void reload();
  });

  // When a run ends, read the placements again (their status and refresh times changed).
  const running = run?.running === true;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void reload();
    wasRunning.current = running;
  }, [running, reload]);

  /** Refresh all over `ids` (every placement with cells by default; one sheet's for Refresh sheet). */
  const refreshAll = (ids = (placements ?? []).filter((p) => p.rangeLabel !== null).map((p) => p.placementId)) => {
    setError(null);
    setSingleFailures({});
    setOutcomes({});
    all.start(ids);
  };

  /** With `overwrite`, the refresh writes over cells edited by hand (the user chose Overwrite on the card's warning). */
  const refreshOne = async (p: PlacementView, overwrite = false) => {
    const jobId = newJobId();
    setSingles((s) => ({ ...s, [p.placementId]: jobId }));
    setSingleFailures(({ [p.placementId]: _dropped, ...rest }) => rest);
    setOutcome(p.placementId, null);
    all.forget(p.placementId);
    try {
      const result = await service.refresh(p.placementId, overwrite ? { jobId, handEdits: 'overwrite' } : { jobId });
      if (live.current) setOutcome(p.placementId, outcomeOf('Refreshed', result, null, result.headerRows <= 1));
    } catch (e) {
      if (!live.current) return;
      const view = toErrorView(e);
      // Stopped by hand edits is a question, not a failure: the card asks, its status stays as it was.
      const warning = handEditedOutcome(e);
      if (warning !== null) setOutcome(p.placementId, warning);
      else if (view.kind === 'cancelled') setOutcome(p.placementId, { kind: 'cancelled', text: 'Cancelled. Nothing was changed.' });
      else {
        setSingleFailures((f) => ({
          ...f,
          [p.placementId]: { state: 'failed', kind: view.kind === 'unknown' ? 'internal' : view.kind, message: view.message },
        }));
        setOutcome(p.placementId, { kind: 'error', error: e });
      }
    } finally {
      if (live.current) setSingles(({ [p.placementId]: _done, ...rest }) => rest);
    }
    if (live.current) await reload();
  };

  const cancelOne = (p: PlacementView) => {
    const jobId = singles[p.placementId];
    if (jobId !== undefined) service.cancel(jobId).catch((e: unknown) => setOutcome(p.placementId, { kind: 'error', error: e }));
  };

  const goTo = (p: PlacementView) => {
    service.goTo(p.placementId).catch((e: unknown) => setOutcome(p.placementId, { kind: 'error', error: e }));
  };

  const confirmRemove = async (clearCells: boolean) => {
    if (removing === null) return;
    setRemoveBusy(true);
    const jobId = newJobId();
    removeJob.current = jobId;
    try {
      await service.remove(removing.placementId, { clearCells, jobId });
    } catch (e) {
      setOutcome(removing.placementId, { kind: 'error', error: e });
    }
    removeJob.current = null;
    setClearing(null);
    setRemoveBusy(false);
    setRemoving(null);
    await reload();
  };

  /**
   * Moves `p` to `target`. User cells in the way close the dialog and ask before they are overwritten (another report's
   * cells are never overwritten: the card says so); the card shows the outcome.
   */
  const confirmMove = async (p: PlacementView, target: CellTarget, overwrite: boolean): Promise<void> => {
    setMoveBusy(true);
    setOutcome(p.placementId, null);
    let outcome: CardOutcome;
    try {
      const result = await service.movePlacement(p.placementId, target, { jobId: newJobId(), overwrite });
      outcome = outcomeOf('Moved', result, null, result.headerRows <= 1);
    } catch (e) {
      outcome = { kind: 'error', error: e };
      const view = toErrorView(e);
      if (view.kind === 'blocked' && !overwrite && !view.otherPlacement && live.current) {
        setMoveBusy(false);
        setMoving(null);
        if (await ask(overwriteQuestion(view.cells, view.cellCount))) return confirmMove(p, target, true);
        if (live.current) showCard(p.placementId);
        return;
      }
    }
    if (!live.current) return;
    setOutcome(p.placementId, outcome);
    setMoveBusy(false);
    setMoving(null);
    await reload();
    // The dialog and its Move here left: the moved card (holding the outcome) takes the focus.
    if (live.current) showCard(p.placementId);
  };

  const locked = running;
  const refreshAllRef = useRef<HTMLButtonElement>(null);
  // A report removed since the run started is no longer counted ("2 of 2 refreshed", not "2 of 3").
  const shownRun =
    run === null || placements === null || run.running
      ? run
      : { ...run, ids: run.ids.filter((id) => placements.some((p) => p.placementId === id)) };
  const refreshable = (placements ?? []).some((p) => p.rangeLabel !== null);

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.header}>
        <Text as="h2" id={headingId} size={400} weight="semibold" tabIndex={-1}>
          Reports in this workbook
        </Text>
        <Button ref={refreshAllRef} size="small" onClick={() => refreshAll()} disabled={locked || !refreshable}>
          Refresh all
        </Button>
      </div>
      {error !== null && <ErrorBar error={error.error} subject={error.subject} onDismiss={() => setError(null)} card />}
      {all.error !== null && <ErrorBar error={all.error} subject="Refresh all" onDismiss={all.clearError} card />}
      {placed !== null &&
        placements !== null &&
        !placements.some((p) => p.placementId === placed.placementId) &&
        outcomes[placed.placementId] && <CardOutcomeBar outcome={placed.outcome} onDismiss={() => setOutcome(placed.placementId, null)} />}
      {shownRun !== null && (
        <RefreshAllBar
          run={shownRun}
          onStop={all.stop}
          onRetryFailed={all.retryFailed}
          onRefreshRest={all.refreshRest}
          onShowCard={showCard}
          onOverwriteSkipped={all.overwriteSkipped}
          onLocate={tools.locate}
          onDismiss={() => {
            // Done takes the summary away: the focus goes back to Refresh all, which started it.
            all.dismiss();
            refreshAllRef.current?.focus();
          }}
          placements={placements ?? []}
        />
      )}
      {placements === null ? (
        <Spinner size="tiny" label="Loading reports" />
      ) : placements.length === 0 ? (
        <Text className={styles.empty}>No reports yet. Choose New report to place one at the selected cell.</Text>
      ) : (
        <PlacementList
          placements={placements}
          locked={locked}
          onRefreshSheet={(ids) => refreshAll(ids)}
          reveal={reveal}
          renderCard={(p, compact, hidden) => {
            const running = singles[p.placementId] !== undefined;
            const job: JobItemState | undefined = running
              ? { state: 'running' }
              : (singleFailures[p.placementId] ?? (run === null ? undefined : itemStateOf(run, p.placementId, p.refreshedAt)));
            return (
              <PlacementItem
                key={p.placementId}
                placement={p}
                compact={compact}
                hidden={hidden}
                badge={placementBadge(p, job, nowMs)}
                nowMs={nowMs}
                refreshing={running}
                locked={locked}
                onRefresh={() => void refreshOne(p)}
                onCancelRefresh={() => cancelOne(p)}
                onGoTo={() => goTo(p)}
                onEdit={() => onEdit(p)}
                onRemove={() => setRemoving(p)}
                onMove={() => setMoving(p)}
                onPlaceAgain={() => placing.placeAgain(p)}
                onInsertAgain={() => void placing.insertAgain(p)}
                insertingAgain={placing.inserting(p.placementId)}
                outcome={currentOutcome(outcomes[p.placementId], p.rangeLabel)}
                onDismissOutcome={() => {
                  // Skip this report (or Dismiss) leaves the cells as they are; the focus goes back to the card.
                  const skipping = outcomes[p.placementId]?.kind === 'handEdited';
                  setOutcome(p.placementId, null);
                  if (skipping) focusPlacementCard(p.placementId);
                }}
                actions={{
                  onLocate: () => tools.locate(p.placementId),
                  onOverwrite: () => void refreshOne(p, true),
                  onShowChanges: () => tools.showChanges(p.placementId),
                  onUndo: () => void tools.undo(p.placementId),
                  onCancelUndo: () => tools.cancelUndo(p.placementId, outcomes[p.placementId]),
                  busy: locked || running,
                }}
                highlighted={placed?.placementId === p.placementId}
                onMarkSeen={marked?.has(p.placementId) && onMarkSeen ? () => onMarkSeen(p.placementId) : null}
                onConfirm={p.needsConfirmation === true && service.confirmPlacement ? () => void confirmOne(p) : null}
              />
            );
          }}
        />
      )}
      <MoveDialog
        name={moving?.name ?? null}
        busy={moveBusy}
        onConfirm={(target) => moving !== null && void confirmMove(moving, target, false)}
        onCancel={() => setMoving(null)}
      />
      <PlaceReportDialog {...placing.dialog} />
      <RemoveDialog
        name={removing?.name ?? null}
        busy={removeBusy}
        clearing={clearing}
        onConfirm={(clear) => void confirmRemove(clear)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
