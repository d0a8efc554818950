/** @jest-environment jsdom */
/** groupPlacements, searchPlacements and localPaneSettings: grouping rules, the search rule and storage that refuses. */
import type { PlacementView } from '../../src/core/service/addin-service';
import { groupPlacements, refreshableIds, searchPlacements } from '../../src/ui/list-groups';
import { localPaneSettings } from '../../src/ui/pane-settings';
import { samplePlacement } from './fake-addin-service';

const at = (
  id: string,
  sheetName: string | null,
  sheetIndex: number | null | undefined,
  rangeLabel: string | null = 'X!A1',
): PlacementView => samplePlacement({ placementId: id, name: `Report ${id}`, sheetName, sheetIndex, rangeLabel });

test('sheets follow tab order; a sheet of unknown position comes after the known ones by name; orphans and damaged records last', () => {
  const groups = groupPlacements([
    at('a', 'Zeta', undefined),
    at('b', 'Beta', 2),
    at('c', 'Alpha', undefined),
    at('d', 'Gamma', 0),
    at('e', 'Beta', 2),
    at('f', 'Gone', null, null),
    at('g', null, null, null),
  ]);
  expect(groups.map((g) => [g.title, g.placements.map((p) => p.placementId)])).toEqual([
    ['Gamma', ['d']],
    ['Beta', ['b', 'e']],
    ['Alpha', ['c']],
    ['Zeta', ['a']],
    ['Orphaned', ['f', 'g']],
  ]);
  expect(groups.at(-1)?.orphaned).toBe(true);
  expect(groupPlacements([])).toEqual([]);
});

test('search matches report or sheet names, ignoring case and surrounding spaces; Refresh sheet takes only placements with cells', () => {
  const list = [at('1', 'Sales', 0), at('2', 'Costs', 1), at('3', 'Gone', null, null)];
  expect(searchPlacements(list, '  SALES ').map((p) => p.placementId)).toEqual(['1']);
  expect(searchPlacements(list, 'report 2').map((p) => p.placementId)).toEqual(['2']);
  expect(searchPlacements(list, '   ')).toEqual(list);
  expect(refreshableIds(list)).toEqual(['1', '2']);
});

test('pane settings keep values in localStorage, and keep nothing (without throwing) where storage refuses', () => {
  const settings = localPaneSettings();
  settings.set('k', 'v');
  expect(settings.get('k')).toBe('v');
  const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new Error('QuotaExceededError');
  });
  const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new Error('SecurityError');
  });
  try {
    expect(() => settings.set('k', 'w')).not.toThrow();
    expect(settings.get('k')).toBeNull();
  } finally {
    setItem.mockRestore();
    getItem.mockRestore();
  }
  localStorage.clear();
});
