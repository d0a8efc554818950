/**
 * The Google Sheets sidebar scenario of `npm run test:browser`: the built Sidebar.html at 300 px in Chromium, driven as a user would.
 * Its google.script.run is bridged (JSON only, asynchronous) to the built Code.js in a Node vm over the Apps Script
 * fakes; the user signs in, picks the context, inserts (over a user's cell, which the question names), refreshes,
 * undoes a refresh, then runs Reports > Refresh all. It runs past 300 lines because the scenario's steps share one page,
 * bridge and fake project.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { buildSheets } from '../../scripts/sheets-bundle';
import { createFakeEnvironment, type FakeEnvironment } from '../appsscript/fakes/environment';
import { drainExecution, loadProject } from '../appsscript/helpers/vm-project';
import type { Scenario, ScenarioContext, Servers } from './harness';
import { PreviewPage } from './pane';
import { assert, assertEqual, waitFor } from './wait-for';
import { zonedMinute } from '../../src/ui/zoned-time';
import { walkDialogs } from './dialog-walk';
import { assertInsertStaysInView, buildTotalsReport, distinctCustomers, totalBeside } from './totals-report';
import { sheetsUndoScenario } from './sheets-undo';
import { sheetsCellParameterScenario } from './sheets-cell-parameters';

const EDITOR_KEY = 'dev-editor-key';
const REPORT = { name: 'Orders by status (Sheets)', sql: 'SELECT status, MEASURE(count) AS orders\nFROM orders\nGROUP BY 1\nORDER BY 1' };

const SIDEBAR_URL = 'https://sheets-sidebar.test/Sidebar.html';

/** google.script.run in the page: every server function call goes to the test process as JSON and answers asynchronously. */
const SCRIPT_RUN_SHIM = `(() => {
  const runner = (ok, fail) => new Proxy({}, {
    get(_target, name) {
      if (name === 'withSuccessHandler') return (h) => runner(h, fail);
      if (name === 'withFailureHandler') return (h) => runner(ok, h);
      if (typeof name !== 'string') return undefined;
      return (arg) => {
        window.__scriptRun(name, JSON.stringify(arg === undefined ? null : arg)).then(
          (text) => ok && ok(JSON.parse(text)),
          (e) => fail && fail(new Error(String(e && e.message ? e.message : e))),
        );
      };
    },
  });
  window.google = { script: { run: runner(null, null) } };
})();`;

/** The pane's page helpers over the sidebar: there the whole page is the pane (no preview around it). */
class SidebarPage extends PreviewPage {
  override readonly pane: Locator = this.page.getByRole('main', { name: 'Reports pane' });
}

interface SheetsStory {
  env: FakeEnvironment;
  code: string;
  html: string;
  page: Page;
  outDir: string;
}

function cellText(env: FakeEnvironment, a1: string): string {
  return String(env.book.sheets[0]!.getRange(a1).getValue());
}

/** `ms` as the run log writes a time in Berlin ("2026-12-02 02:10 Europe/Berlin"). */
function berlinMinute(ms: number): string {
  return `${zonedMinute(new Date(ms), 'Europe/Berlin')} Europe/Berlin`;
}

/**
 * The sidebar's run log after S3's two menu runs: newest first, the skipping run's line in the spreadsheet's time zone
 * (its start, or the minute after when the run began across one), and the skipped report named with why.
 */
