/**
 * The port's round-trip targets, counted by a CountingHost around MemoryHost under the whole service against the local
 * platform: an insert and a single refresh cost at most 8 host calls each, Refresh all over 20 placements at most
 * 2 × 20 + 6, each plus one call per write block; and a busy host (a cell being edited) is waited for, not failed.
 */
import { fetchTransport, type FetchLike } from '../../../src/browser/fetch-transport';
import type { Clock } from '../../../src/core/runtime/clock';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import type { AddinService, ReportDraft } from '../../../src/core/service/addin-service';
import { startPlatform, type RunningPlatform } from '../../../local-platform/server';
import { addinRejection } from '../../helpers/caught-error';
import { localService, signInToProduction } from '../../helpers/local-service';
import { CountingHost, type HostCallName } from '../../hosts/counting-host';

const DEPLOYMENT = '101';
const SQL = 'SELECT status, MEASURE(count) AS count FROM orders GROUP BY 1 ORDER BY 1';

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startPlatform({ port: 0, memory: true, rows: 500 });
});
afterAll(() => platform.close());

const sleeps: number[] = [];
const clock: Clock = {
  now: () => Date.now(),
  sleep: async (ms) => {
    sleeps.push(ms);
  },
};

function draft(name: string): ReportDraft {
  return { name, description: '', mode: 'sql', sqlQuery: SQL, jsonQuery: null, pivotItems: null, builderState: null };
}

async function setup(): Promise<{ host: CountingHost<MemoryHost>; service: AddinService; sheetId: string }> {
  const host = new CountingHost(new MemoryHost(new WorkbookModel({ name: 'Counted' }), { mintWorkbookId: () => 'wb-counted' }));
  const service = localService(platform.url, {
    host,
    transport: fetchTransport(globalThis.fetch as FetchLike),
    clock,
    // The clock counts the busy host's waits: the query stream's idle watch and the calls' deadlines would add their own.
    idleTimeoutMs: Infinity,
    callTimeoutMs: Infinity,
  });
  await signInToProduction(service, platform.url, undefined, DEPLOYMENT);
  return { host, service, sheetId: host.inner.model.sheets()[0]!.id };
}

/** Calls other than write blocks (the targets allow one call per block on top). */
function fixed(calls: readonly HostCallName[]): number {
  return calls.filter((c) => c !== 'writeBlock').length;
}

describe('host calls per job', () => {
  it('an insert costs at most 10 host calls (two its confirmation in per-user storage) and a refresh 8, plus one per write block', async () => {
    const { host, service, sheetId } = await setup();
    host.take();
    const out = await service.insert(
      draft('Counted'),
      { sheetId, sheetName: 'Sheet1', row: 1, col: 1, label: '' },
      { jobId: 'i', overwrite: false },
    );
    const insert = host.take();
    expect(out.dataRows).toBeGreaterThan(0);
    expect(host.inner.model.getValue(sheetId, 1, 1)).toBe('status');
    expect(fixed(insert)).toBeLessThanOrEqual(10);
    expect(CountingHost.tally(insert)).toMatchObject({
      'credentials.get': 2,
      'credentials.set': 1,
      'document.entries': 1,
      autofitColumns: 1,
      'document.update': 1,
    });
    expect(host.inner.autofitted).toEqual([{ sheetId, row: 1, col: 1, rows: out.dataRows + 1, cols: 2 }]);

    await service.refresh(out.placementId, { jobId: 'r' });
    const refresh = host.take();
    expect(fixed(refresh)).toBeLessThanOrEqual(8);
    expect(CountingHost.tally(refresh)).toMatchObject({ 'credentials.get': 1, 'document.entries': 1, 'document.update': 1 });
    expect(refresh).not.toContain('autofitColumns');
    // Already confirmed at its insert: the refresh writes nothing to per-user storage.
    expect(refresh).not.toContain('credentials.set');
  });

  it('Refresh all over 20 placements costs at most 2 × 20 + 6 host calls, plus one per write block', async () => {
    const { host, service, sheetId } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const o = await service.insert(
        draft(`R${i}`),
        { sheetId, sheetName: 'Sheet1', row: i * 8, col: 0, label: '' },
        { jobId: `i${i}`, overwrite: false },
      );
      ids.push(o.placementId);
    }
    host.inner.model.setValue(sheetId, 0, 5, 'user');
    host.take();
    const summary = await service.refreshAll(ids, { jobId: 'all' });
    const calls = host.take();
    expect(summary).toMatchObject({ total: 20, done: 20, failed: 0 });
    expect(fixed(calls)).toBeLessThanOrEqual(2 * 20 + 6);
    // Every record was saved, in one write.
    expect(CountingHost.tally(calls)['document.update']).toBe(1);
    const listed = await service.listPlacements();
    expect(listed.every((p) => p.status === 'upToDate' && p.lastError === null)).toBe(true);
  });

  it('waits for a busy host (a cell being edited) and goes on; asks the user to leave the cell when it stays busy', async () => {
    const { host, service, sheetId } = await setup();
    sleeps.length = 0;
    host.inner.busyFor(3);
    const out = await service.insert(
      draft('Busy'),
      { sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: '' },
      { jobId: 'b1', overwrite: false },
    );
    expect(sleeps.length).toBe(3);
    expect(host.inner.model.getValue(sheetId, 0, 0)).toBe('status');

    const before = host.inner.model.toJSON();
    host.inner.busyFor(1000);
    const e = await addinRejection(service.refresh(out.placementId, { jobId: 'b2' }));
    host.inner.resetFaults();
    expect(e.kind).toBe('hostBusy');
    expect(e.message).toMatch(/leave the cell/i);
    expect(host.inner.model.toJSON().sheets).toEqual(before.sheets);
  });
});
