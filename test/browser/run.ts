/**
 * `npm run test:browser`: starts `npm start -- --faults` (build, local platform, preview) on free ports, drives Chromium
 * through the scenarios of scenarios.ts, saves a screenshot per scenario under test-results/, and exits non-zero on any failure.
 * E2E_WEB_URL and E2E_PLATFORM_URL point it at servers already running (then nothing is built or started). The scenarios
 * come in two groups, the preview workbook's, the Excel task pane's (over the Office.js fake) and the Google Sheets sidebar's
 * (the built Sidebar.html over the built Code.js in a vm), each in its own page; E2E_GROUPS=excel (or preview, sheets) runs some.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  externalServers,
  launchBrowser,
  resultsDir,
  runScenarios,
  slug,
  startServers,
  type Scenario,
  type ScenarioContext,
  type Servers,
} from './harness';
import { buildExcelScenarios } from './excel-scenarios';
import { excelOfflineScenarios } from './excel-offline';
import { narrowPageScenarios } from './narrow-pages';
import { keyboardInsertScenarios } from './keyboard-insert';
import { buildScenarios } from './scenarios';
import { ServerExitedError } from './server-watch';
import { sheetsSidebarScenarios } from './sheets-sidebar';

/** Hard limit for the whole run (build included): a hung browser or server must not hang CI. */
const RUN_LIMIT_MS = 9 * 60_000;

/** The servers of this run, stopped on every way out (including the time limit and Ctrl-C). */
let current: Servers | null = null;

async function stopAndExit(code: number): Promise<never> {
  await current?.stop().catch(() => undefined);
  process.exit(code);
}

async function servers(): Promise<Servers> {
  const webUrl = process.env.E2E_WEB_URL;
  const platformUrl = process.env.E2E_PLATFORM_URL;
  if (webUrl && platformUrl) return externalServers(webUrl, platformUrl.replace(/\/+$/, ''));
  // E2E_NO_BUILD=1 serves the bundle already in dist/ (a second run after `npm run build` on a busy machine).
  return startServers({ rows: Number(process.env.PLATFORM_ROWS ?? 20000), build: process.env.E2E_NO_BUILD !== '1' });
}

/** E2E_ONLY=1,14 runs only the preview scenarios whose names start with those numbers (the first signs in). */
function onlyChosen(all: Scenario[]): Scenario[] {
  const only = (process.env.E2E_ONLY ?? '').split(',').filter((x) => x !== '');
  return only.length === 0 ? all : all.filter((sc) => only.includes(sc.name.split(' ')[0] ?? ''));
}

async function main(): Promise<number> {
  const started = Date.now();
  fs.rmSync(resultsDir, { recursive: true, force: true });
  fs.mkdirSync(resultsDir, { recursive: true });
  console.log('Starting npm start (build, local platform with faults, preview)...');
  const running = await servers();
  current = running;
  console.log(`  preview ${running.webUrl}, platform ${running.platformUrl} (${Date.now() - started} ms)`);
  let browserHandle: Awaited<ReturnType<typeof launchBrowser>> | null = null;
  const pageErrors: string[] = [];
  try {
    browserHandle = await launchBrowser();
    const context = await browserHandle.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    context.setDefaultTimeout(20_000);
    const groups = (process.env.E2E_GROUPS ?? 'preview,excel,sheets').split(',');
    let shot = 0;
    let failed = 0;
    for (const group of ['preview', 'excel', 'sheets'].filter((g) => groups.includes(g))) {
      const page = await context.newPage();
      page.on('pageerror', (e) => pageErrors.push(`${group}: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') pageErrors.push(`${group} console: ${m.text()}`);
      });
      const make = async (): Promise<ScenarioContext> => ({
        page,
        context,
        servers: running,
        screenshot: async (name: string) => {
          shot += 1;
          await page.screenshot({
            path: path.join(resultsDir, `${String(shot).padStart(2, '0')}-${slug(name)}.png`),
            fullPage: false,
            animations: 'disabled',
          });
        },
      });
      if (group === 'excel') console.log('\nExcel task pane over the Office.js fake:');
      if (group === 'sheets') console.log('\nGoogle Sheets sidebar over the Apps Script fakes:');
      const scenarios =
        group === 'excel'
          ? [...buildExcelScenarios(page, running), ...excelOfflineScenarios(page, running)]
          : group === 'sheets'
            ? sheetsSidebarScenarios(page, running)
            : [
                ...onlyChosen(buildScenarios(page, running)),
                ...keyboardInsertScenarios(page, running),
                ...narrowPageScenarios(page, running),
              ];
      failed += await runScenarios(scenarios, make);
      await page.close();
    }
    if (pageErrors.length > 0) console.log(`\nPage errors and console errors seen:\n  ${pageErrors.slice(0, 20).join('\n  ')}`);
    return failed;
  } finally {
    await browserHandle?.browser.close().catch(() => undefined);
    if (browserHandle) fs.rmSync(browserHandle.userDataDir, { recursive: true, force: true });
    current = null;
    await running.stop();
    console.log(
      `Browser tests took ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${path.relative(process.cwd(), resultsDir) || resultsDir}/`,
    );
  }
}

const limit = setTimeout(() => {
  console.error(`The browser tests did not finish within ${RUN_LIMIT_MS / 60_000} minutes.`);
  void stopAndExit(2);
}, RUN_LIMIT_MS);
limit.unref();
process.once('SIGINT', () => void stopAndExit(130));
process.once('SIGTERM', () => void stopAndExit(143));

main().then(
  (failed) => process.exit(failed > 0 ? 1 : 0),
  (e: unknown) => {
    if (e instanceof ServerExitedError) console.error(`\nStopped: ${e.message}`);
    else console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
