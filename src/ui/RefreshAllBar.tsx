/** Progress of a "Refresh all" run: "N of M refreshed", failures, Stop while running, then Retry failed. */
import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { countRun, type RefreshAllRun } from './refresh-all-run';

export interface RefreshAllBarProps {
  run: RefreshAllRun;
  onStop: () => void;
  onRetryFailed: () => void;
  onDismiss: () => void;
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
});

export function RefreshAllBar({ run, onStop, onRetryFailed, onDismiss }: RefreshAllBarProps) {
  const styles = useStyles();
  const c = countRun(run);
  const parts = [`${c.done} of ${c.total} refreshed`];
  if (c.failed > 0) parts.push(`${c.failed} failed`);
  if (!run.running && c.stopped > 0) parts.push(`${c.stopped} not refreshed`);
  return (
    <div className={styles.root} role="group" aria-label="Refresh all">
      <ProgressBar
        value={c.total === 0 ? 1 : c.finished / c.total}
        color={c.failed > 0 ? 'error' : run.running ? 'brand' : 'success'}
        aria-label="Refresh all progress"
      />
      <Text role="status">{parts.join(', ')}</Text>
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
