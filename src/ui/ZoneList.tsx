/**
 * One builder zone (Rows, Columns or Measures): its members in order, each with move up/down, "Move to <zone>" and
 * remove buttons; Alt+Up/Down reorder the focused member, Alt+Left/Right move it to the zone before or after.
 */
import { Button, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import type { Zone } from './builder-edits';
import { ListActionButton } from './ListActionButton';
import { useListFocus } from './use-list-focus';

export interface ZoneItem {
  member: string;
  title: string;
  /** Extra control shown under the title (e.g. a time granularity select). */
  extra?: ReactNode;
}

/** A zone a member may be moved to, by name. */
export interface ZoneTarget {
  zone: Zone;
  label: string;
}

export interface ZoneListProps {
  zone: Zone;
  label: string;
  items: readonly ZoneItem[];
  emptyText: string;
  /** The zones this zone's members may move to (a dimension's other zone; none for measures). */
  targets: readonly ZoneTarget[];
  onMove: (index: number, delta: number) => void;
  onRemove: (index: number) => void;
  onMoveTo: (index: number, target: Zone) => void;
  /** Alt+Left/Right asked for a move this zone's members cannot make (to the zone `direction` of this one). */
  onRefused: (index: number, direction: -1 | 1) => void;
}

/** The keys that move a focused member, and the move each makes. */
const KEY_MOVES: Record<string, { kind: 'reorder' | 'zone'; delta: -1 | 1 }> = {
  ArrowUp: { kind: 'reorder', delta: -1 },
  ArrowDown: { kind: 'reorder', delta: 1 },
  ArrowLeft: { kind: 'zone', delta: -1 },
  ArrowRight: { kind: 'zone', delta: 1 },
};

/** The builder's zones in screen order: Alt+Left/Right step through them. */
export const ZONE_ORDER: readonly Zone[] = ['rows', 'columns', 'measures'];

/** The DOM id-safe marker of a member's row in a zone (the builder moves focus to it after a move between zones). */
export function zoneItemKey(zone: Zone, member: string): string {
  return `${zone}:${member}`;
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
  // The icon is drawn by CSS: the button is named by its aria-label, and the row's text stays the member's title.
  moveIcon: { '::before': { content: '"⇄"' } },
  empty: { color: tokens.colorNeutralForeground3 },
});

export function ZoneList({ zone, label, items, emptyText, targets, onMove, onRemove, onMoveTo, onRefused }: ZoneListProps) {
  const styles = useStyles();
  const labelId = useId();
  // Focus stays on the button pressed (the moved member's), or goes to a neighbour's when a member is removed.
  const focus = useListFocus();
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, i: number) => {
    const move = e.altKey && !e.ctrlKey && !e.metaKey ? KEY_MOVES[e.key] : undefined;
    if (move === undefined) return;
    e.preventDefault();
    if (move.kind === 'reorder') {
      const to = i + move.delta;
      if (to >= 0 && to < items.length) onMove(i, move.delta);
      return;
    }
    const next = ZONE_ORDER[ZONE_ORDER.indexOf(zone) + move.delta];
    if (next !== undefined && targets.some((t) => t.zone === next)) onMoveTo(i, next);
    else onRefused(i, move.delta);
  };
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
            <li
              key={item.member}
              className={styles.item}
              data-list-row
              data-zone-item={zoneItemKey(zone, item.member)}
              tabIndex={-1}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
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
                  {targets.map((t) => (
                    <Button
                      key={t.zone}
                      size="small"
                      appearance="subtle"
                      aria-label={`Move ${item.title} to ${t.label}`}
                      aria-keyshortcuts={ZONE_ORDER.indexOf(t.zone) < ZONE_ORDER.indexOf(zone) ? 'Alt+ArrowLeft' : 'Alt+ArrowRight'}
                      icon={<span aria-hidden className={styles.moveIcon} />}
                      onClick={() => onMoveTo(i, t.zone)}
                    />
                  ))}
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
