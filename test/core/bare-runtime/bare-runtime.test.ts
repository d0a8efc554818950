/**
 * The proof that the Sheets server can host the core: the core (query client, stream decoder, cells, planner,
 * orchestrator, memory host) bundled into one script runs an insert and a refresh in a V8 context holding only
 * ECMAScript built-ins (no console, timers, TextDecoder, AbortController, URL or fetch), over a synchronous fetch that
 * answers the whole body at once as UrlFetchApp does. The streams are the local platform's own, fetched beforehand.
 */
import { buildSync } from 'esbuild';
import path from 'node:path';
import vm from 'node:vm';
import { SQL_QUERY_PATH } from '../../../src/core/wire/wire-names';
import { platformPerFile } from '../../helpers/platform-per-file';
import { EDITOR } from '../../local-platform/http';

const platform = platformPerFile();

const FIRST_SQL = 'SELECT status, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1 LIMIT 2';
const REFRESH_SQL = 'SELECT status, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1';

/** The bundle of bare-entry.ts: one IIFE script that defines the global BareCore and nothing else. */
function bundle(): string {
  const result = buildSync({
    entryPoints: [path.join(__dirname, 'bare-entry.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'BareCore',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (file === undefined) throw new Error('esbuild produced no output');
  return file.text;
}

/** The platform's ndjson text for `sql`, as its query API streams it. */
async function platformStream(sql: string): Promise<string> {
  const response = await fetch(`${platform.url}/d/101${SQL_QUERY_PATH}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${EDITOR}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: sql, timezone: 'UTC' }),
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** A V8 context with the ECMAScript built-ins only: V8 adds its own console to every context, so it goes too. */
function bareContext(globals: Record<string, unknown>): vm.Context {
  const context = vm.createContext(globals);
  vm.runInContext('delete globalThis.console;', context);
  return context;
}

interface Ran {
  insertedArea: { row: number; col: number; rows: number; cols: number };
  afterInsert: unknown[][];
  refreshedArea: { row: number; col: number; rows: number; cols: number };
  afterRefresh: unknown[][];
  cancelled: string;
  afterCancel: unknown[][];
}

/** The cells a stream should leave: its column names as the header row, then each row with Int64 counts as numbers. */
function expectedCells(stream: string): unknown[][] {
  const lines = stream
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { schema?: Array<{ name: string }>; data?: Array<[string, string]> });
  const header = lines[0]?.schema?.map((c) => c.name) ?? [];
  const rows = lines.flatMap((l) => l.data ?? []).map(([status, count]) => [status, Number(count)]);
  return [header, ...rows];
}

describe('the core in a bare ECMAScript context', () => {
  it('holds none of the Web or Node globals the core must not use', () => {
    const context = bareContext({});
    const present = vm.runInContext(
      `['console', 'setTimeout', 'queueMicrotask', 'TextDecoder', 'TextEncoder', 'AbortController', 'URL', 'URLSearchParams',
        'fetch', 'structuredClone', 'crypto', 'atob', 'process', 'require', 'Buffer'].filter((n) => typeof globalThis[n] !== 'undefined').join()`,
      context,
    ) as string;
    expect(present).toBe('');
  });

  it('inserts and refreshes a report over a UrlFetchApp-like synchronous transport', async () => {
    const first = await platformStream(FIRST_SQL);
    const second = await platformStream(REFRESH_SQL);
    const answers = [first, second];
    const requests: Array<{ method: string; url: string; body: string }> = [];
    const context = bareContext({
      // The only thing from outside: a synchronous fetch that answers JSON text with the whole body at once.
      urlFetch: (requestJson: string): string => {
        const request = JSON.parse(requestJson) as { method: string; url: string; body: string };
        requests.push(request);
        const body = answers.shift();
        if (body === undefined) throw new Error('no more answers');
        return JSON.stringify({ status: 200, headers: { 'content-type': 'application/x-ndjson' }, body });
      },
    });
    vm.runInContext(bundle(), context, { filename: 'core-bundle.js' });
    const answer = (await vm.runInContext(
      `BareCore.insertAndRefresh(urlFetch, 'https://tenant.example.com/d/101', 'dev-editor-key', ${JSON.stringify(FIRST_SQL)})`,
      context,
    )) as string;
    const ran = JSON.parse(answer) as Ran;

    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', `https://tenant.example.com/d/101${SQL_QUERY_PATH}`],
      ['POST', `https://tenant.example.com/d/101${SQL_QUERY_PATH}`],
    ]);
    expect((JSON.parse(requests[0]?.body ?? '{}') as { query?: string }).query).toBe(FIRST_SQL);
    const inserted = expectedCells(first);
    const refreshed = expectedCells(second);
    expect(inserted).toHaveLength(3);
    expect(refreshed.length).toBeGreaterThan(inserted.length);
    expect(ran.insertedArea).toMatchObject({ row: 1, col: 1, rows: inserted.length, cols: 2 });
    expect(ran.afterInsert).toEqual(inserted);
    expect(ran.refreshedArea).toMatchObject({ row: 1, col: 1, rows: refreshed.length, cols: 2 });
    expect(ran.afterRefresh).toEqual(refreshed);
    expect(ran.cancelled).toBe('Cancelled. Nothing was changed.');
    expect(ran.afterCancel).toEqual(refreshed);
    expect(requests).toHaveLength(2);
  });
});
