/**
 * The local platform under load, in its own process with the default limits (`npm run bench platform-load`): a second
 * key's small query idle and behind 10 heavy queries of another key, the peak RSS of the server and of its engine
 * process under each query of a fixed list of memory-heavy ones (and the longest wait of a small query meanwhile), and
 * the time a SIGTERM takes to stop the platform with parked and running queries; each beside its target.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SQL_QUERY_PATH } from '../src/core/wire/wire-names';
import type { Measurement } from './measurement';

const ROOT = path.resolve(__dirname, '..');
const SMALL = 'SELECT count(*) AS n FROM orders';
const HEAVY = (n: number): string => `SELECT sum(hash(i)) AS s FROM range(100000000000) t(i) -- ${n}`;
/** The single queries that took the machine before the engine had its own bounded process. */
const MEMORY_HEAVY: ReadonlyArray<[string, string]> = [
  ['unnest(generate_series(1, 4e8))', 'SELECT count(*) AS n FROM (SELECT unnest(generate_series(1, 400000000)))'],
  [
    'exploding recursive CTE',
    "WITH RECURSIVE r(n, s) AS (SELECT 1, 'x' UNION ALL SELECT n + 1, s || s FROM r WHERE n < 40) SELECT max(length(s)) AS m FROM r",
  ],
  ['repeat of a BLOB to 4 GB', "SELECT octet_length(repeat('0123456789'::BLOB, 400000000)) AS n"],
  ['list(i) over 3e7 rows', 'SELECT list(i) AS l FROM range(30000000) t(i)'],
];

interface Platform {
  url: string;
  process: ChildProcess;
  exited: Promise<void>;
}

/** Starts `local-platform/cli.ts` in memory with the default 100,000 orders and limits. */
function startPlatform(extra: readonly string[] = []): Promise<Platform> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local-platform/cli.ts', '--port', '0', '--memory', '--quiet', ...extra], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  return new Promise((resolve, reject) => {
    void exited.then(() => reject(new Error(`the platform exited:\n${out}`)));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Local platform:\s+(http:\/\/\S+)/.exec(out);
      if (m?.[1] && out.includes('Ctrl-C')) resolve({ url: m[1], process: child, exited });
    });
  });
}

/** Posts a query as `key`; resolves with the milliseconds until its whole answer was read (errors included). */
async function query(
  url: string,
  key: string,
  sql: string,
  extra: { signal?: AbortSignal; headers?: Record<string, string>; body?: object } = {},
): Promise<number> {
  const started = performance.now();
  try {
    const res = await fetch(`${url}/d/101${SQL_QUERY_PATH}`, {
      method: 'POST',
      headers: { Authorization: key, 'Content-Type': 'application/json', ...extra.headers },
      body: JSON.stringify({ query: sql, ...extra.body }),
      ...(extra.signal ? { signal: extra.signal } : {}),
    });
    await res.text();
  } catch {
    // An aborted heavy query.
  }
  return performance.now() - started;
}

const rssOf = (pid: number): number => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
};

/** The platform's engine process (the one child running engine-main). */
function enginePid(pid: number): number {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  return children.find((c) => fs.readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('engine-main')) ?? -1;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The second key's small query: median of 5 idle, then median and slowest of 5 behind 10 heavy queries of the viewer. */
async function admission(url: string): Promise<Measurement[]> {
  const idle: number[] = [];
  for (let i = 0; i < 5; i++) idle.push(await query(url, 'dev-editor-key', SMALL));
  const stop = new AbortController();
  const heavy = Array.from({ length: 10 }, (_, n) => query(url, 'dev-viewer-key', HEAVY(n), { signal: stop.signal }));
  await sleep(2000);
  const loaded: number[] = [];
  for (let i = 0; i < 5; i++) loaded.push(await query(url, 'dev-editor-key', SMALL));
  stop.abort();
  await Promise.all(heavy);
  return [
    { name: "second key's small query, idle (median of 5)", value: median(idle), unit: 'ms' },
    { name: "second key's small query behind 10 heavy (median of 5; target ≤ 1,000)", value: median(loaded), unit: 'ms' },
    { name: "second key's small query behind 10 heavy (slowest of 5; target ≤ 1,000)", value: Math.max(...loaded), unit: 'ms' },
  ];
}

/** Each memory-heavy query alone: peak RSS of the server and of the engine, and the slowest small query meanwhile. */
async function memory(url: string, server: number): Promise<Measurement[]> {
  const out: Measurement[] = [];
  for (const [name, sql] of MEMORY_HEAVY) {
    let peakServer = 0;
    let peakEngine = 0;
    const sampler = setInterval(() => {
      peakServer = Math.max(peakServer, rssOf(server));
      peakEngine = Math.max(peakEngine, rssOf(enginePid(server)));
    }, 20);
    let done = false;
    const ran = query(url, 'dev-viewer-key', sql).finally(() => (done = true));
    let slowest = 0;
    while (!done) {
      slowest = Math.max(slowest, await query(url, 'dev-editor-key', SMALL));
      await sleep(100);
    }
    const ms = await ran;
    clearInterval(sampler);
    out.push(
      { name: `${name}: answered after`, value: ms, unit: 'ms' },
      { name: `${name}: server peak RSS (target ≤ 3,072)`, value: peakServer / 2 ** 20, unit: 'MiB' },
      { name: `${name}: engine peak RSS (limit 3 GB)`, value: peakEngine / 2 ** 20, unit: 'MiB' },
      { name: `${name}: slowest other small query (target ≤ 1,000)`, value: slowest, unit: 'ms' },
    );
  }
  return out;
}

/** Milliseconds from SIGTERM until the platform process is gone, with `load` started first. */
async function shutdown(load: (url: string) => Promise<void>): Promise<number> {
  const platform = await startPlatform(['--hold-ms', '0']);
  await load(platform.url);
  const started = performance.now();
  platform.process.kill('SIGTERM');
  await platform.exited;
  return performance.now() - started;
}

async function parkedAndRunning(url: string): Promise<void> {
  for (let n = 0; n < 8; n++) {
    await query(url, n % 2 ? 'dev-editor-key' : 'dev-viewer-key', HEAVY(n), {
      headers: { 'x-request-id': `bench-${n}-span-1` },
      body: { throwContinueWait: true },
    });
  }
  for (const n of [8, 9]) void query(url, 'dev-admin-key', HEAVY(n));
  await sleep(1000);
}

async function memoryHeavyRunning(url: string): Promise<void> {
  void query(url, 'dev-viewer-key', MEMORY_HEAVY[1]![1]);
  await sleep(3000);
}

export async function run(): Promise<Measurement[]> {
  const platform = await startPlatform();
  let measured: Measurement[];
  try {
    measured = [...(await admission(platform.url)), ...(await memory(platform.url, platform.process.pid ?? -1))];
  } finally {
    platform.process.kill('SIGKILL');
    await platform.exited;
  }
  return [
    ...measured,
    { name: 'SIGTERM to stopped, 8 parked + 2 running (target ≤ 2,000)', value: await shutdown(parkedAndRunning), unit: 'ms' },
    { name: 'SIGTERM to stopped, memory-heavy query running (target ≤ 2,000)', value: await shutdown(memoryHeavyRunning), unit: 'ms' },
  ];
}
