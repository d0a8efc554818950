/** The status badge of one placement (its tooltip says how fresh the status is), with its reason in words beneath when there is one. */
import { Badge, Caption1, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { PlacementBadge } from './placement-badge';

export interface PlacementStatusBadgeProps {
  badge: PlacementBadge;
}

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  reason: { display: 'block', overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2 },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

export function PlacementStatusBadge({ badge }: PlacementStatusBadgeProps) {
  const styles = useStyles();
  return (
    <div>
      <div className={styles.row}>
        {badge.busy && <Spinner size="extra-tiny" aria-hidden />}
        <Badge appearance="tint" color={badge.color} title={badge.checked ?? undefined}>
          {badge.label}
        </Badge>
      </div>
      {badge.reason !== null && (
        <Caption1 className={mergeClasses(styles.reason, badge.color === 'danger' && styles.failed)}>{badge.reason}</Caption1>
      )}
    </div>
  );
}
