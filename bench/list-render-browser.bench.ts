/**
 * The placement list of 200 reports on 8 sheets in the preview, in Chromium: the longest task of each list action.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserClock } from '../src/browser/browser-clock';
import { fetchTransport, type FetchLike } from '../src/browser/fetch-transport';
import { MemoryHost } from '../src/core/memory/memory-host';
import { WorkbookModel } from '../src/core/memory/workbook-model';
import { createAddinService } from '../src/core/service/create-addin-service';
import { serializeWorkbook } from '../src/preview/saved-workbook';
import { WORKBOOK_STORAGE_KEY } from '../src/preview/workbook-store';
import { launchBrowser, resultsDir, startServers, type Servers } from '../test/browser/harness';
import type { Measurement } from './measurement';

const COUNT = 200;
const SHEETS = 8;
const ROUNDS = 3;
/** The page is idle once no long task has started for this long after the action's result shows. */
const QUIET_MS = 400;

/** A workbook of COUNT placements (5 rows each) spread over SHEETS sheets, inserted through the service as the pane would. */
async function seedWorkbook(platformUrl: string): Promise<string> {
  const model = new WorkbookModel({ name: 'Bench' });
  const host = new MemoryHost(model, { mintWorkbookId: () => 'wb-list-bench' });
  const service = createAddinService({
    host,
    transport: fetchTransport(globalThis.fetch as FetchLike),
    clock: browserClock,
    random: Math.random,
    randomBytes: (n) => new Uint8Array(randomBytes(n)),
    defaultTenantUrl: platformUrl,
    timezone: 'UTC',
  });
  await service.signIn({ tenantUrl: platformUrl, apiKey: 'dev-editor-key', authScheme: 'auto' });
  const env = (await service.listEnvironments('101')).find((e) => e.type === 'production');
  if (!env) throw new Error('list-render-browser: no production environment');
  await service.setContext({ deploymentId: '101', environmentId: env.id });
  const first = model.sheets()[0];
  if (first) model.renameSheet(first.id, 'Sheet0');
  for (let s = 1; s < SHEETS; s++) model.addSheet(`Sheet${s}`);
  const sheets = model.sheets();
  for (let i = 0; i < COUNT; i++) {
    const sheet = sheets[i % SHEETS];
    if (!sheet) throw new Error('list-render-browser: missing sheet');
    const row = Math.floor(i / SHEETS) * 8;
    const sqlQuery = `SELECT id, status, amount FROM orders ORDER BY id LIMIT 5`;
    const draft = { name: `Report ${i} of region ${i % SHEETS}`, description: '', mode: 'sql' as const, sqlQuery };
    const target = { sheetId: sheet.id, sheetName: sheet.name, row, col: 0, label: '' };
    await service.insert({ ...draft, jsonQuery: null, pivotItems: null, builderState: null }, target, { jobId: `i${i}`, overwrite: false });
  }
  return serializeWorkbook(model.toJSON(), null);
}

const CARD = 'li[id^="placement-card-"]';

