/**
 * IndexedDbMap against the in-memory IndexedDB fake: store created once, get/put/delete, committed writes.
 * Also refusals and reopening a closed connection.
 */
import { IndexedDbMap } from '../../src/preview/indexed-db-map';
import { FakeIndexedDb } from './fake-indexed-db';

describe('IndexedDbMap', () => {
  it('creates its database and object store on first open only', async () => {
    const idb = new FakeIndexedDb();
    await IndexedDbMap.open(idb, 'db', 'kv');
    await IndexedDbMap.open(idb, 'db', 'kv');
    expect(idb.opens).toBe(2);
    expect(idb.upgrades).toBe(1);
  });

  it('gets, puts (resolving once committed) and deletes values', async () => {
    const idb = new FakeIndexedDb();
    const map = await IndexedDbMap.open(idb, 'db', 'kv');
    expect(await map.get('k')).toBeUndefined();
    await map.put('k', 'text');
    expect(idb.value('db', 'kv', 'k')).toBe('text');
    await map.put('o', { rows: [1, 2] });
    expect(await map.get('o')).toEqual({ rows: [1, 2] });
    await map.delete('k');
    expect(await map.get('k')).toBeUndefined();
  });

  it('put resolves only when its transaction commits', async () => {
    const idb = new FakeIndexedDb();
    const map = await IndexedDbMap.open(idb, 'db', 'kv');
    idb.holdWrites = true;
    let done = false;
    const put = map.put('k', 'v').then(() => (done = true));
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(done).toBe(false);
    expect(idb.value('db', 'kv', 'k')).toBeUndefined();
    idb.release();
    await put;
    expect(idb.value('db', 'kv', 'k')).toBe('v');
  });

  it('rejects a refused put with the browser error and keeps the old value', async () => {
    const idb = new FakeIndexedDb();
    const map = await IndexedDbMap.open(idb, 'db', 'kv');
    await map.put('k', 'old');
    idb.quotaChars = 5;
    await expect(map.put('k', 'much too long')).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(await map.get('k')).toBe('old');
  });

  it.each(['throw', 'error'] as const)('open rejects when IndexedDB refuses (%s)', async (how) => {
    const idb = new FakeIndexedDb();
    idb.refuseOpen = how;
    await expect(IndexedDbMap.open(idb, 'db', 'kv')).rejects.toMatchObject({ name: 'InvalidStateError' });
  });

  it('reopens after the browser closed the connection', async () => {
    const idb = new FakeIndexedDb();
    const map = await IndexedDbMap.open(idb, 'db', 'kv');
    idb.closeAll();
    await map.put('k', 'v');
    expect(await map.get('k')).toBe('v');
    expect(idb.opens).toBe(2);
  });

  it('reopens when a transaction finds the connection closed without notice', async () => {
    const idb = new FakeIndexedDb();
    const map = await IndexedDbMap.open(idb, 'db', 'kv');
    idb.connections[0]!.closed = true;
    await map.put('k', 'v');
    expect(idb.value('db', 'kv', 'k')).toBe('v');
    expect(idb.opens).toBe(2);
  });

  it('lets go of the connection on versionchange (another tab upgrading), then reopens', async () => {
    const idb = new FakeIndexedDb();
    const map = await IndexedDbMap.open(idb, 'db', 'kv');
    const first = idb.connections[0]!;
    (first.onversionchange as () => void)();
    expect(first.closed).toBe(true);
    await map.put('k', 'v');
    expect(idb.opens).toBe(2);
  });
});
