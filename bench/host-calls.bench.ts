/**
 * Host calls per job under the whole service against the local platform, counted by CountingHost around MemoryHost:
 * insert, single refresh and Refresh all over 20 placements, each beside its target (write blocks counted apart).
 */
import { randomBytes } from 'node:crypto';
import { startPlatform } from '../local-platform/server';
import { fetchTransport, type FetchLike } from '../src/browser/fetch-transport';
import { MemoryHost } from '../src/core/memory/memory-host';
import { WorkbookModel } from '../src/core/memory/workbook-model';
import type { ReportDraft } from '../src/core/service/addin-service';
import { createAddinService } from '../src/core/service/create-addin-service';
import { CountingHost, type HostCallName } from '../test/hosts/counting-host';
import type { Measurement } from './measurement';

const PLACEMENTS = 20;
const SQL = 'SELECT status, MEASURE(count) AS count FROM orders GROUP BY 1 ORDER BY 1';

function draft(name: string): ReportDraft {
  return { name, description: '', mode: 'sql', sqlQuery: SQL, jsonQuery: null, pivotItems: null, builderState: null };
}

function split(calls: readonly HostCallName[]): { fixed: number; blocks: number } {
  const blocks = calls.filter((c) => c === 'writeBlock').length;
  return { fixed: calls.length - blocks, blocks };
}

export async function run(): Promise<Measurement[]> {
  const platform = await startPlatform({ port: 0, memory: true, rows: 500 });
  try {
    const host = new CountingHost(new MemoryHost(new WorkbookModel({ name: 'Bench' }), { mintWorkbookId: () => 'wb-bench' }));
    const service = createAddinService({
      host,
      transport: fetchTransport(globalThis.fetch as FetchLike),
      clock: { now: () => Date.now(), sleep: async () => undefined },
      random: Math.random,
      randomBytes: (n) => new Uint8Array(randomBytes(n)),
      defaultTenantUrl: platform.url,
      timezone: 'UTC',
    });
    await service.signIn({ tenantUrl: platform.url, apiKey: 'dev-editor-key', authScheme: 'auto' });
    const env = (await service.listEnvironments('101')).find((e) => e.type === 'production');
    if (!env) throw new Error('no production environment');
    await service.setContext({ deploymentId: '101', environmentId: env.id });
    const sheetId = host.inner.model.sheets()[0]?.id ?? '';
    const ids: string[] = [];
    let insert = { fixed: 0, blocks: 0 };
    for (let i = 0; i < PLACEMENTS; i++) {
      host.take();
      const o = await service.insert(
        draft(`R${i}`),
        { sheetId, sheetName: 'Sheet1', row: i * 8, col: 0, label: '' },
        { jobId: `i${i}`, overwrite: false },
      );
      if (i === 0) insert = split(host.take());
      ids.push(o.placementId);
    }
    host.take();
    await service.refresh(ids[0] ?? '', { jobId: 'r' });
    const refresh = split(host.take());
    await service.refreshAll(ids, { jobId: 'all' });
    const all = split(host.take());
    return [
      { name: 'host calls: insert (without write blocks)', value: insert.fixed, unit: 'calls (target <= 8)' },
      { name: 'host calls: insert write blocks', value: insert.blocks, unit: 'calls' },
      { name: 'host calls: refresh (without write blocks)', value: refresh.fixed, unit: 'calls (target <= 8)' },
      { name: 'host calls: refresh write blocks', value: refresh.blocks, unit: 'calls' },
      {
        name: `host calls: Refresh all x${PLACEMENTS} (without write blocks)`,
        value: all.fixed,
        unit: `calls (target <= ${2 * PLACEMENTS + 6})`,
      },
      { name: `host calls: Refresh all x${PLACEMENTS} write blocks`, value: all.blocks, unit: 'calls' },
    ];
  } finally {
    await platform.close();
  }
}
