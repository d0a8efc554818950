/** A card's mark after an unattended run (on open, the schedule) failed on it: stays until someone looks (Seen, or the run log). */
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  text: { color: tokens.colorPaletteRedForeground1 },
});

export function UnattendedFailureNote({ name, onSeen }: { name: string; onSeen: () => void }) {
  const styles = useStyles();
  return (
    <div className={styles.row} role="note" aria-label={`Unattended run failed on ${name}`}>
      <Caption1 className={styles.text}>An unattended refresh failed here (the Run log says why).</Caption1>
      <Button size="small" appearance="subtle" onClick={onSeen} aria-label={`Mark ${name} as seen`}>
        Seen
      </Button>
    </div>
  );
}
