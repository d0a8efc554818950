/**
 * Tests for the placement registry: one key per placement plus an index.
 * Migration from the single value, damaged records skipped, newer versions, no unknown keys kept.
 */
import type { DocumentStore } from '../../../src/core/host';
import {
  REGISTRY_INDEX_KEY,
  REGISTRY_KEY,
  loadRegistry,
  readRegistry,
  recordKey,
  registryChanges,
  resetRegistry,
  saveRegistry,
  withRecord,
  withoutRecord,
  type PlacementRecord,
} from '../../../src/core/placements/placement-record';

function store(initial: Record<string, string> = {}): DocumentStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get: async (k) => map.get(k) ?? null,
    set: async (k, v) => {
      map.set(k, v);
    },
    entries: async (prefix) => Object.fromEntries([...map].filter(([k]) => k.startsWith(prefix))),
    update: async (changes) => {
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) map.delete(k);
        else map.set(k, v);
      }
    },
  };
}

const rec = (id: string, extra: Partial<PlacementRecord> = {}): PlacementRecord => ({
  placementId: id,
  reportId: 42,
  publicId: 'abcDEF123456',
  deploymentId: '7',
  name: 'Orders',
  sheetId: 's1',
  anchor: { row: 1, col: 1 },
  area: { row: 1, col: 1, rows: 4, cols: 2 },
  areaRows: 4,
  cols: 2,
  layout: 'flat',
  placedAt: '2025-01-15T09:00:00.000Z',
  refreshedAt: '2025-01-15T09:00:00.000Z',
  ...extra,
});

