/** One placed report in the list: name, range, size, "refreshed N min ago", status, and Refresh / Go to / Edit / Remove buttons. */
import { Button, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { PlacementView } from '../core/service/addin-service';
import { formatShape } from './format-numbers';
import type { PlacementBadge } from './placement-badge';
import { PlacementStatusBadge } from './PlacementStatusBadge';
import { refreshedLabel } from './relative-time';

export interface PlacementItemProps {
  placement: PlacementView;
  badge: PlacementBadge;
  nowMs: number;
  /** True while this item's own refresh runs (its Refresh button becomes Cancel). */
  refreshing: boolean;
  /** True while a Refresh all runs (item actions that write are disabled). */
  locked: boolean;
  onRefresh: () => void;
  onCancelRefresh: () => void;
  onGoTo: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

const useStyles = makeStyles({
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  name: { overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

export function PlacementItem(props: PlacementItemProps) {
  const { placement: p, badge, nowMs, refreshing, locked } = props;
  const styles = useStyles();
  const orphaned = p.rangeLabel === null;
  return (
    <li className={styles.item} aria-label={p.name}>
      <Text weight="semibold" className={styles.name}>
        {p.name}
      </Text>
      <Caption1 className={styles.meta}>
        {orphaned ? 'No cells' : p.rangeLabel} · {formatShape(p.dataRows, p.cols)}
      </Caption1>
      <Caption1 className={styles.meta} title={p.refreshedAt ?? undefined}>
        {refreshedLabel(p.refreshedAt, nowMs)}
      </Caption1>
      <PlacementStatusBadge badge={badge} />
      <div className={styles.actions}>
        {refreshing ? (
          <Button size="small" onClick={props.onCancelRefresh} aria-label={`Cancel refresh of ${p.name}`}>
            Cancel
          </Button>
        ) : (
          <Button size="small" onClick={props.onRefresh} disabled={locked || orphaned} aria-label={`Refresh ${p.name}`}>
            Refresh
          </Button>
        )}
        <Button size="small" onClick={props.onGoTo} disabled={orphaned} aria-label={`Go to ${p.name}`}>
          Go to
        </Button>
        <Button size="small" onClick={props.onEdit} disabled={locked || refreshing} aria-label={`Edit ${p.name}`}>
          Edit
        </Button>
        <Button size="small" onClick={props.onRemove} disabled={locked || refreshing} aria-label={`Remove ${p.name}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}
