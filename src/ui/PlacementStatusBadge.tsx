/** The status badge of one placement, how fresh the status is in visible words beside it, and its reason beneath when there is one. */
import { Badge, Caption1, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { PlacementBadge } from './placement-badge';

export interface PlacementStatusBadgeProps {
  badge: PlacementBadge;
}

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  checked: { color: tokens.colorNeutralForeground3 },
  reason: { display: 'block', overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2 },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

export function PlacementStatusBadge({ badge }: PlacementStatusBadgeProps) {
  const styles = useStyles();
  return (
    <div>
      <div className={styles.row}>
        {badge.busy && <Spinner size="extra-tiny" aria-hidden />}
        <Badge appearance="tint" color={badge.color}>
          {badge.label}
        </Badge>
        {/* Visible text, not a hover-only tooltip: keyboard and screen-reader users read it too. */}
        {badge.checked !== null && <Caption1 className={styles.checked}>{badge.checked}</Caption1>}
      </div>
      {badge.reason !== null && (
        <Caption1 className={mergeClasses(styles.reason, badge.color === 'danger' && styles.failed)}>{badge.reason}</Caption1>
      )}
    </div>
  );
}
