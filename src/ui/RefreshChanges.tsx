/** What a refresh changed, on its card: the words ("2 cells changed"), Show changes, and Undo refresh or why it cannot be undone. */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { RefreshAfter } from './card-outcome';

export interface RefreshChangesProps {
  after: RefreshAfter;
  /** Put before the words ("Last refresh: "), for a card that shows no outcome of its own. */
  prefix?: string;
  /** Absent where the card is not at hand (the buttons are then left out). */
  onShowChanges?: () => void;
  onUndo?: () => void;
  /** Undo refresh cannot start now (a refresh or Refresh all is running). */
  busy?: boolean;
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
  },
  reason: { color: tokens.colorNeutralForeground2 },
});

export function RefreshChanges({ after, prefix = '', onShowChanges, onUndo, busy = false }: RefreshChangesProps) {
  const styles = useStyles();
  const { changes, undo } = after;
  // Removed rows and columns have no cells left to select; anything else changed can be shown.
  const showable = changes.changedCells + changes.rowsAdded + changes.colsAdded > 0;
  return (
    <div className={styles.root}>
      <Text>
        {prefix}
        {changes.text}
      </Text>
      {showable && onShowChanges !== undefined && (
        <Button size="small" onClick={onShowChanges}>
          Show changes
        </Button>
      )}
      {undo.available
        ? onUndo !== undefined && (
            <Button size="small" onClick={onUndo} disabled={busy}>
              Undo refresh
            </Button>
          )
        : undo.reason !== undefined && <Text className={styles.reason}>Undo refresh unavailable: {undo.reason}</Text>}
    </div>
  );
}
