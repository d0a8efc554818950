/** Progress of a "Refresh all" run: "N of M refreshed", the failed reports as links to their cards, Stop, then Retry failed. */
import { Button, Link, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { focusPlacementCard } from './placement-card-id';
import { countRun, failedIds, type RefreshAllRun } from './refresh-all-run';

export interface RefreshAllBarProps {
  run: RefreshAllRun;
  onStop: () => void;
  onRetryFailed: () => void;
  onDismiss: () => void;
  /** The list's placements: the names of the failed ones are shown as links that focus their cards. */
  placements?: ReadonlyArray<{ placementId: string; name: string }>;
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
});

export function RefreshAllBar({ run, onStop, onRetryFailed, onDismiss, placements = [] }: RefreshAllBarProps) {
  const styles = useStyles();
  const c = countRun(run);
  const parts = [`${c.done} of ${c.total} refreshed`];
  if (c.failed > 0) parts.push(`${c.failed} failed`);
  if (!run.running && c.stopped > 0) parts.push(`${c.stopped} not refreshed`);
  const failed = failedIds(run).flatMap((id) => placements.filter((p) => p.placementId === id));
  return (
    <div className={styles.root} role="group" aria-label="Refresh all">
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
              <Link as="button" onClick={() => focusPlacementCard(p.placementId)}>
                {p.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        {run.running ? (
          <Button size="small" onClick={onStop} disabled={run.stopping}>
            {run.stopping ? 'Stopping…' : 'Stop'}
          </Button>
        ) : (
          <>
            {c.failed > 0 && (
              <Button size="small" appearance="primary" onClick={onRetryFailed}>
                Retry failed
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
