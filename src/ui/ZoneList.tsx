/** One builder zone (Rows, Columns or Measures): its members in order, each with move up/down and remove buttons. */
import { Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';
import { ListActionButton } from './ListActionButton';
import { useListFocus } from './use-list-focus';

export interface ZoneItem {
  member: string;
  title: string;
  /** Extra control shown under the title (e.g. a time granularity select). */
  extra?: ReactNode;
}

export interface ZoneListProps {
  label: string;
  items: readonly ZoneItem[];
  emptyText: string;
  onMove: (index: number, delta: number) => void;
  onRemove: (index: number) => void;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  line: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalXS },
  title: { minWidth: 0, overflowWrap: 'anywhere' },
  buttons: { display: 'flex', flexShrink: 0 },
  empty: { color: tokens.colorNeutralForeground3 },
});

export function ZoneList({ label, items, emptyText, onMove, onRemove }: ZoneListProps) {
  const styles = useStyles();
  const labelId = useId();
  // Focus stays on the button pressed (the moved member's), or goes to a neighbour's when a member is removed.
  const focus = useListFocus();
  return (
    <div className={styles.root} role="group" aria-labelledby={labelId} ref={focus.ref} tabIndex={-1}>
      <Text id={labelId} weight="semibold">
        {label}
      </Text>
      {items.length === 0 ? (
        <Caption1 className={styles.empty}>{emptyText}</Caption1>
      ) : (
        <ul className={styles.list} aria-labelledby={labelId}>
          {items.map((item, i) => (
            <li key={item.member} className={styles.item} data-list-row>
              <div className={styles.line}>
                <Text className={styles.title} title={item.member}>
                  {item.title}
                </Text>
                <span className={styles.buttons}>
                  <ListActionButton
                    action="up"
                    label={`Move ${item.title} up in ${label}`}
                    disabled={i === 0}
                    onClick={() => {
                      focus.after(i - 1, 'up');
                      onMove(i, -1);
                    }}
                  />
                  <ListActionButton
                    action="down"
                    label={`Move ${item.title} down in ${label}`}
                    disabled={i === items.length - 1}
                    onClick={() => {
                      focus.after(i + 1, 'down');
                      onMove(i, 1);
                    }}
                  />
                  <ListActionButton
                    action="remove"
                    label={`Remove ${item.title} from ${label}`}
                    onClick={() => {
                      focus.after(i, 'remove');
                      onRemove(i);
                    }}
                  />
                </span>
              </div>
              {item.extra}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
