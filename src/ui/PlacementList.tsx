/** The cards of the placement list grouped by sheet, with a search box past 10 placements and a compact density switch. */
import { Field, SearchBox, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PlacementView } from '../core/service/addin-service';
import { SEARCH_THRESHOLD, groupPlacements, refreshableIds, searchPlacements } from './list-groups';
import { usePaneEnv } from './pane-env';
import { DENSITY_KEY, noPaneSettings } from './pane-settings';
import { focusPlacementCard, placementCardId } from './placement-card-id';
import { PlacementGroup } from './PlacementGroup';

export interface PlacementListProps {
  placements: readonly PlacementView[];
  /** Renders one card (a list item); `compact` is the chosen density; `hidden` keeps it mounted out of sight (search). */
  renderCard: (placement: PlacementView, compact: boolean, hidden: boolean) => ReactNode;
  /** Runs Refresh all over a sheet's placements. */
  onRefreshSheet: (placementIds: string[]) => void;
  /** True while a Refresh all runs. */
  locked: boolean;
  /** A card to show and focus (its group expanded, the search cleared if it hides the card); `seq` repeats a request. */
  reveal: { placementId: string; seq: number } | null;
}

/** Cards mounted per render: a long list mounts in steps, so no single task of the page mounts all of it. */
export const CARDS_PER_STEP = 10;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  tools: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  search: { flexGrow: 1, minWidth: '10em' },
  empty: { color: tokens.colorNeutralForeground2 },
});

export function PlacementList({ placements, renderCard, onRefreshSheet, locked, reveal }: PlacementListProps) {
  const styles = useStyles();
  const settings = usePaneEnv().settings ?? noPaneSettings;
  const [compactChoice, setCompact] = useState(() => settings.get(DENSITY_KEY) === 'compact');
  // The switch follows the click at once; the cards take the density after it, in a deferred render React splits into
  // short tasks (every card renders again for its spacing, too long for the click's own task on a long list).
  const compact = useDeferredValue(compactChoice);
  const [query, setQuery] = useState('');
  // Typing stays responsive over a long list: the filtered list renders after the keystroke, not with it.
  const shownQuery = useDeferredValue(query);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const searchable = placements.length > SEARCH_THRESHOLD;
  const effectiveQuery = searchable ? shownQuery : '';
  // Every group and card stays mounted through a search: a card the search leaves out is hidden, not unmounted, so a
  // keystroke or clearing the search changes attributes only (unmounting or mounting a long list is one long task).
  const groups = useMemo(() => groupPlacements(placements), [placements]);
  const matches = useMemo(
    () => (effectiveQuery.trim() === '' ? null : new Set(searchPlacements(placements, effectiveQuery).map((p) => p.placementId))),
    [placements, effectiveQuery],
  );
  const shown = (p: PlacementView) => matches === null || matches.has(p.placementId);
  // Refresh sheet refreshes the whole sheet, whatever the search shows of it.
  const sheetIds = useMemo(() => new Map(groups.map((g) => [g.key, refreshableIds(g.placements)] as const)), [groups]);

  // How many cards are mounted yet (counted through the expanded groups in order, shown or not): one step when the list
  // opens, then a step more per render (each a transition: interruptible, input goes first) until every card is there.
  // A reload of the list keeps what is mounted.
  const [mountedCount, setMounted] = useState(CARDS_PER_STEP);
  const visibleCount = groups.reduce((n, g) => n + (collapsed.has(g.key) ? 0 : g.placements.length), 0);
  useEffect(() => {
    if (mountedCount >= visibleCount) return;
    startTransition(() => setMounted((count) => count + CARDS_PER_STEP));
  }, [mountedCount, visibleCount]);

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

  // A card asked for (a link of the Refresh all summary, a report just placed) is made visible first, then focused once
  // it is rendered; a card not in the list yet (the list reloads after a placing) is revealed when it comes.
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  const revealed = useRef<number | null>(null);
  useEffect(() => {
    if (reveal === null || revealed.current === reveal.seq) return;
    const p = placements.find((x) => x.placementId === reveal.placementId);
    if (p === undefined) return;
    revealed.current = reveal.seq;
    const key = groupPlacements([p])[0]?.key;
    setCollapsed((c) => {
      if (key === undefined || !c.has(key)) return c;
      const next = new Set(c);
      next.delete(key);
      return next;
    });
    if (searchPlacements([p], query).length === 0) setQuery('');
    setPendingFocus(reveal.placementId);
    // Each request reveals once (not at a later change of the list or the search under a revealed card).
  }, [reveal, placements]);
  useEffect(() => {
    if (pendingFocus === null) return;
    // A card not mounted yet (a long list mounts in steps) is focused at the step that mounts it.
    if (document.getElementById(placementCardId(pendingFocus)) === null && mountedCount < visibleCount) return;
    focusPlacementCard(pendingFocus);
    setPendingFocus(null);
  }, [pendingFocus, groups, mountedCount, visibleCount]);

  // The groups and their cards render again only when they change: a keystroke in the search box renders the box alone at
  // once, and the filtered cards after it (a deferred, interruptible render), so a long list never blocks typing.
  // A card's element is kept while its placement, the card renderer and the density are the same: React then skips that
  // card when the list renders again (a step of mounting, a collapse, a search), so only new cards cost a render.
  const cardCache = useRef<{
    renderCard: PlacementListProps['renderCard'];
    compact: boolean;
    cards: WeakMap<PlacementView, { hidden: boolean; node: ReactNode }>;
  }>({ renderCard, compact, cards: new WeakMap() });
  if (cardCache.current.renderCard !== renderCard || cardCache.current.compact !== compact)
    cardCache.current = { renderCard, compact, cards: new WeakMap() };
  const cardOf = (p: PlacementView): ReactNode => {
    const { cards } = cardCache.current;
    const hidden = !shown(p);
    const kept = cards.get(p);
    if (kept !== undefined && kept.hidden === hidden) return kept.node;
    const node = renderCard(p, compact, hidden);
    cards.set(p, { hidden, node });
    return node;
  };
  const matchCount = matches === null ? placements.length : matches.size;

  const body = useMemo(() => {
    let room = mountedCount;
    return groups.map((g) => {
      const ids = sheetIds.get(g.key) ?? [];
      const expanded = !collapsed.has(g.key);
      const cards = expanded ? g.placements.slice(0, Math.max(0, room)) : [];
      if (expanded) room -= cards.length;
      const count = matches === null ? g.placements.length : g.placements.filter(shown).length;
      return (
        <PlacementGroup
          key={g.key}
          title={g.title}
          count={count}
          hidden={count === 0}
          expanded={expanded}
          onToggle={() => toggle(g.key)}
          onRefreshSheet={g.orphaned || ids.length === 0 ? undefined : () => onRefreshSheet(ids)}
          locked={locked}
          compact={compact}
        >
          {cards.map(cardOf)}
        </PlacementGroup>
      );
    });
  }, [groups, matches, sheetIds, collapsed, toggle, onRefreshSheet, locked, compact, renderCard, mountedCount]);

  return (
    <div className={styles.root}>
      <div className={styles.tools}>
        {searchable && (
          <Field label="Search reports" className={styles.search}>
            <SearchBox size="small" value={query} onChange={(_e, d) => setQuery(d.value)} placeholder="Report or sheet name" />
          </Field>
        )}
        <Switch label="Compact list" checked={compactChoice} onChange={(_e, d) => chooseDensity(d.checked)} />
      </div>
      {matchCount === 0 && (
        <Text className={styles.empty} role="status">
          No reports match “{shownQuery.trim()}”.
        </Text>
      )}
      {body}
    </div>
  );
}
