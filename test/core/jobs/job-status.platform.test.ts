/**
 * jobStatus and cancel across requests: two services over the same workbook and the same JobStore stand for two Apps
 * Script executions (the sidebar's poll and the running job); the poll sees progress and items, and its cancel stops the job.
 */
import { fetchTransport, type FetchLike } from '../../../src/browser/fetch-transport';
import type { Transport } from '../../../src/core/api/transport';
import type { Clock } from '../../../src/core/runtime/clock';
import { SQL_QUERY_PATH } from '../../../src/core/wire/wire-names';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import type { AddinService, ReportDraft } from '../../../src/core/service/addin-service';
import { MemoryJobStore } from '../../../src/core/jobs/job-store';
import { startPlatform, type RunningPlatform } from '../../../local-platform/server';
import { addinRejection } from '../../helpers/caught-error';
import { localService, signInToProduction } from '../../helpers/local-service';

const SQL = 'SELECT status, MEASURE(count) AS count FROM orders GROUP BY 1 ORDER BY 1';
const clock: Clock = { now: () => Date.now(), sleep: async () => undefined };

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startPlatform({ port: 0, memory: true, rows: 300 });
});
afterAll(() => platform.close());

/** A transport whose query requests wait until `release()` while `held` is set. */
function holdingTransport(): { transport: Transport; hold(): Promise<void>; release(): void } {
  const base = fetchTransport(globalThis.fetch as FetchLike);
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let reached: () => void = () => undefined;
  let arrived = new Promise<void>((r) => (reached = r));
  return {
    transport: async (request) => {
      if (gate && request.url.includes(SQL_QUERY_PATH)) {
        reached();
        await gate;
      }
      return base(request);
    },
    hold: () => {
      gate = new Promise<void>((r) => (open = r));
      arrived = new Promise<void>((r) => (reached = r));
      return arrived;
    },
    release: () => {
      gate = null;
      open();
    },
  };
}

function draft(): ReportDraft {
  return { name: 'Polled', description: '', mode: 'sql', sqlQuery: SQL, jsonQuery: null, pivotItems: null, builderState: null };
}

describe('jobStatus and cancel from another request', () => {
  it('reports progress, items and outcome, and stops a job cancelled from another request, leaving its cells', async () => {
    const host = new MemoryHost(new WorkbookModel({ name: 'Polled' }), { mintWorkbookId: () => 'wb-polled' });
    const jobStore = new MemoryJobStore();
    const held = holdingTransport();
    const make = (transport: Transport): AddinService => localService(platform.url, { host, transport, clock, jobStore });
    const running = make(held.transport);
    const poller = make(fetchTransport(globalThis.fetch as FetchLike));
    await signInToProduction(running, platform.url);
    const sheetId = host.model.sheets()[0]!.id;

    const placed = await running.insert(
      draft(),
      { sheetId, sheetName: 'Sheet1', row: 0, col: 0, label: '' },
      { jobId: 'insert-1', overwrite: false },
    );
    expect(await poller.jobStatus('insert-1')).toMatchObject({
      state: 'done',
      error: null,
      outcome: { placementId: placed.placementId, dataRows: placed.dataRows, cols: 2 },
    });
    expect(await poller.jobStatus('never-started')).toBeNull();

    const before = host.model.toJSON();
    const reached = held.hold();
    const job = running.refreshAll([placed.placementId], { jobId: 'all-1' });
    await reached;
    expect(await poller.jobStatus('all-1')).toMatchObject({
      state: 'running',
      cancelRequested: false,
      items: [{ placementId: placed.placementId, item: { state: 'running' } }],
    });
    await poller.cancel('all-1');
    expect((await poller.jobStatus('all-1'))?.cancelRequested).toBe(true);
    held.release();
    const summary = await job;
    expect(summary).toMatchObject({ total: 1, done: 0, stopped: 1 });
    expect(host.model.toJSON()).toEqual(before);
    expect(await poller.jobStatus('all-1')).toMatchObject({
      state: 'done',
      items: [{ placementId: placed.placementId, item: { state: 'stopped' } }],
    });

    held.hold();
    const refresh = running.refresh(placed.placementId, { jobId: 'refresh-1' });
    await poller.cancel('refresh-1');
    held.release();
    expect((await addinRejection(refresh)).kind).toBe('cancelled');
    expect(await poller.jobStatus('refresh-1')).toMatchObject({ state: 'cancelled', error: { kind: 'cancelled' } });
    expect(host.model.toJSON().sheets).toEqual(before.sheets);
  });
});
