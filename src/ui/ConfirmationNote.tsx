/** A card's note that its placement needs the signed-in person's confirmation before runs nobody clicked for refresh it. */
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  text: { color: tokens.colorPaletteMarigoldForeground2 },
});

export function ConfirmationNote({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const styles = useStyles();
  return (
    <div className={styles.row} role="note" aria-label={`${name} needs your confirmation`}>
      <Caption1 className={styles.text}>
        Needs your confirmation: added or changed by someone else, so runs nobody clicked for leave it alone.
      </Caption1>
      <Button size="small" onClick={onConfirm} aria-label={`Confirm ${name}`}>
        Confirm
      </Button>
    </div>
  );
}