/**
 * Collects the page's long tasks (over 50 ms, as the browser reports them) from before its scripts run, and the time
 * the first card is in the page (the end of the task that rendered it), which splits the page's load from the list's.
 */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  window.__firstCardAt = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_records, observer) => {
    if (document.querySelector('${CARD}') === null) return;
    window.__firstCardAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
`;

type LongTask = { start: number; duration: number };

async function longTasks(page: Page): Promise<LongTask[]> {
  return page.evaluate(() => (window as unknown as { __longTasks: LongTask[] }).__longTasks.slice());
}

/**
 * Waits for `done`, then until no long task has started for QUIET_MS; the longest task that started at `from` or later
 * and before `until` (0 when none passed 50 ms). The waiting asks the page with plain DOM calls only, never by role (a
 * role query walks the whole page in a task of its own, which would be measured).
 */
async function longestUntil(page: Page, from: number, what: string, done: () => Promise<boolean>, until = Infinity): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw await timedOut(page, what);
    await page.waitForTimeout(50);
  }
  for (;;) {
    const now = await page.evaluate(() => performance.now());
    const tasks = (await longTasks(page)).filter((t) => t.start >= from && t.start < until);
    const lastEnd = Math.max(0, ...tasks.map((t) => t.start + t.duration));
    if (now - lastEnd >= QUIET_MS) return Math.max(0, ...tasks.map((t) => t.duration));
    if (Date.now() > deadline) throw new Error(`list-render-browser: the page did not settle after ${what}`);
    await page.waitForTimeout(100);
  }
}

/** The error of a wait that timed out, with what the page showed: its cards in sight and a screenshot in test-results/. */
async function timedOut(page: Page, what: string): Promise<Error> {
  const shot = path.join(resultsDir, 'list-render-browser-timeout.png');
  fs.mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: shot }).catch(() => undefined);
  const cards = await page.evaluate((selector) => document.querySelectorAll(`${selector}:not([hidden])`).length, CARD).catch(() => -1);
  return new Error(`list-render-browser: timed out waiting for ${what} (${cards} cards in sight; the page as it was: ${shot})`);
}

async function measure(page: Page, servers: Servers, saved: string) {
  const pane = page.getByRole('complementary', { name: 'Add-in pane' });
  // The cards in sight: the search hides the cards it leaves out (they stay mounted).
  const cards = () => page.evaluate((selector) => document.querySelectorAll(`${selector}:not([hidden])`).length, CARD);
  const now = () => page.evaluate(() => performance.now());
  await page.goto(servers.webUrl);
  await page.evaluate(([key, text]) => window.localStorage.setItem(key, text), [WORKBOOK_STORAGE_KEY, saved] as const);
  // Signed in once: the session outlives the reload below (the list of a signed-out pane is not the one measured).
  const signIn = pane.getByRole('button', { name: 'Sign in', exact: true });
  // The pane shows one or the other once its bundle ran (on a loaded machine, well after the page's load event).
  await signIn.or(pane.getByRole('searchbox', { name: 'Search reports' })).waitFor();
  if (await signIn.isVisible()) {
    await pane.getByLabel('API key').fill('dev-editor-key');
    await signIn.click();
    await pane.getByRole('button', { name: 'Sign out', exact: true }).waitFor({ timeout: 30_000 });
  }
  await page.reload();
  const listed = async () => (await cards()) === COUNT;
  await longestUntil(page, 0, 'the list', listed);
  const firstCardAt = await page.evaluate(() => (window as unknown as { __firstCardAt: number | null }).__firstCardAt ?? 0);
  const load = await longestUntil(page, 0, 'the list', listed, firstCardAt);
  const open = await longestUntil(page, firstCardAt, 'the list', listed);
  // Each control found before its action's clock starts (the action then uses the element as found).
  const search = await pane.getByRole('searchbox', { name: 'Search reports' }).elementHandle();
  const one = COUNT / SHEETS;
  let t = await now();
  await search.fill('region 3');
  const searchMs = await longestUntil(page, t, 'the search', async () => (await cards()) === one);
  t = await now();
  await search.fill('');
  const clearMs = await longestUntil(page, t, 'the cleared search', listed);
  const toggle = await pane.getByRole('button', { name: `Sheet0 (${one})` }).elementHandle();
  t = await now();
  await toggle.click();
  const collapseMs = await longestUntil(page, t, 'the collapse', async () => (await cards()) === COUNT - one);
  const compact = await pane.getByRole('switch', { name: 'Compact list' }).elementHandle();
  const checked = () => compact.evaluate((el) => (el as HTMLInputElement).checked);
  const was = await checked();
  t = await now();
  await compact.click();
  const compactMs = await longestUntil(page, t, 'the density', async () => (await checked()) !== was);
  return { load, open, search: searchMs, clear: clearMs, collapse: collapseMs, compact: compactMs };
}

export async function run(): Promise<Measurement[]> {
  const servers = await startServers({ rows: 2000, build: process.env['BENCH_NO_BUILD'] !== '1' });
  try {
    const saved = await seedWorkbook(servers.platformUrl);
    const { browser } = await launchBrowser();
    try {
      const longest = { load: 0, open: 0, search: 0, clear: 0, collapse: 0, compact: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        // A fresh context each round: its storage holds only the seeded workbook.
        const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
        context.setDefaultTimeout(30_000);
        await context.addInitScript({ content: OBSERVE_LONG_TASKS });
        const page = await context.newPage();
        // BENCH_TRACE=1: a performance trace of each round in test-results/ (open it in DevTools' Performance panel).
        const trace = process.env['BENCH_TRACE'] === '1' ? path.join(resultsDir, `list-render-browser-${round}.trace.json`) : null;
        if (trace !== null) {
          fs.mkdirSync(resultsDir, { recursive: true });
          await browser.startTracing(page, {
            path: trace,
            categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
          });
        }
        // BENCH_PROFILE=1: a CPU profile of each round in test-results/ (DevTools' Performance panel opens it).
        const cdp = process.env['BENCH_PROFILE'] === '1' ? await context.newCDPSession(page) : null;
        if (cdp !== null) {
          fs.mkdirSync(resultsDir, { recursive: true });
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        const got = await servers.guard(measure(page, servers, saved));
        if (trace !== null) await browser.stopTracing();
        if (cdp !== null) {
          const { profile } = await cdp.send('Profiler.stop');
          fs.writeFileSync(path.join(resultsDir, `list-render-browser-${round}.cpuprofile`), JSON.stringify(profile));
        }
        for (const k of Object.keys(longest) as Array<keyof typeof longest>) longest[k] = Math.max(longest[k], got[k]);
        await context.close();
      }
      const label = `Chromium list of ${COUNT}`;
      return [
        { name: `${label}: page load to the first cards (bundle, first render), longest task`, value: longest.load, unit: 'ms' },
        { name: `${label}: the first cards to ${COUNT} cards, longest task`, value: longest.open, unit: 'ms' },
        { name: `${label}: search keystroke to ${COUNT / SHEETS} cards, longest task`, value: longest.search, unit: 'ms' },
        { name: `${label}: clear the search back to ${COUNT} cards, longest task`, value: longest.clear, unit: 'ms' },
        { name: `${label}: collapse a group, longest task`, value: longest.collapse, unit: 'ms' },
        { name: `${label}: switch the density, longest task`, value: longest.compact, unit: 'ms' },
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await servers.stop();
  }
}
