/** A running job's progress: an indeterminate bar, rows and bytes received so far, and "Cancel". */
import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatBytes, formatCount } from './format-numbers';
import type { JobProgressState } from './use-job';

export interface JobProgressProps {
  label: string;
  progress: JobProgressState | null;
  cancelling: boolean;
  onCancel: () => void;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export function JobProgress({ label, progress, cancelling, onCancel }: JobProgressProps) {
  const styles = useStyles();
  const received =
    progress === null ? 'Waiting for the platform…' : `${formatCount(progress.rows)} rows, ${formatBytes(progress.bytes)} received`;
  return (
    <div className={styles.root} role="group" aria-label={label}>
      <ProgressBar aria-label={label} />
      <div className={styles.row}>
        <Text role="status">{received}</Text>
        <Button size="small" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </Button>
      </div>
    </div>
  );
}
