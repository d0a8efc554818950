/** How the placement list is grouped and searched: one group per sheet in tab order, orphaned placements last. */
import type { PlacementView } from '../core/service/addin-service';

export interface PlacementGroupModel {
  /** Stable key of the group (`sheet:<name>`, or `orphaned`), for its collapsed state. */
  key: string;
  /** The heading: the sheet's name, or "Orphaned" for placements whose cells were deleted. */
  title: string;
  orphaned: boolean;
  placements: PlacementView[];
}

/** Above this many placements the list offers a search box. */
export const SEARCH_THRESHOLD = 10;

const ORPHANED_KEY = 'orphaned';

/**
 * Groups `placements` by sheet: sheets in tab order (`sheetIndex`; a sheet whose position is unknown after the known ones,
 * by name), cards in the list's order inside a group, and every placement without cells in one group last.
 */
export function groupPlacements(placements: readonly PlacementView[]): PlacementGroupModel[] {
  const bySheet = new Map<string, { index: number | null; placements: PlacementView[] }>();
  const orphaned: PlacementView[] = [];
  for (const p of placements) {
    if (p.rangeLabel === null || p.sheetName === null) {
      orphaned.push(p);
      continue;
    }
    const group = bySheet.get(p.sheetName);
    const index = p.sheetIndex ?? null;
    if (group === undefined) bySheet.set(p.sheetName, { index, placements: [p] });
    else {
      group.placements.push(p);
      if (group.index === null) group.index = index;
    }
  }
  const sheets = [...bySheet.entries()].sort(([nameA, a], [nameB, b]) => {
    if (a.index !== null && b.index !== null && a.index !== b.index) return a.index - b.index;
    if (a.index !== null && b.index === null) return -1;
    if (a.index === null && b.index !== null) return 1;
    return nameA.localeCompare(nameB);
  });
  const groups: PlacementGroupModel[] = sheets.map(([name, g]) => ({
    key: `sheet:${name}`,
    title: name,
    orphaned: false,
    placements: g.placements,
  }));
  if (orphaned.length > 0) groups.push({ key: ORPHANED_KEY, title: 'Orphaned', orphaned: true, placements: orphaned });
  return groups;
}

/** The placements whose report name or sheet name holds `query` (case-insensitive, surrounding spaces ignored); all for an empty query. */
export function searchPlacements(placements: readonly PlacementView[], query: string): PlacementView[] {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return [...placements];
  return placements.filter((p) => p.name.toLocaleLowerCase().includes(q) || (p.sheetName ?? '').toLocaleLowerCase().includes(q));
}

/** The placements a group's Refresh sheet runs over: those that have cells. */
export function refreshableIds(placements: readonly PlacementView[]): string[] {
  return placements.filter((p) => p.rangeLabel !== null).map((p) => p.placementId);
}
