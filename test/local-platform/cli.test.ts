/** `npm run platform`: the CLI prints its URL and the dev keys (environment overrides included), serves, and stops on SIGINT. */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
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
    cli.kill('SIGINT');
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
    cli.kill(signal);
    expect(await exited).toBe(0);
    await heavy;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
