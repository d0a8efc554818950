/** Browser test harness: starts `npm start`'s servers on free ports, launches Debian's Chromium and runs scenarios in order. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ServerExitedError, ServerWatch } from './server-watch';

export const root = path.resolve(__dirname, '../..');
export const resultsDir = path.join(root, 'test-results');

export interface Servers {
  webUrl: string;
  platformUrl: string;
  /** Settles as `work` does, or rejects with a ServerExitedError (and the servers' last output) when they die first. */
  guard<T>(work: Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/** Servers this run did not start (E2E_WEB_URL): nothing to watch. */
export function externalServers(webUrl: string, platformUrl: string): Servers {
  return { webUrl, platformUrl, guard: (work) => work, stop: async () => undefined };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs `npm start` (build + local platform with faults + preview) exactly as a developer would, on free ports and a fresh data dir. */
export async function startServers(options: { rows?: number; build?: boolean } = {}): Promise<Servers> {
  const port = await freePort();
  const platformPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-e2e-data-'));
  const args = ['start', '--', '--faults'];
  if (options.build === false) args.push('--no-build');
  const child: ChildProcess = spawn('npm', args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PLATFORM_PORT: String(platformPort),
      PLATFORM_DATA_DIR: dataDir,
      PLATFORM_ROWS: String(options.rows ?? 20000),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const watch = new ServerWatch('npm start', child);
  let output = '';
  const urls = await new Promise<{ webUrl: string; platformUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up in 240 s:\n${watch.tail()}`)), 240_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const web = /Preview workbook:\s+(\S+)/.exec(output);
      const platform = /Local platform:\s+(\S+)/.exec(output);
      if (web?.[1] && platform?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        resolve({ webUrl: web[1], platformUrl: platform[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void watch.down.then((e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
  return {
    ...urls,
    guard: (work) => watch.guard(work),
    stop: async () => {
      watch.expectExit();
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        process.kill(-(child.pid ?? 0), 'SIGINT');
      } catch {
        /* already gone */
      }
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000));
      await Promise.race([exited, timeout]);
      if (child.exitCode === null) {
        try {
          process.kill(-(child.pid ?? 0), 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<{ browser: Browser; userDataDir: string }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-e2e-chromium-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return { browser, userDataDir };
}

export interface Scenario {
  name: string;
  run(ctx: ScenarioContext): Promise<void>;
}

export interface ScenarioContext {
  page: Page;
  context: BrowserContext;
  servers: Servers;
  screenshot(name: string): Promise<void>;
}

/** Runs scenarios in order (they tell one story); a failed scenario is reported and the rest still run. */
export async function runScenarios(scenarios: Scenario[], make: () => Promise<ScenarioContext>): Promise<number> {
  let passed = 0;
  let failed = 0;
  const ctx = await make();
  for (const scenario of scenarios) {
    const started = Date.now();
    try {
      await ctx.servers.guard(scenario.run(ctx));
      passed++;
      console.log(`  ✓ ${scenario.name} (${Date.now() - started} ms)`);
    } catch (e) {
      if (e instanceof ServerExitedError) throw e;
      failed++;
      console.log(`  ✗ ${scenario.name}\n    ${(e instanceof Error ? (e.stack ?? e.message) : String(e)).split('\n').join('\n    ')}`);
      await ctx.screenshot(`FAILED-${scenario.name}`).catch(() => undefined);
    }
    await ctx.screenshot(scenario.name).catch(() => undefined);
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed;
}

export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