describe('placement registry', () => {
  it('is empty when missing or blank', async () => {
    expect(await loadRegistry(store())).toEqual([]);
    expect(await loadRegistry(store({ [REGISTRY_KEY]: '  ' }))).toEqual([]);
  });

  it('round-trips records one key per placement, with an index keeping their order', async () => {
    const s = store();
    const records = [rec('p1'), rec('p2', { area: null, lastError: { kind: 'query', message: 'bad', at: 'x' }, environmentId: '3' })];
    await saveRegistry(s, records);
    expect(JSON.parse(s.map.get(REGISTRY_INDEX_KEY)!)).toEqual({ version: 2, order: ['p1', 'p2'] });
    expect(JSON.parse(s.map.get(recordKey('p2'))!)).toMatchObject({ placementId: 'p2', environmentId: '3' });
    expect(s.map.has(REGISTRY_KEY)).toBe(false);
    expect(await loadRegistry(s)).toEqual(records);
  });

  it('migrates the single-value registry of version 1 (rows named areaRows) at the next save', async () => {
    const v1 = (r: PlacementRecord): Record<string, unknown> => {
      const { areaRows, ...rest } = r;
      return { ...rest, rows: areaRows };
    };
    const s = store({ [REGISTRY_KEY]: JSON.stringify({ version: 1, placements: [v1(rec('a')), v1(rec('b', { areaRows: 9 }))] }) });
    const before = await readRegistry(s);
    expect(before).toMatchObject({ legacy: true, order: ['a', 'b'], damaged: [] });
    expect(before.records[1]?.areaRows).toBe(9);
    await s.update(registryChanges(before, { put: [rec('c')] }));
    expect(s.map.has(REGISTRY_KEY)).toBe(false);
    expect(JSON.parse(s.map.get(REGISTRY_INDEX_KEY)!)).toEqual({ version: 2, order: ['a', 'b', 'c'] });
    expect((await loadRegistry(s)).map((r) => [r.placementId, r.areaRows])).toEqual([
      ['a', 4],
      ['b', 9],
      ['c', 4],
    ]);
  });

  it('reports a damaged record and skips it, keeping every other one', async () => {
    const s = store();
    await saveRegistry(s, [rec('p1'), rec('p2'), rec('p3')]);
    s.map.set(recordKey('p2'), '{oops');
    s.map.set(recordKey('p3'), JSON.stringify({ ...rec('p3'), areaRows: -1 }));
    s.map.set(recordKey('p4'), JSON.stringify(rec('p1')));
    const registry = await readRegistry(s);
    expect(registry.records.map((r) => r.placementId)).toEqual(['p1']);
    expect(registry.damaged).toEqual([
      { placementId: 'p2', key: recordKey('p2'), detail: expect.stringContaining('not JSON') },
      { placementId: 'p3', key: recordKey('p3'), detail: expect.stringContaining('areaRows') },
      { placementId: 'p4', key: recordKey('p4'), detail: expect.stringContaining('placement p1') },
    ]);
    // A damaged index only loses the order.
    s.map.set(REGISTRY_INDEX_KEY, 'nope');
    expect((await loadRegistry(s)).map((r) => r.placementId)).toEqual(['p1']);
  });

  it('reports damaged JSON or a bad envelope of the version-1 value as a contract error; its bad records are skipped', async () => {
    await expect(loadRegistry(store({ [REGISTRY_KEY]: '{oops' }))).rejects.toMatchObject({
      kind: 'contract',
      message: expect.stringMatching(/damaged/),
    });
    await expect(loadRegistry(store({ [REGISTRY_KEY]: '[]' }))).rejects.toMatchObject({ kind: 'contract' });
    const bad = JSON.stringify({ version: 1, placements: [{ ...rec('p1'), areaRows: -1 }, rec('p2')] });
    const read = await readRegistry(store({ [REGISTRY_KEY]: bad }));
    expect(read.records.map((r) => r.placementId)).toEqual(['p2']);
    expect(read.damaged[0]?.detail).toContain('placements.0.areaRows');
    const dup = JSON.stringify({ version: 1, placements: [rec('p1'), rec('p1')] });
    expect((await readRegistry(store({ [REGISTRY_KEY]: dup }))).damaged[0]?.detail).toContain('duplicate');
  });

  it('keeps 200 placements within the smallest host document store (9 KB a value, 500 KB in all)', async () => {
    const s = store();
    const long = 'x'.repeat(300);
    const records = Array.from({ length: 200 }, (_, i) =>
      rec(`p${String(i).padStart(11, '0')}`, {
        name: `Report ${i} ${long}`,
        lastError: { kind: 'query', message: 'm'.repeat(5000), at: 'x' },
      }),
    );
    await saveRegistry(s, records);
    const sizes = [...s.map].map(([k, v]) => k.length + v.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(9 * 1024);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(500 * 1024);
    expect((await loadRegistry(s)).length).toBe(200);
  });

  it('refuses a registry written by a newer add-in and can be reset', async () => {
    const s = store({ [REGISTRY_KEY]: JSON.stringify({ version: 2, placements: [] }) });
    await expect(loadRegistry(s)).rejects.toMatchObject({ message: expect.stringMatching(/newer version/) });
    const t = store({ [REGISTRY_INDEX_KEY]: JSON.stringify({ version: 3, order: [] }) });
    await expect(loadRegistry(t)).rejects.toMatchObject({ message: expect.stringMatching(/newer version/) });
    await resetRegistry(s);
    expect(await loadRegistry(s)).toEqual([]);
  });

  it('drops unknown keys, so nothing but the record fields is ever saved', async () => {
    const s = store();
    await saveRegistry(s, [{ ...rec('p1'), apiKey: 'secret' } as PlacementRecord]);
    expect([...s.map.values()].join('\n')).not.toContain('secret');
  });

  it('replaces or removes a record by placementId, keeping order', () => {
    const list = [rec('a'), rec('b')];
    expect(withRecord(list, rec('a', { name: 'New' })).map((r) => r.name)).toEqual(['New', 'Orders']);
    expect(withRecord(list, rec('c')).map((r) => r.placementId)).toEqual(['a', 'b', 'c']);
    expect(withoutRecord(list, 'a').map((r) => r.placementId)).toEqual(['b']);
  });
});

describe('stored records are bounded by what the hosts allow', () => {
  const binding = (value: number | 'list', rows = 1) => ({
    id: 'b1',
    filter: 0,
    value,
    member: 'orders.status',
    type: 'string' as const,
    ref: 'Inputs!B2',
    range: { sheetId: 's2', row: 1, col: 1, rows, cols: 1 },
  });
  const stored = (record: unknown) => store({ [recordKey('a')]: JSON.stringify(record), [recordKey('b')]: JSON.stringify(rec('b')) });

  it.each([
    ['a bound value index of 30,000,000', { parameters: [binding(30_000_000)] }, /parameters\.0\.value/],
    ['a bound list of a whole column', { parameters: [binding('list', 1_048_576)] }, /parameters\.0/],
    ['an anchor past every sheet', { anchor: { row: 10_000_000, col: 0 } }, /anchor\.row/],
    ['an area of 10 billion cells', { area: { row: 0, col: 0, rows: 1_000_000, cols: 10_000 } }, /area/],
    ['a row count past every sheet', { areaRows: 3e7 }, /areaRows/],
    ['a name of 100,000 characters', { name: 'x'.repeat(100_000) }, /characters, more than a record takes/],
  ])('refuses %s with an out-of-bounds message, keeping the others', async (_what, extra, detail) => {
    const registry = await readRegistry(stored({ ...rec('a'), ...extra }));
    expect(registry.records.map((r) => r.placementId)).toEqual(['b']);
    expect(registry.damaged).toHaveLength(1);
    expect(registry.damaged[0]?.detail).toMatch(detail);
    expect(registry.damaged[0]?.message).toMatch(/^The stored record of this report is out of bounds \(.*Remove it from the list/);
  });

  it("refuses a record past the host's own sheet (Excel's 1,048,576 rows) that another host's sheet holds", async () => {
    const limits = {
      maxRows: 1_048_576,
      maxCols: 16_384,
      maxCellsPerWrite: 1,
      maxBytesPerWrite: 1,
      maxCellsPerRead: 1,
      maxBytesPerRead: 1,
      maxCellChars: 1,
    };
    const far = rec('a', { anchor: { row: 2_000_000, col: 1 }, area: { row: 2_000_000, col: 1, rows: 4, cols: 2 } });
    const s = stored(far);
    expect((await readRegistry(s)).records).toHaveLength(2);
    const onExcel = await readRegistry(s, limits);
    expect(onExcel.records.map((r) => r.placementId)).toEqual(['b']);
    expect(onExcel.damaged[0]?.message).toMatch(/its anchor runs from B2000001 .* past this sheet's last row \(1048576\)/);
    const sheets = { ...limits, maxRows: 10_000_000, maxCols: 18_278, maxCellsPerWorkbook: 10_000_000 };
    const wide = stored(rec('a', { area: { row: 0, col: 0, rows: 5_000_000, cols: 3 } }));
    expect((await readRegistry(wide, sheets)).damaged[0]?.message).toMatch(
      /spans 15000000 cells, more than this spreadsheet holds \(10000000\)/,
    );
  });
});