async function checkRunLog(pane: PreviewPage, skippingRunAt: number, ctx: ScenarioContext): Promise<void> {
  await pane.pane.getByRole('button', { name: /^Run log/ }).click();
  const dialog = pane.page.getByRole('dialog', { name: 'Run log' });
  await dialog.waitFor();
  const runs = dialog.getByRole('list', { name: 'Runs, newest first' }).locator(':scope > li');
  await waitFor('the run log to list both menu runs', async () => (await runs.count()) >= 2, { observe: () => dialog.innerText() });
  const skipping = runs.nth(1);
  const line = await skipping.innerText();
  const minutes = [berlinMinute(skippingRunAt), berlinMinute(skippingRunAt + 60_000)];
  // Berlin is never on UTC: a line with the UTC wall clock would be the browser's zone, not the spreadsheet's.
  const utc = new Date(skippingRunAt).toISOString().slice(11, 16);
  assert(!line.slice(11, 16).startsWith(utc), `The run log shows the UTC time ${utc}: ${line}`);
  assert(
    minutes.some((m) => line.startsWith(`${m}, started by the menu:`)),
    `The run log does not show the skipping run at ${minutes[0]} (spreadsheet time): ${line}`,
  );
  const skipped = await skipping.getByRole('list', { name: 'Skipped' }).innerText();
  assert(
    skipped.includes(REPORT.name) && /edited by hand/.test(skipped),
    `The run log does not say why the report was skipped: ${skipped}`,
  );
  await ctx.screenshot('S3 the run log in the spreadsheet’s time zone, with the skipped report and why');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

export function sheetsSidebarScenarios(page: Page, servers: Servers): Scenario[] {
  let story: SheetsStory | null = null;
  const need = (): SheetsStory => {
    if (!story) throw new Error('the Sheets sidebar did not open');
    return story;
  };
  const ui = (): PreviewPage => new SidebarPage(need().page);

  return [
    {
      name: 'S1 Sheets sidebar (built Sidebar.html, 300 px, google.script.run to the built Code.js): sign in and pick the context',
      run: async () => {
        const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheets-browser-'));
        // The build is given the platform's address under another name (localhost): the sidebar offers it.
        const given = servers.platformUrl.replace('127.0.0.1', 'localhost');
        await buildSheets({ outDir, claspProject: null, tenantUrl: given });
        const code = fs.readFileSync(path.join(outDir, 'Code.js'), 'utf8');
        const html = fs.readFileSync(path.join(outDir, 'Sidebar.html'), 'utf8');
        // The sidebar in the browser reads the real clock ("refreshed just now"): the server's clock starts at the same time.
        const env = createFakeEnvironment({ htmlFiles: new Map([['Sidebar', html]]), fetchCostMs: 50, startMs: Date.now() });
        const sheet = env.book.sheets[0]!;
        env.book.setActiveRange(sheet.getRange('B2'));
        page.on('pageerror', (e) => console.log(`    Sheets sidebar page error: ${e.message}`));
        page.on('console', (m) => {
          if (m.type() === 'error') console.log(`    Sheets sidebar console: ${m.text()}`);
        });
        await page.setViewportSize({ width: 300, height: 900 });
        await page.exposeFunction('__scriptRun', async (name: string, argText: string): Promise<string> => {
          const scope = loadProject(env, code, 'FULL');
          const fn = scope[name];
          if (typeof fn !== 'function') throw new Error(`Script function not found: ${name}`);
          const result = fn(JSON.parse(argText) as unknown);
          // The answer goes back once the execution has ended (its microtasks drained).
          await drainExecution();
          return JSON.stringify(result ?? null);
        });
        await page.addInitScript(SCRIPT_RUN_SHIM);
        // Reports > Open reports: the server hands the sidebar its HTML.
        loadProject(env, code, 'FULL').openReports!();
        assertEqual(env.ui.sidebar?.content, html, 'Open reports did not show the built Sidebar.html');
        // The sidebar's HTML served at an address of its own (Sheets serves it from googleusercontent.com).
        const content = env.ui.sidebar?.content ?? '';
        await page.route(SIDEBAR_URL, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: content }));
        await page.goto(SIDEBAR_URL);
        story = { env, code, html, page, outDir };
        const pane = ui();
        await waitFor('the Tenant URL to be prefilled', async () => (await pane.tenantUrlField().inputValue()) !== '');
        assertEqual(await pane.tenantUrlField().inputValue(), given, 'The Tenant URL is not prefilled with the one the build was given');
        await pane.tenantUrlField().fill(servers.platformUrl);
        await pane.signIn(EDITOR_KEY);
        await pane.chooseOption('Deployment', 'first');
        await pane.chooseOption('Environment', /\bproduction$/);
        await waitFor('"New report" to be enabled', () => pane.button('New report').isEnabled());
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(width <= 300, `The sidebar is ${width} px wide: it scrolls sideways in Sheets' 300 px`);
        assert(![...env.stores.document.data.values()].some((v) => v.includes(EDITOR_KEY)), 'The API key is in the document properties');
        // The list's calls on opening (the placements, the hand-edit check) each reach a server entry point.
        assertEqual(await pane.problemBars().allInnerTexts(), [], 'The sidebar shows an error or warning after signing in');
      },
    },
    {
      name: 'S2 Sheets sidebar: insert a SQL report at the selected cell B2 over a value of the user’s (the question names C3); a value typed over it stops its refresh (Locate, Skip, Overwrite)',
      run: async () => {
        const { env } = need();
        const pane = ui();
        await pane.openNewReport();
        await pane.reportName().fill(REPORT.name);
        await pane.chooseTab('SQL');
        await pane.pane.getByRole('textbox', { name: 'SQL' }).fill(REPORT.sql);
        await waitFor('the pane to say "Insert at Sheet1!B2"', () =>
          pane.pane.getByText('Insert at Sheet1!B2', { exact: true }).isVisible(),
        );
        // A value of the user's in the report's area: the overwrite question names its cell (it crossed google.script.run).
        env.book.sheets[0]!.getRange('C3').setValue('mine');
        await pane.button('Insert').click();
        const ask = pane.page.getByRole('alertdialog', { name: 'Overwrite cells?' });
        await waitFor('the overwrite question', () => ask.isVisible(), { timeoutMs: 60_000 });
        const question = await ask.innerText();
        assert(/would cover a cell that holds data: C3\./.test(question), `The overwrite question does not name C3: ${question}`);
        await ask.getByRole('button', { name: 'Overwrite' }).click();
        const highlighted = pane.highlighted();
        await waitFor(
          'the report to be inserted',
          async () => (await highlighted.count()) > 0 && (await highlighted.innerText()).includes('Inserted'),
          {
            timeoutMs: 60_000,
          },
        );
        const card = await highlighted.innerText();
        assert(/Sheet1!B2:C\d+/.test(card), `The card does not show where the report is: ${card}`);
        assert(/status/i.test(cellText(env, 'B2')), `B2 holds ${cellText(env, 'B2')}, not the header`);
        // A value typed over the report: the refresh stops and names it; Locate selects it, Skip keeps it, Overwrite replaces it.
        env.book.sheets[0]!.getRange('C3').setValue(-1);
        const warning = pane.placement(REPORT.name).locator('[data-outcome="handEdited"]');
        await pane.button(`Refresh ${REPORT.name}`).click();
        await waitFor('the hand-edit warning', async () => (await warning.count()) > 0, { timeoutMs: 60_000 });
        const said = await warning.innerText();
        assert(said.includes('C3'), `The warning does not name C3: ${said}`);
        assertEqual(cellText(env, 'C3'), '-1', 'The stopped refresh wrote over C3');
        // The selection starts elsewhere, so only Locate can put it on C3.
        env.book.setActiveRange(env.book.sheets[0]!.getRange('A1'));
        await warning.getByRole('button', { name: 'Locate', exact: true }).click();
        // The fake's areas are 1-based, as Apps Script's row and column numbers: C3 is row 3, column 3.
        const selected = (): string => JSON.stringify(env.book.activeRangeList.map((r) => r.area));
        await waitFor('Locate to select C3', async () => selected() === JSON.stringify([{ row: 3, col: 3, rows: 1, cols: 1 }]), {
          observe: async () => `${selected()} ${await warning.innerText().catch(() => '')}`,
        });
        // Locate leaves the warning up, its Skip and Overwrite still to choose from, and nothing else to report.
        assert((await warning.count()) > 0, `The warning closed after Locate: ${await pane.placement(REPORT.name).innerText()}`);
        const problems = await ui().problemBars().allInnerTexts();
        assert(
          problems.length === 1 && problems[0]!.includes('C3'),
          `After Locate the sidebar shows more than the warning: ${problems.join(' | ')}`,
        );
        await warning.getByRole('button', { name: 'Skip this report', exact: true }).click();
        await waitFor('the warning to go', async () => (await warning.count()) === 0);
        assertEqual(cellText(env, 'C3'), '-1', 'Skip this report changed C3');
        await pane.button(`Refresh ${REPORT.name}`).click();
        await waitFor('the hand-edit warning again', async () => (await warning.count()) > 0, { timeoutMs: 60_000 });
        await warning.getByRole('button', { name: 'Overwrite', exact: true }).click();
        await waitFor('Overwrite to write the count back into C3', async () => Number(cellText(env, 'C3')) > 0, { timeoutMs: 60_000 });
      },
    },
    {
      name: 'S2b Sheets sidebar: the dialogs (Overwrite, Discard, Move, Place again, Place existing, Remove), Move here and Place here at cells selected in the sheet, the run log and Sign out leave the pane readable and the focus on what stands for the result',
      run: async (ctx) => {
        const { env } = need();
        const sheet = env.book.sheets[0]!;
        await walkDialogs(
          ui(),
          {
            selectTarget: async () => {
              env.book.setActiveRange(sheet.getRange('H2'));
            },
            targetLabel: 'Sheet1!H2',
            typeInTheWay: async () => {
              sheet.getRange('H3').setValue('in the way');
            },
            picker: {
              sheet: 'Sheet1',
              selectCell: async (a1) => {
                env.book.setActiveRange(sheet.getRange(a1));
              },
              screenshot: (label) => ctx.screenshot(`S2b ${label}`),
            },
            // The sidebar's queries run on the server (UrlFetchApp), out of the page's reach: no Refresh all to hold.
            holdsQueries: false,
            signIn: { tenantUrl: servers.platformUrl, apiKey: EDITOR_KEY },
          },
          { name: 'Dialog walk in Sheets', sql: REPORT.sql },
        );
        env.book.setActiveRange(sheet.getRange('B2'));
      },
    },
    {
      name: 'S2c Sheets sidebar: build a table with a totals row at L2: the distinct-customers total equals a direct SQL count; Insert stays in view',
      run: async (ctx) => {
        const { env, page } = need();
        const sheet = env.book.sheets[0]!;
        const pane = ui();
        const name = 'Customers by status with a total (Sheets)';
        await buildTotalsReport(pane, name);
        await assertInsertStaysInView(page, pane);
        env.book.setActiveRange(sheet.getRange('L2'));
        await waitFor('the pane to say "Insert at Sheet1!L2"', () =>
          pane.pane.getByText('Insert at Sheet1!L2', { exact: true }).isVisible(),
        );
        await ctx.screenshot('S2c the builder with a totals row in Sheets');
        await pane.insert();
        const column = (letter: string) => Array.from({ length: 30 }, (_, i) => sheet.getRange(`${letter}${i + 2}`).getValue());
        const total = totalBeside(column('L'), column('M'));
        assertEqual(
          total,
          await distinctCustomers(servers.platformUrl, EDITOR_KEY),
          'The totals row is not the distinct count over all rows',
        );
        // The later scenarios count the workbook's reports: this one leaves with its cells.
        await pane.removeWithCells(name);
        env.book.setActiveRange(sheet.getRange('B2'));
      },
    },
    sheetsUndoScenario(ui, () => need().env),
    sheetsCellParameterScenario(ui, () => need().env, servers),
    {
      name: 'S3 Sheets: Reports > Refresh all with the sidebar open skips a report typed over, then refreshes it; the toast and the run log (in the spreadsheet’s time zone) say so, and the list shows the new time',
      run: async (ctx) => {
        const { env, code, page, outDir } = need();
        // Signed out and in again (S2b), the report placed before needs its owner's confirmation: the menu's run is
        // unattended and would leave it alone. Its card's Confirm confirms it.
        const confirm = ui().pane.getByRole('button', { name: `Confirm ${REPORT.name}` });
        await waitFor(`the card of ${REPORT.name} to offer Confirm`, () => confirm.isVisible());
        await ctx.screenshot('S3 a report that needs confirmation after signing in again');
        await confirm.click();
        await waitFor(`the card of ${REPORT.name} to be confirmed`, async () => !(await confirm.isVisible()));
        const before = await ui().refreshedAt(REPORT.name);
        // A spreadsheet set to Berlin time: the run log shows its times so (the browser's own zone is UTC here).
        env.book.setSpreadsheetTimeZone('Europe/Berlin');
        // A value typed over the report: the menu's run skips it and says so, leaving the cell as typed.
        const count = cellText(env, 'C3');
        env.book.sheets[0]!.getRange('C3').setValue(-2);
        env.execution.advance(5_000);
        const skippingRunAt = env.execution.now();
        loadProject(env, code, 'FULL').refreshAllReports!();
        await drainExecution();
        const skippedToast = env.book.toasts.at(-1)?.msg ?? '';
        assert(
          /1 skipped: cells edited by hand/.test(skippedToast),
          `The Refresh all toast does not say the report was skipped: ${skippedToast}`,
        );
        assertEqual(cellText(env, 'C3'), '-2', 'Refresh all wrote over C3');
        // The cell as the add-in wrote it: the next run refreshes.
        env.book.sheets[0]!.getRange('C3').setValue(Number(count));
        env.execution.advance(5_000);
        loadProject(env, code, 'FULL').refreshAllReports!();
        await drainExecution();
        assertEqual(env.book.toasts.at(-1)?.msg, 'Refreshed 1 report.', 'The Refresh all toast');
        assert(Number(cellText(env, 'C3')) > 0, 'Refresh all did not write C3');
        // Close and reopen the sidebar: it reads the list afresh.
        await page.reload();
        await waitFor('the list to show the newer refresh time', async () => {
          const after = await ui().refreshedAt(REPORT.name);
          return after !== null && after !== before;
        });
        await checkRunLog(ui(), skippingRunAt, ctx);
        // Signed out, the sidebar offers the tenant last signed in to (not the build's name for it).
        await ui().button('Sign out').click();
        await waitFor('the sign-in form after signing out', () => ui().tenantUrlField().isVisible());
        assertEqual(
          await ui().tenantUrlField().inputValue(),
          servers.platformUrl,
          'After sign out the Tenant URL is not the last one used',
        );
        await ctx.screenshot('S3b signed out, the sidebar offers the last Tenant URL');
        env.close();
        fs.rmSync(outDir, { recursive: true, force: true });
      },
    },
  ];
}
