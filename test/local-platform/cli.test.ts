/** `npm run platform`: the CLI prints its URL and the dev keys (environment overrides included), serves, and stops on SIGINT. */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { paths, SQL_QUERY_PATH } from '../../src/core/wire/wire-names';
import { DEV_KEY_ENV } from '../../local-platform/dev-credentials';
import { call } from './http';

const ROOT = path.resolve(__dirname, '../..');

let child: ChildProcessByStdio<null, Readable, Readable> | undefined;
afterEach(() => {
  // Also when a test timed out: never leave a platform process behind.
  if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe('npm run platform', () => {
  it('prints its URL and the dev credentials, honours SVC_DEV_*_KEY, answers /healthz, and exits 0 on SIGINT', async () => {
    const { cli, url, exited, out } = await startCli(['--quiet'], {
      [DEV_KEY_ENV.admin]: 'my-admin-key',
      [DEV_KEY_ENV.editor]: '',
      [DEV_KEY_ENV.viewer]: '',
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The environment overrides the admin key; an empty variable keeps the default.
    for (const key of ['my-admin-key', 'dev-editor-key', 'dev-viewer-key']) expect(out).toContain(key);
    expect(out).not.toContain('dev-admin-key');
    expect((await call('GET', `${url}/healthz`, { key: null })).status).toBe(200);
    expect((await call('GET', url + paths.deployments(), { key: 'my-admin-key' })).status).toBe(200);
    expect((await call('GET', url + paths.deployments(), { key: 'dev-admin-key' })).status).toBe(401);
    signalPlatform(cli, 'SIGINT');
    expect(await exited).toBe(0);
  });
});

/** Starts the CLI on a free port; resolves with its URL once it printed the banner. */
async function startCli(
  extra: readonly string[],
  env: Record<string, string> = {},
): Promise<{ cli: ChildProcessByStdio<null, Readable, Readable>; url: string; exited: Promise<number | null>; out: string }> {
  const cli = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['local-platform/cli.ts', '--port', '0', '--memory', '--rows', '10', ...extra],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child = cli;
  const exited = new Promise<number | null>((resolve) => cli.once('exit', (code) => resolve(code)));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    cli.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ctrl-C')) resolve();
    });
    cli.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`the CLI exited with ${code}:\n${out}`)));
  });
  return { cli, url: /Local platform:\s+(http:\/\/\S+)/.exec(out)?.[1] ?? '', exited, out };
}

describe('npm run platform stops whatever runs', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s during a heavy query: the process exits and the port closes', async (signal) => {
    const { cli, url, exited } = await startCli(['--quiet', '--query-threads', '2']);
    const heavy = call('POST', `${url}/d/101${SQL_QUERY_PATH}`, {
      key: 'dev-viewer-key',
      body: { query: 'SELECT sum(i * i % 7) AS s FROM range(100000000000) t(i)' },
    }).catch((e: unknown) => e);
    // The query is running once the engine has had a moment with it; the stop must not wait for it to finish.
    await new Promise((resolve) => setTimeout(resolve, 500));
    signalPlatform(cli, signal);
    expect(await exited).toBe(0);
    await heavy;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  const linux = process.platform === 'linux' ? it : it.skip;

  linux('SIGTERM with 8 parked Continue-wait queries, one of them uninterruptible, and 2 running: exits 0, engine gone', async () => {
    const { cli, url, exited, out } = await startCli(['--quiet', '--hold-ms', '0']);
    const engine = descendants(cli.pid ?? -1).find((pid) => commandOf(pid).includes('engine-main'));
    expect(engine).toBeDefined();
    const ask = (n: number, query: string, parked: boolean) =>
      call('POST', `${url}/d/101${SQL_QUERY_PATH}`, {
        key: n % 2 === 0 ? 'dev-viewer-key' : 'dev-editor-key',
        headers: { 'x-request-id': `stop-${n}-span-1` },
        body: { query, ...(parked ? { throwContinueWait: true } : {}) },
      }).catch((e: unknown) => e);
    const heavy = (n: number) => `SELECT sum(hash(i)) AS s FROM range(100000000000) t(i) -- ${n}`;
    // One call of a function runs to its end (DuckDB checks for an interrupt only between calls): no interrupt stops it.
    const uninterruptible = "SELECT levenshtein(repeat('a', 100000), repeat('b', 100000)) AS d";
    expect(((await ask(0, uninterruptible, true)) as { json: unknown }).json).toMatchObject({ error: 'Continue wait' });
    for (let n = 1; n < 8; n++)
      expect(((await ask(n, heavy(n), true)) as { json: unknown }).json).toMatchObject({ error: 'Continue wait' });
    const running = [ask(8, heavy(8), false), ask(9, heavy(9), false)];
    signalPlatform(cli, 'SIGTERM');
    // Exit code 0 is the clean stop: the CLI's fallback past its deadline exits 1.
    expect(await exited).toBe(0);
    expect(out).not.toMatch(/Not stopped within/);
    await Promise.all(running);
    expect(fs.existsSync(`/proc/${engine}`)).toBe(false);
  });
});

/**
 * Sends `signal` to the platform's own process: tsx, in between, relays a signal only to a child that reports it
 * within 30 ms, and kills one that does not (exit 143), which a loaded machine makes likely. Elsewhere than Linux, to tsx.
 */
function signalPlatform(cli: ChildProcessByStdio<null, Readable, Readable>, signal: NodeJS.Signals): void {
  const platform = descendants(cli.pid ?? -1).find((pid) => commandOf(pid).includes('local-platform/cli.ts'));
  if (platform === undefined) cli.kill(signal);
  else process.kill(platform, signal);
}

/** The process ids under `pid`, depth first (Linux). */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter((p) => p !== '')
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((c) => [c, ...descendants(c)]);
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
