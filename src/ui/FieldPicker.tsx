/**
 * Searchable lists of the view's measures and dimensions (titles shown), each with an "Add" menu to place it in a zone;
 * a chosen field shows a check mark and where it is, which its Add button's description also says.
 */
import {
  Button,
  Caption1,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Input,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useId, useState } from 'react';
import type { Zone } from './builder-edits';
import type { MemberInfo } from './member-info';

export type AddTarget = Zone | 'filters';

export interface FieldPickerProps {
  members: readonly MemberInfo[];
  /** Zones each member is already in (its menu item for them is disabled). */
  placedIn: (member: string) => ReadonlySet<AddTarget>;
  onAdd: (member: MemberInfo, target: AddTarget) => void;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  search: { width: '100%', maxWidth: '100%', boxSizing: 'border-box' },
  scroller: {
    maxHeight: '240px',
    overflowY: 'auto',
    overflowX: 'hidden',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  groupTitle: {
    display: 'block',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    color: tokens.colorNeutralForeground2,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalXS,
    padding: `0 ${tokens.spacingHorizontalS}`,
    minHeight: '32px',
  },
  title: { minWidth: 0, overflowWrap: 'anywhere' },
  chosen: { color: tokens.colorBrandForeground1 },
});

const TARGETS: Record<MemberInfo['kind'], ReadonlyArray<{ target: AddTarget; label: string }>> = {
  measure: [
    { target: 'measures', label: 'Measures' },
    { target: 'filters', label: 'Filters' },
  ],
  dimension: [
    { target: 'rows', label: 'Rows' },
    { target: 'columns', label: 'Columns' },
    { target: 'filters', label: 'Filters' },
  ],
};

function matches(m: MemberInfo, q: string): boolean {
  const query = q.trim().toLowerCase();
  return query === '' || m.title.toLowerCase().includes(query) || m.name.toLowerCase().includes(query);
}

interface GroupProps {
  heading: string;
  members: readonly MemberInfo[];
  placedIn: FieldPickerProps['placedIn'];
  onAdd: FieldPickerProps['onAdd'];
}

const PLACE_WORDS: Record<AddTarget, string> = { rows: 'Rows', columns: 'Columns', measures: 'Measures', filters: 'Filters' };

function MemberGroup({ heading, members, placedIn, onAdd }: GroupProps) {
  const styles = useStyles();
  const headingId = useId();
  if (members.length === 0) return null;
  return (
    <div role="group" aria-labelledby={headingId}>
      <Text id={headingId} size={200} weight="semibold" className={styles.groupTitle}>
        {heading}
      </Text>
      <ul className={styles.list}>
        {members.map((m, i) => {
          const placed = placedIn(m.name);
          const chosenId = `${headingId}-chosen-${i}`;
          return (
            <li key={m.name} className={styles.item}>
              <Text className={styles.title} title={m.name}>
                {m.title}
                {placed.size > 0 && (
                  // Chosen fields say where they are, so the list shows what the report already holds.
                  <Caption1 className={styles.chosen}>
                    {' '}
                    <span aria-hidden>✓</span> <span id={chosenId}>in {[...placed].map((t) => PLACE_WORDS[t]).join(', ')}</span>
                  </Caption1>
                )}
              </Text>
              <Menu>
                <MenuTrigger disableButtonEnhancement>
                  <Button
                    size="small"
                    appearance="subtle"
                    aria-label={`Add ${m.title}`}
                    // Where the field already is, read with the button (the list's check mark is not read).
                    aria-describedby={placed.size > 0 ? chosenId : undefined}
                  >
                    Add
                  </Button>
                </MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    {TARGETS[m.kind].map(({ target, label }) => (
                      <MenuItem key={target} disabled={placed.has(target) && target !== 'filters'} onClick={() => onAdd(m, target)}>
                        {label}
                      </MenuItem>
                    ))}
                  </MenuList>
                </MenuPopover>
              </Menu>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function FieldPicker({ members, placedIn, onAdd }: FieldPickerProps) {
  const styles = useStyles();
  const [query, setQuery] = useState('');
  const shown = members.filter((m) => matches(m, query));
  const measures = shown.filter((m) => m.kind === 'measure');
  const dimensions = shown.filter((m) => m.kind === 'dimension');
  return (
    <div className={styles.root}>
      <Input
        type="search"
        className={styles.search}
        placeholder="Search fields"
        aria-label="Search fields"
        value={query}
        onChange={(_, d) => setQuery(d.value)}
      />
      <div className={styles.scroller}>
        {shown.length === 0 && <Caption1 className={styles.groupTitle}>No field matches “{query}”.</Caption1>}
        <MemberGroup heading="Available measures" members={measures} placedIn={placedIn} onAdd={onAdd} />
        <MemberGroup heading="Available dimensions" members={dimensions} placedIn={placedIn} onAdd={onAdd} />
      </div>
    </div>
  );
}
