/**
 * The seeded soak (`npm run soak`): refreshes of ten placements on the memory host under random faults, against the local
 * platform on loopback; after each refresh a placement holds its last good result or the new one, never a mixture.
 * Prints the counts and exits non-zero on a violation. SOAK_SEED and SOAK_REFRESHES override the defaults (20, 200).
 */
import { randomBytes } from 'node:crypto';
import { startPlatform } from '../local-platform/server';
import { fetchTransport, type FetchLike } from '../src/browser/fetch-transport';
import type { Transport } from '../src/core/api/transport';
import type { CellSnapshot, GridRange } from '../src/core/host';
import { MemoryHost } from '../src/core/memory/memory-host';
import { WorkbookModel } from '../src/core/memory/workbook-model';
import { createAddinService } from '../src/core/service/create-addin-service';
import { isAddinError } from '../src/core/errors/addin-error';
import { SQL_QUERY_PATH, paths } from '../src/core/wire/wire-names';

const EDITOR = 'dev-editor-key';
const DEPLOYMENT = '101';
const PLACEMENTS = 10;
const REFRESHES = Number(process.env['SOAK_REFRESHES'] ?? 200);
const SEED = Number(process.env['SOAK_SEED'] ?? 20);
/** The soak stops (as a failure) past this wall time, whatever is left. */
const MAX_WALL_MS = 4 * 60_000;
const LIMITS = [3, 8] as const;
const sqlOf = (limit: number, i: number): string =>
  `SELECT customer_city, MEASURE(count) AS orders FROM orders WHERE customer_city >= '${String.fromCharCode(65 + i)}' GROUP BY 1 ORDER BY 1 LIMIT ${limit}`;

/** Query faults and control-plane faults the soak draws from; '' is a clean refresh. */
const FAULTS = [
  '',
  '',
  'drop-after-rows=2',
  'malformed-after-rows=1',
  'error-after-rows=0',
  'error-after-rows=2',
  'continue-wait=2',
  'status=503',
  'hostWrite',
];

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(): Promise<number> {
  const started = Date.now();
  const random = mulberry32(SEED);
  const platform = await startPlatform({ port: 0, memory: true, rows: 2000, faults: true });
  try {
    const base = fetchTransport(globalThis.fetch as FetchLike);
    const fault = { current: '' };
    const transport: Transport = (r) => {
      const f = fault.current;
      const isQuery = r.url.endsWith(SQL_QUERY_PATH);
      const applies = f !== '' && f !== 'hostWrite' && (f === 'status=503' ? /connect-workbook/.test(r.url) : isQuery);
      return base(applies ? { ...r, headers: { ...r.headers, 'x-fault': f } } : r);
    };
    const inner = new MemoryHost(new WorkbookModel({ name: 'soak' }), { mintWorkbookId: () => 'wb-soak' });
    const writeFails = { armed: false };
    const host = new Proxy(inner, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop === 'writeBlock' && typeof value === 'function')
          return async (...args: unknown[]) => {
            if (writeFails.armed) {
              writeFails.armed = false;
              throw new Error('simulated write failure');
            }
            return (value as (...a: unknown[]) => Promise<void>).apply(target, args);
          };
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const service = createAddinService({
      host,
      transport,
      clock: { now: () => Date.now(), sleep: async () => undefined },
      random,
      randomBytes: (n) => new Uint8Array(randomBytes(n)),
      defaultTenantUrl: platform.url,
      timezone: 'UTC',
    });
    await service.signIn({ tenantUrl: platform.url, apiKey: EDITOR, authScheme: 'auto' });
    const env = (await service.listEnvironments(DEPLOYMENT)).find((e) => e.type === 'production');
    if (!env) throw new Error('no production environment');
    await service.setContext({ deploymentId: DEPLOYMENT, environmentId: env.id });
    const sheet = (await inner.layout()).sheets[0]!;
    const put = async (publicId: string, name: string, sql: string): Promise<void> => {
      const res = await fetch(`${platform.url}${paths.reportByPublicId(DEPLOYMENT, publicId)}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${EDITOR}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, sqlQuery: sql }),
      });
      if (!res.ok) throw new Error(`PUT report: ${res.status}`);
    };
    const snap = async (w: GridRange): Promise<string> => {
      const [s] = (await inner.snapshot([w])) as CellSnapshot[];
      return JSON.stringify(s);
    };

    // Each placement, and the exact cells of its two definitions (calibrated by clean refreshes).
    const placements: Array<{
      id: string;
      publicId: string;
      name: string;
      window: GridRange;
      limit: number;
      good: Record<number, string>;
      last: string;
    }> = [];
    for (let i = 0; i < PLACEMENTS; i++) {
      const name = `Soak ${i}`;
      const draft = {
        name,
        description: '',
        mode: 'sql' as const,
        sqlQuery: sqlOf(3, i),
        jsonQuery: null,
        pivotItems: null,
        builderState: null,
      };
      const out = await service.insert(
        draft,
        { sheetId: sheet.id, sheetName: sheet.name, row: 0, col: i * 3, label: '' },
        { jobId: `ins-${i}`, overwrite: false },
      );
      const view = (await service.listPlacements()).find((p) => p.placementId === out.placementId)!;
      const window = { sheetId: sheet.id, row: 0, col: i * 3, rows: 12, cols: 2 };
      const good: Record<number, string> = { 3: await snap(window) };
      await put(view.publicId, name, sqlOf(8, i));
      await service.refresh(out.placementId, { jobId: `cal-${i}` });
      good[8] = await snap(window);
      placements.push({ id: out.placementId, publicId: view.publicId, name, window, limit: 8, good, last: good[8] });
    }

    const counts: Record<string, number> = { ok: 0, failed: 0, violations: 0 };
    const byFault: Record<string, number> = {};
    for (let n = 0; n < REFRESHES; n++) {
      if (Date.now() - started > MAX_WALL_MS) {
        console.error(`soak: over ${MAX_WALL_MS / 1000} s after ${n} refreshes`);
        return 1;
      }
      const p = placements[Math.floor(random() * placements.length)]!;
      if (random() < 0.5) {
        p.limit = LIMITS[Math.floor(random() * LIMITS.length)]!;
        await put(p.publicId, p.name, sqlOf(p.limit, placements.indexOf(p)));
      }
      const f = FAULTS[Math.floor(random() * FAULTS.length)]!;
      byFault[f === '' ? 'none' : f] = (byFault[f === '' ? 'none' : f] ?? 0) + 1;
      fault.current = f;
      writeFails.armed = f === 'hostWrite';
      let ok = true;
      let message = '';
      try {
        await service.refresh(p.id, { jobId: `soak-${n}` });
      } catch (e) {
        ok = false;
        message = isAddinError(e) ? e.message : String(e);
      }
      fault.current = '';
      writeFails.armed = false;
      const now = await snap(p.window);
      const expected = ok ? p.good[p.limit] : p.last;
      if (now !== expected || (!ok && message.trim() === '')) {
        counts['violations']!++;
        console.error(`soak: violation at refresh ${n} (placement ${p.name}, fault "${f}", ${ok ? 'succeeded' : `failed: ${message}`})`);
      }
      counts[ok ? 'ok' : 'failed']!++;
      p.last = now;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`soak: seed ${SEED}, ${REFRESHES} refreshes of ${PLACEMENTS} placements in ${seconds} s`);
    console.log(`soak: ${counts['ok']} ok, ${counts['failed']} failed, ${counts['violations']} violations`);
    console.log(
      `soak: faults drawn ${Object.entries(byFault)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
    );
    return counts['violations'] === 0 ? 0 : 1;
  } finally {
    await platform.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
