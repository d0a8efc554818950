/** Progress of a "Refresh all" run: "N of M refreshed", failed and skipped reports linked to their cards, Stop, Refresh failed or the rest. */
import { Button, Link, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { focusPlacementCard } from './placement-card-id';
import { countRun, failedIds, skippedItems, type RefreshAllRun } from './refresh-all-run';

export interface RefreshAllBarProps {
  run: RefreshAllRun;
  onStop: () => void;
  onRetryFailed: () => void;
  /** Refresh the reports a stopped run did not reach (the button shows only when given). */
  onRefreshRest?: () => void;
  onDismiss: () => void;
  /** Refresh the reports skipped for hand edits, writing over the edits. */
  onOverwriteSkipped?: () => void;
  /** Select a skipped report's edited cells in the sheet. */
  onLocate?: (placementId: string) => void;
  /** The list's placements: the names of the failed ones are shown as links that focus their cards. */
  placements?: ReadonlyArray<{ placementId: string; name: string }>;
  /** Shows and focuses a report's card (its group expanded, the search cleared when it hides it); focuses it as it is by default. */
  onShowCard?: (placementId: string) => void;
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  failed: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, margin: 0, padding: 0, listStyleType: 'none' },
  skipped: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  skippedItem: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  reason: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

export function RefreshAllBar(props: RefreshAllBarProps) {
  const { run, onStop, onRetryFailed, onRefreshRest, onDismiss, onOverwriteSkipped, onLocate, placements = [] } = props;
  const showCard = props.onShowCard ?? focusPlacementCard;
  const styles = useStyles();
  const rootRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  // Its buttons change as a run starts and ends (Refresh all or Refresh failed gives way to Stop, Stop to the finished
  // run's buttons): the focus, lost with the button pressed or still in the bar, goes to the first button there now.
  useEffect(() => {
    const focused = document.activeElement;
    // A button that turned disabled (Refresh all while its run goes) holds a focus no key can use: lost too.
    const disabled = focused instanceof HTMLButtonElement && focused.disabled;
    const lost = focused === null || focused === document.body || disabled || (rootRef.current?.contains(focused) ?? false);
    if (lost) actionsRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [run.running, run.jobId]);
  const c = countRun(run);
  const parts = [`${c.done} of ${c.total} refreshed`];
  if (c.failed > 0) parts.push(`${c.failed} failed`);
  if (c.skipped > 0) parts.push(`${c.skipped} skipped (edited by hand)`);
  if (!run.running && c.stopped > 0) parts.push(`${c.stopped} not refreshed`);
  const failed = failedIds(run).flatMap((id) => placements.filter((p) => p.placementId === id));
  const skipped = skippedItems(run).flatMap((s) =>
    placements.filter((p) => p.placementId === s.placementId).map((p) => ({ ...s, name: p.name })),
  );
  return (
    <div ref={rootRef} className={styles.root} role="group" aria-label="Refresh all">
      <ProgressBar
        value={c.total === 0 ? 1 : c.finished / c.total}
        color={c.failed > 0 ? 'error' : run.running ? 'brand' : 'success'}
        aria-label="Refresh all progress"
      />
      <Text role="status">{parts.join(', ')}</Text>
      {failed.length > 0 && (
        <ul className={styles.failed} aria-label="Failed reports">
          {failed.map((p) => (
            <li key={p.placementId}>
              <Link as="button" onClick={() => showCard(p.placementId)}>
                {p.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {skipped.length > 0 && (
        <ul className={styles.skipped} aria-label="Skipped reports">
          {skipped.map((s) => (
            <li key={s.placementId} className={styles.skippedItem}>
              <Link as="button" onClick={() => showCard(s.placementId)}>
                {s.name}
              </Link>
              <Text size={200} className={styles.reason}>
                {s.reason}
              </Text>
              {onLocate !== undefined && (
                <Button
                  size="small"
                  appearance="subtle"
                  onClick={() => onLocate(s.placementId)}
                  aria-label={`Locate hand edits in ${s.name}`}
                >
                  Locate
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div ref={actionsRef} className={styles.actions}>
        {run.running ? (
          // Focusable while stopping, so the focus stays on it until the finished run's buttons take it.
          <Button size="small" onClick={onStop} disabledFocusable={run.stopping}>
            {run.stopping ? 'Stopping…' : 'Stop'}
          </Button>
        ) : (
          <>
            {c.failed > 0 && (
              <Button size="small" appearance="primary" onClick={onRetryFailed}>
                Refresh failed
              </Button>
            )}
            {c.stopped > 0 && onRefreshRest !== undefined && (
              <Button size="small" onClick={onRefreshRest}>
                Refresh the rest
              </Button>
            )}
            {skipped.length > 0 && onOverwriteSkipped !== undefined && (
              <Button size="small" onClick={onOverwriteSkipped}>
                Overwrite and refresh these
              </Button>
            )}
            <Button size="small" onClick={onDismiss}>
              Done
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
