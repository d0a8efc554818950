/** The cards of the placement list grouped by sheet, with a search box past 10 placements and a compact density switch. */
import { Field, SearchBox, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PlacementView } from '../core/service/addin-service';
import { SEARCH_THRESHOLD, groupPlacements, refreshableIds, searchPlacements } from './list-groups';
import { usePaneEnv } from './pane-env';
import { DENSITY_KEY, noPaneSettings } from './pane-settings';
import { focusPlacementCard } from './placement-card-id';
import { PlacementGroup } from './PlacementGroup';

export interface PlacementListProps {
  placements: readonly PlacementView[];
  /** Renders one card (a list item); `compact` is the chosen density. */
  renderCard: (placement: PlacementView, compact: boolean) => ReactNode;
  /** Runs Refresh all over a sheet's placements. */
  onRefreshSheet: (placementIds: string[]) => void;
  /** True while a Refresh all runs. */
  locked: boolean;
  /** A card to show and focus (its group expanded, the search cleared if it hides the card); `seq` repeats a request. */
  reveal: { placementId: string; seq: number } | null;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  tools: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  search: { flexGrow: 1, minWidth: '10em' },
  empty: { color: tokens.colorNeutralForeground2 },
});

export function PlacementList({ placements, renderCard, onRefreshSheet, locked, reveal }: PlacementListProps) {
  const styles = useStyles();
  const settings = usePaneEnv().settings ?? noPaneSettings;
  const [compact, setCompact] = useState(() => settings.get(DENSITY_KEY) === 'compact');
  const [query, setQuery] = useState('');
  // Typing stays responsive over a long list: the filtered list renders after the keystroke, not with it.
  const shownQuery = useDeferredValue(query);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const searchable = placements.length > SEARCH_THRESHOLD;
  const effectiveQuery = searchable ? shownQuery : '';
  const groups = useMemo(() => groupPlacements(searchPlacements(placements, effectiveQuery)), [placements, effectiveQuery]);
  // Refresh sheet refreshes the whole sheet, whatever the search shows of it.
  const sheetIds = useMemo(
    () => new Map(groupPlacements(placements).map((g) => [g.key, refreshableIds(g.placements)] as const)),
    [placements],
  );

  const toggle = useCallback(
    (key: string) =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );

  const chooseDensity = (next: boolean) => {
    setCompact(next);
    settings.set(DENSITY_KEY, next ? 'compact' : 'comfortable');
  };

  // A card asked for (a link of the Refresh all summary) is made visible first, then focused once it is rendered.
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  useEffect(() => {
    if (reveal === null) return;
    const p = placements.find((x) => x.placementId === reveal.placementId);
    if (p === undefined) return;
    const key = groupPlacements([p])[0]?.key;
    setCollapsed((c) => {
      if (key === undefined || !c.has(key)) return c;
      const next = new Set(c);
      next.delete(key);
      return next;
    });
    if (searchPlacements([p], query).length === 0) setQuery('');
    setPendingFocus(reveal.placementId);
    // Only a new request reveals (not a change of the list or the search under a revealed card).
  }, [reveal]);
  useEffect(() => {
    if (pendingFocus === null) return;
    focusPlacementCard(pendingFocus);
    setPendingFocus(null);
  }, [pendingFocus, groups]);

  return (
    <div className={styles.root}>
      <div className={styles.tools}>
        {searchable && (
          <Field label="Search reports" className={styles.search}>
            <SearchBox size="small" value={query} onChange={(_e, d) => setQuery(d.value)} placeholder="Report or sheet name" />
          </Field>
        )}
        <Switch label="Compact list" checked={compact} onChange={(_e, d) => chooseDensity(d.checked)} />
      </div>
      {groups.length === 0 ? (
        <Text className={styles.empty} role="status">
          No reports match “{shownQuery.trim()}”.
        </Text>
      ) : (
        groups.map((g) => {
          const ids = sheetIds.get(g.key) ?? [];
          return (
            <PlacementGroup
              key={g.key}
              title={g.title}
              count={g.placements.length}
              expanded={!collapsed.has(g.key)}
              onToggle={() => toggle(g.key)}
              onRefreshSheet={g.orphaned || ids.length === 0 ? undefined : () => onRefreshSheet(ids)}
              locked={locked}
              compact={compact}
            >
              {g.placements.map((p) => renderCard(p, compact))}
            </PlacementGroup>
          );
        })
      )}
    </div>
  );
}
