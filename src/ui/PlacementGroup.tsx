/** One sheet's group of cards in the list: a disclosure heading with the count, Refresh sheet, and the cards when expanded. */
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';

export interface PlacementGroupProps {
  title: string;
  count: number;
  expanded: boolean;
  onToggle: () => void;
  /** Refresh this sheet's placements as one Refresh all; absent for a group that has nothing to refresh (orphaned). */
  onRefreshSheet?: () => void;
  /** True while a Refresh all runs: Refresh sheet waits for it. */
  locked: boolean;
  compact: boolean;
  /** No card of the group matches the search: the group stays mounted out of sight. */
  hidden?: boolean;
  /** The cards (list items). */
  children: ReactNode;
}

const useStyles = makeStyles({
  // `hidden` must win over the flex display.
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, '&[hidden]': { display: 'none' } },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, minWidth: 0 },
  toggle: { justifyContent: 'flex-start', minWidth: 0, overflowWrap: 'anywhere', textAlign: 'start' },
  marker: { display: 'inline-block', width: '1em' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  compactList: { gap: tokens.spacingVerticalXXS },
});

export function PlacementGroup(props: PlacementGroupProps) {
  const { title, count, expanded, onToggle, onRefreshSheet, locked, compact, hidden = false, children } = props;
  const styles = useStyles();
  const headingId = useId();
  const listId = useId();
  return (
    <div className={styles.root} role="group" aria-labelledby={headingId} hidden={hidden}>
      <div className={styles.header}>
        <h3 className={styles.heading} id={headingId}>
          <Button
            appearance="transparent"
            size="small"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            onClick={onToggle}
          >
            <span aria-hidden="true" className={styles.marker}>
              {expanded ? '▾' : '▸'}
            </span>
            {`${title} (${count})`}
          </Button>
        </h3>
        {onRefreshSheet !== undefined && (
          <Button size="small" onClick={onRefreshSheet} disabled={locked} aria-label={`Refresh sheet ${title}`}>
            Refresh sheet
          </Button>
        )}
      </div>
      {expanded && (
        <ul id={listId} className={mergeClasses(styles.list, compact && styles.compactList)}>
          {children}
        </ul>
      )}
    </div>
  );
}
