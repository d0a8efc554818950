/**
 * Sheets Refresh all of 20 placements whose queries take 500 ms, against the sum of their single refreshes: the built
 * Code.js in a vm over the Apps Script fakes (real HTTP, fetchAll concurrent) and the local platform in its own process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSheets } from '../scripts/sheets-bundle';
import { serverClient } from '../appsscript/sidebar/server-client';
import { SQL_QUERY_PATH } from '../src/core/wire/wire-names';
import { createFakeEnvironment } from '../test/appsscript/fakes/environment';
import { startPlatformProcess } from '../test/appsscript/helpers/platform-process';
import { scriptRunBridge } from '../test/appsscript/helpers/script-run-bridge';
import type { Measurement } from './measurement';

const PLACEMENTS = 20;
const QUERY_DELAY_MS = 500;
/** The target of issue 21: Refresh all at most this share of the single refreshes. */
const TARGET_RATIO = 0.35;

export async function run(): Promise<Measurement[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheets-bench-'));
  const [platform] = await Promise.all([
    startPlatformProcess(['--faults', '--hold-ms', '10000']),
    buildSheets({ outDir, sidebar: false, claspProject: null }),
  ]);
  const env = createFakeEnvironment({});
  try {
    const code = fs.readFileSync(path.join(outDir, 'Code.js'), 'utf8');
    const client = serverClient(scriptRunBridge(env, code).run, { sleep: async () => undefined });
    await client.call('signIn', { tenantUrl: platform.url, apiKey: 'dev-editor-key', authScheme: 'auto' });
    const production = (await client.call('listEnvironments', { deploymentId: '101' })).find((e) => e.type === 'production');
    await client.call('setContext', { deploymentId: '101', environmentId: production?.id ?? null });
    const sheet = env.book.sheets[0]!;
    let jobs = 0;
    const jobId = (): string => `bench_${String((jobs += 1)).padStart(16, '0')}`;
    const ids: string[] = [];
    for (let i = 0; i < PLACEMENTS; i += 1) {
      const [row, col] = [(i % 10) * 10, Math.floor(i / 10) * 3];
      const sqlQuery = `SELECT status, MEASURE(count) AS orders_${i} FROM orders GROUP BY 1 ORDER BY 1`;
      const draft = {
        name: `R${i}`,
        description: '',
        mode: 'sql' as const,
        sqlQuery,
        jsonQuery: null,
        pivotItems: null,
        builderState: null,
      };
      const target = { sheetId: String(sheet.sheetId), sheetName: sheet.name, row, col, label: `R${row + 1}C${col + 1}` };
      ids.push((await client.call('insert', { draft, target, jobId: jobId(), overwrite: false })).placementId);
    }
    // Every query now takes QUERY_DELAY_MS on the platform (its x-fault header, added on the way as a proxy would).
    const delayed: Record<string, string> = { 'x-fault': `delay-ms=${QUERY_DELAY_MS}` };
    env.fetchOptions.addHeaders = (request) => (request.url.includes(SQL_QUERY_PATH) ? delayed : {});
    let singles = 0;
    for (const placementId of ids) {
      const started = performance.now();
      await client.call('refresh', { placementId, jobId: jobId() });
      singles += performance.now() - started;
    }
    const trips = env.urlFetch.roundTrips;
    const started = performance.now();
    const summary = await client.call('refreshAll', { placementIds: ids, jobId: jobId() });
    const all = performance.now() - started;
    if (summary.done !== PLACEMENTS) throw new Error(`Refresh all refreshed ${summary.done} of ${PLACEMENTS}`);
    return [
      { name: `sheets refresh-all ${PLACEMENTS} x ${QUERY_DELAY_MS} ms: sum of single refreshes`, value: singles, unit: 'ms' },
      { name: `sheets refresh-all ${PLACEMENTS} x ${QUERY_DELAY_MS} ms: Refresh all`, value: all, unit: 'ms' },
      {
        name: `sheets refresh-all ratio (target <= ${TARGET_RATIO})`,
        value: all / singles,
        unit: 'x',
      },
      { name: `sheets refresh-all UrlFetch round trips`, value: env.urlFetch.roundTrips - trips, unit: 'calls' },
    ];
  } finally {
    await env.close();
    await platform.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
