/** Tests for the placement registry: round trip, missing or damaged values, newer versions, and no unknown keys kept. */
import type { DocumentStore } from '../../../src/core/host';
import {
  REGISTRY_KEY,
  loadRegistry,
  resetRegistry,
  saveRegistry,
  withRecord,
  withoutRecord,
  type PlacementRecord,
} from '../../../src/core/refresh/placement-record';

function store(initial: Record<string, string> = {}): DocumentStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get: async (k) => map.get(k) ?? null,
    set: async (k, v) => {
      map.set(k, v);
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
  rows: 4,
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

  it('round-trips records under a versioned envelope', async () => {
    const s = store();
    const records = [rec('p1'), rec('p2', { area: null, lastError: { kind: 'query', message: 'bad', at: 'x' }, environmentId: '3' })];
    await saveRegistry(s, records);
    expect(JSON.parse(s.map.get(REGISTRY_KEY)!)).toMatchObject({ version: 1 });
    expect(await loadRegistry(s)).toEqual(records);
  });

  it('reports damaged JSON, a bad envelope or a bad record as a contract error naming the problem', async () => {
    await expect(loadRegistry(store({ [REGISTRY_KEY]: '{oops' }))).rejects.toMatchObject({
      kind: 'contract',
      message: expect.stringMatching(/damaged/),
    });
    await expect(loadRegistry(store({ [REGISTRY_KEY]: '[]' }))).rejects.toMatchObject({ kind: 'contract' });
    const bad = JSON.stringify({ version: 1, placements: [{ ...rec('p1'), rows: -1 }] });
    await expect(loadRegistry(store({ [REGISTRY_KEY]: bad }))).rejects.toMatchObject({
      detail: expect.stringContaining('placements.0.rows'),
    });
    const dup = JSON.stringify({ version: 1, placements: [rec('p1'), rec('p1')] });
    await expect(loadRegistry(store({ [REGISTRY_KEY]: dup }))).rejects.toMatchObject({ detail: expect.stringContaining('duplicate') });
  });

  it('refuses a registry written by a newer add-in and can be reset', async () => {
    const s = store({ [REGISTRY_KEY]: JSON.stringify({ version: 2, placements: [] }) });
    await expect(loadRegistry(s)).rejects.toMatchObject({ message: expect.stringMatching(/newer version/) });
    await resetRegistry(s);
    expect(await loadRegistry(s)).toEqual([]);
  });

  it('drops unknown keys, so nothing but the record fields is ever saved', async () => {
    const s = store();
    await saveRegistry(s, [{ ...rec('p1'), apiKey: 'secret' } as PlacementRecord]);
    expect(s.map.get(REGISTRY_KEY)).not.toContain('secret');
  });

  it('replaces or removes a record by placementId, keeping order', () => {
    const list = [rec('a'), rec('b')];
    expect(withRecord(list, rec('a', { name: 'New' })).map((r) => r.name)).toEqual(['New', 'Orders']);
    expect(withRecord(list, rec('c')).map((r) => r.placementId)).toEqual(['a', 'b', 'c']);
    expect(withoutRecord(list, 'a').map((r) => r.placementId)).toEqual(['b']);
  });
});
