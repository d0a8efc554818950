// Undo entries in the user cache: read back by a later execution, kept apart per spreadsheet, split under 100 KB a value,
// gone (never half read) once expired or a part is evicted, refused past the cell budget, and never failing the refresh.
import { CacheUndoStore, UNDO_KEY_PREFIX } from '../../../../appsscript/server/service/cache-undo-store';
import type { UndoEntry } from '../../../../src/core/changes/undo-store';
import type { UndoState } from '../../../../src/core/placements/undo-keeper';
import type { PlacementRecord } from '../../../../src/core/placements/placement-record';
import { fingerprintCells } from '../../../../src/core/changes/fingerprint';
import type { CacheLike } from '../../../../appsscript/server/apps-script/apps-script-services';
import { createFakeEnvironment, type FakeEnvironment } from '../../fakes/environment';

let env: FakeEnvironment;
beforeEach(() => {
  env = createFakeEnvironment();
  env.begin('FULL');
});
afterEach(() => env.close());

const record: PlacementRecord = {
  placementId: 'p1',
  reportId: 7,
  publicId: 'r7',
  deploymentId: '101',
  environmentId: '3',
  name: 'Orders',
  sheetId: '0',
  sheetName: 'Sheet1',
  anchor: { row: 1, col: 1 },
  area: { row: 1, col: 1, rows: 2, cols: 2 },
  areaRows: 2,
  cols: 2,
  headerRows: 1,
  layout: 'flat',
  placedAt: '2026-01-05T09:00:00.000Z',
  refreshedAt: '2026-01-05T09:00:00.000Z',
};

function entry(placementId: string, rows: number, cols: number, text = (r: number, c: number) => `v${r}.${c}`): UndoEntry<UndoState> {
  const range = { sheetId: '0', row: 1, col: 1, rows, cols };
  const values = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c): string | number | null => text(r, c)));
  return {
    placementId,
    before: [
      {
        range,
        values,
        formats: values.map((row, r) => row.map(() => (r % 2 === 0 ? 'General' : '0.00'))),
        bold: values.map((row, r) => row.map(() => r === 0)),
      },
    ],
    written: range,
    area: null,
    record: { record: { ...record, placementId }, print: fingerprintCells(values, rows, cols) },
    at: 1,
  };
}

test('an entry kept in one execution is read back exactly by the next, under its spreadsheet and placement', () => {
  const kept = entry('p1', 2, 2);
  expect(new CacheUndoStore(env.caches.user, 'book-1').keep(kept)).toEqual({ kept: true });
  expect(env.caches.user.entries.has(`${UNDO_KEY_PREFIX}book-1.p1`)).toBe(true);
  env.begin('FULL');
  const later = new CacheUndoStore(env.caches.user, 'book-1');
  expect(later.has('p1')).toBe(true);
  expect(later.get('p1')).toEqual(kept);
  // A copy of the spreadsheet (another id) with the same placement id has no entry of its own.
  const copy = new CacheUndoStore(env.caches.user, 'book-2');
  expect(copy.has('p1')).toBe(false);
  expect(copy.get('p1')).toBeNull();
});

test('a large entry is split under the cache’s 100 KB a value; an evicted part or expiry makes it gone, never half read', () => {
  const store = new CacheUndoStore(env.caches.user, 'book-1');
  // Multi-byte text: the fake cache throws on any value over 100 KB.
  const kept = entry('p1', 2_000, 10, (r, c) => `€ row ${r} col ${c} ${'é'.repeat(5)}`);
  expect(store.keep(kept)).toEqual({ kept: true });
  const parts = [...env.caches.user.entries.keys()].filter((k) => k.startsWith(`${UNDO_KEY_PREFIX}book-1.p1.`));
  expect(parts.length).toBeGreaterThan(1);
  expect(store.get('p1')).toEqual(kept);
  env.caches.user.remove(parts[1]!);
  expect(store.get('p1')).toBeNull();
  store.keep(kept);
  env.execution.advance(6 * 3600 * 1000 - 1000);
  env.begin('FULL');
  expect(store.get('p1')).toEqual(kept);
  env.execution.advance(2000);
  env.begin('FULL');
  expect(store.has('p1')).toBe(false);
  expect(store.get('p1')).toBeNull();
});

test('drop removes the entry and its parts; a refresh past the budget is refused and drops the older entry', () => {
  const store = new CacheUndoStore(env.caches.user, 'book-1', 100);
  expect(store.keep(entry('p1', 5, 10))).toEqual({ kept: true });
  expect(store.keep(entry('p1', 11, 10))).toEqual({ kept: false, reason: 'tooLarge', cells: 110, budget: 100 });
  expect(store.get('p1')).toBeNull();
  const big = new CacheUndoStore(env.caches.user, 'book-1');
  big.keep(entry('p2', 2_000, 10, (r, c) => `text ${r}:${c} ${'x'.repeat(20)}`));
  big.drop('p2');
  expect([...env.caches.user.entries.keys()].filter((k) => k.includes('.p2'))).toEqual([]);
});

test('a cache that refuses the entry costs the undo, not the refresh: the reason says so', () => {
  const refusing: CacheLike = {
    get: () => null,
    put: () => {
      throw new Error('Service invoked too many times');
    },
    remove: () => undefined,
    getAll: () => ({}),
  };
  const kept = new CacheUndoStore(refusing, 'book-1').keep(entry('p1', 2, 2));
  expect(kept).toEqual({
    kept: false,
    reason: 'notKept',
    detail: "Google Sheets' cache did not take what the refresh replaced (Service invoked too many times).",
  });
});

test('which placements have an entry is one getAll of their heads, for the list', () => {
  const store = new CacheUndoStore(env.caches.user, 'book-1');
  store.keep(entry('p1', 2, 2));
  store.keep(entry('p3', 2_000, 10, (r, c) => `text ${r}:${c} ${'x'.repeat(20)}`));
  new CacheUndoStore(env.caches.user, 'book-2').keep(entry('p2', 2, 2));
  const getAll = jest.spyOn(env.caches.user, 'getAll');
  expect([...store.kept(['p1', 'p2', 'p3'])].sort()).toEqual(['p1', 'p3']);
  expect(getAll).toHaveBeenCalledTimes(1);
});

test('text in the cache that is not an entry of this placement reads as none', () => {
  const store = new CacheUndoStore(env.caches.user, 'book-1');
  env.caches.user.put(`${UNDO_KEY_PREFIX}book-1.p1`, '={"v":1,"placementId":"p1"}');
  expect(store.get('p1')).toBeNull();
  store.keep(entry('p2', 2, 2));
  env.caches.user.put(`${UNDO_KEY_PREFIX}book-1.p1`, env.caches.user.get(`${UNDO_KEY_PREFIX}book-1.p2`)!);
  expect(store.get('p1')).toBeNull();
});
