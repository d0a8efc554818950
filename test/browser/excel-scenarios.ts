/**
 * Browser scenarios of the Excel task pane: the built taskpane.html in Chromium, the built Office.js fake served in place
 * of Microsoft's CDN office.js, against the local platform; driven as a user would (sign in, pick the context, insert,
 * refresh), then the ribbon's Refresh all called as Office calls it, with the pane hidden.
 */
import type { Locator, Page } from 'playwright-core';
import { z } from 'zod';
import { buildOfficeFake } from '../../scripts/build-office-fake';
import type { Scenario, Servers } from './harness';
import { assert, assertEqual, waitFor } from './wait-for';
import { walkDialogs } from './dialog-walk';
import { PreviewPage } from './pane';
import { excelCellParameterScenario } from './excel-cell-parameters';
import { footerHeightScenario, paneWidthScenario } from './pane-widths';
import { assertInsertStaysInView, buildTotalsReport, distinctCustomers, totalBeside } from './totals-report';

/** The pane's page helpers over the task pane: there the whole page is the pane. */
class ExcelPane extends PreviewPage {
  override readonly pane: Locator = this.page.getByRole('main', { name: 'Reports pane' });
}

/** Where taskpane.html loads Office.js from (Microsoft's CDN); the test answers it with the fake. */
export const OFFICE_JS_URL = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

const EDITOR_KEY = 'dev-editor-key';
const REPORT = {
  name: 'Nicknames in Excel',
  sql: 'SELECT nickname, MEASURE(count) AS customers\nFROM customers\nWHERE nickname IS NOT NULL\nGROUP BY 1\nORDER BY 1',
};

const cellsSchema = z.object({
  values: z.array(z.array(z.union([z.string(), z.number(), z.boolean()]))),
  formulas: z.array(z.array(z.union([z.string(), z.number(), z.boolean()]))),
});
const commandSchema = z.object({
  completedCalls: z.number(),
  kind: z.string(),
  summary: z.object({ total: z.number(), done: z.number(), failed: z.number(), skipped: z.number() }).nullable(),
  paneShows: z.number(),
});

/** Values and formulas of an A1 range of Sheet1, read through the page's (fake) Excel API. Plain JavaScript text: see pane.ts. */
async function readRange(page: Page, address: string): Promise<z.infer<typeof cellsSchema>> {
  const script = `Excel.run(async (ctx) => {
    const r = ctx.workbook.worksheets.getItem('Sheet1').getRange(${JSON.stringify(address)}).load('values, formulas');
    await ctx.sync();
    return { values: r.values, formulas: r.formulas };
  })`;
  return cellsSchema.parse(await page.evaluate(script));
}

/** The fake workbook's selected areas (0-based rectangles), as Locate and Show changes leave them. */
async function selectedAreas(page: Page): Promise<unknown> {
  return page.evaluate('window.__officeFake.state.selectedAreas');
}

/** A person's action in Excel (the fake's `user` controls), e.g. `select('Sheet1', 'B2')`. */
async function inExcel(page: Page, call: string): Promise<void> {
  await page.evaluate(`window.__officeFake.user.${call}`);
}

export function buildExcelScenarios(page: Page, servers: Servers): Scenario[] {
  const pane = page.getByRole('main', { name: 'Reports pane' });
  const button = (name: string) => pane.getByRole('button', { name, exact: true });
  const card = () => pane.getByRole('listitem', { name: REPORT.name, exact: true });
  const refreshedAt = async (): Promise<string | null> => {
    const times = card().locator('time[datetime]');
    return (await times.count()) === 0 ? null : times.first().getAttribute('datetime');
  };
  let rows = 0;

  /**
   * The editor follows the selection by Workbook.onSelectionChanged: a new selection is read once and shown, and while
   * it stays the pane asks Excel for it no more (the poll, every 1.5 s, is only the fallback of hosts without the event).
   */
  const followsSelection = async (): Promise<void> => {
    const reads = (): Promise<number> => page.evaluate('window.__officeFake.stats.activeCellReads') as Promise<number>;
    await inExcel(page, `select('Sheet1', 'H9')`);
    await waitFor('the pane to say "Insert at Sheet1!H9"', () => pane.getByText('Insert at Sheet1!H9', { exact: true }).isVisible());
    const before = await reads();
    await page.waitForTimeout(4_000);
    assertEqual(await reads(), before, 'The pane kept polling the selection although Excel tells it of every new one');
  };

  return [
    {
      name: 'E1 the task pane opens over the Office.js fake, signs in and picks the production environment',
      run: async () => {
        // Excel opens a task pane about 350 px wide: the pane is driven, and looked at, at that width.
        await page.setViewportSize({ width: 350, height: 900 });
        const fakeScript = buildOfficeFake();
        await page.addInitScript({ content: 'window.__OFFICE_FAKE_CONFIG__ = { sheets: ["Sheet1"] };' });
        await page.route(OFFICE_JS_URL, (route) => route.fulfill({ path: fakeScript, contentType: 'text/javascript' }));
        await page.goto(new URL('taskpane.html', servers.webUrl).toString());
        const tenant = pane.getByRole('textbox', { name: 'Tenant URL' });
        await tenant.waitFor();
        assertEqual(await tenant.inputValue(), servers.platformUrl, 'The Tenant URL field is not prefilled with the local platform');
        await pane.getByLabel('API key').fill(EDITOR_KEY);
        await button('Sign in').click();
        await button('Sign out').waitFor({ timeout: 20_000 });
        for (const [name, option] of [
          ['Deployment', null],
          ['Environment', /\bproduction$/],
        ] as const) {
          const box = pane.getByRole('combobox', { name, exact: true });
          await waitFor(`the "${name}" combobox to be enabled`, () => box.isEnabled());
          await box.click();
          const listbox = page.getByRole('listbox');
          await (option === null ? listbox.getByRole('option').first() : listbox.getByRole('option', { name: option })).click();
        }
        await waitFor('"New report" to be enabled', () => button('New report').isEnabled());
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(width <= 350, `The task pane is ${width} px wide: it scrolls sideways in a 350 px task pane`);
      },
    },
    paneWidthScenario(page, new ExcelPane(page)),
    {
      name: 'E2 insert a SQL report at the selected cell B2 (the editor follows the selection at once): formula-like nicknames arrive as inert text',
      run: async (ctx) => {
        await button('New report').click();
        await pane.getByRole('textbox', { name: 'Report name' }).fill(REPORT.name);
        await pane.getByRole('tab', { name: 'SQL', exact: true }).click();
        await pane.getByRole('textbox', { name: 'SQL' }).fill(REPORT.sql);
        await followsSelection();
        await ctx.screenshot('E2a the editor follows the selection in Excel');
        await inExcel(page, `select('Sheet1', 'B2')`);
        await waitFor('the pane to say "Insert at Sheet1!B2"', () => pane.getByText('Insert at Sheet1!B2', { exact: true }).isVisible());
        await button('Insert').click();
        const inserted = await waitFor(
          'the report to be inserted',
          async () => (await card().count()) > 0 && (await card().innerText()).includes('Inserted') && card().innerText(),
          { timeoutMs: 60_000, observe: () => pane.innerText() },
        );
        const match = /(\d+) rows? × 2 columns/.exec(inserted);
        assert(match, `The card does not say how many rows were inserted: ${inserted}`);
        rows = Number(match[1]);
        const cells = await readRange(page, `B2:C${2 + rows}`);
        assertEqual(cells.values[0], ['nickname', 'customers'], "The report's header is not at B2");
        const names = cells.values.slice(1).map((r) => r[0]);
        for (const risky of ['=cmd|calc', '-dash', '+plus', '@mention'])
          assert(names.includes(risky), `The formula-like nickname ${risky} is not in the cells: ${JSON.stringify(names)}`);
        assertEqual(cells.formulas, cells.values, 'A cell holds a formula instead of inert text');
      },
    },
    footerHeightScenario(page, new ExcelPane(page), REPORT.name),
    {
      name: 'E3 a value typed over the report stops its refresh: the warning names C3, Locate selects it, Skip keeps it, Overwrite puts the count back',
      run: async (ctx) => {
        await inExcel(page, `type('Sheet1', 'C3', 'typed over')`);
        const warning = card().locator('[data-outcome="handEdited"]');
        await button(`Refresh ${REPORT.name}`).click();
        await waitFor('the hand-edit warning', async () => (await warning.count()) > 0, {
          timeoutMs: 60_000,
          observe: () => card().innerText(),
        });
        const said = await warning.innerText();
        assert(said.includes('C3'), `The warning does not name C3: ${said}`);
        assertEqual((await readRange(page, 'C3')).values[0]?.[0], 'typed over', 'The stopped refresh wrote over C3');
        await ctx.screenshot('E3a the hand-edit warning in Excel');
        await warning.getByRole('button', { name: 'Locate', exact: true }).click();
        await waitFor(
          'Locate to select C3',
          async () => JSON.stringify(await selectedAreas(page)) === JSON.stringify([{ row: 2, col: 2, rows: 1, cols: 1 }]),
          {
            observe: async () => JSON.stringify(await selectedAreas(page)),
          },
        );
        await warning.getByRole('button', { name: 'Skip this report', exact: true }).click();
        await waitFor('the warning to go', async () => (await warning.count()) === 0);
        assertEqual((await readRange(page, 'C3')).values[0]?.[0], 'typed over', 'Skip this report changed C3');

        const before = await refreshedAt();
        await button(`Refresh ${REPORT.name}`).click();
        await waitFor('the hand-edit warning again', async () => (await warning.count()) > 0, { timeoutMs: 60_000 });
        await warning.getByRole('button', { name: 'Overwrite', exact: true }).click();
        await waitFor(
          'the refresh to end',
          async () => (await refreshedAt()) !== before && (await button(`Refresh ${REPORT.name}`).isEnabled()),
          {
            timeoutMs: 60_000,
            observe: () => card().innerText(),
          },
        );
        const c3 = (await readRange(page, 'C3')).values[0]?.[0];
        assert(typeof c3 === 'number', `Overwrite did not put the count back in C3: ${JSON.stringify(c3)}`);
      },
    },
    {
      name: 'E3b the dialogs (Overwrite, Discard, Move, Place again, Place existing, Remove), Move here and Place here at cells selected in Excel, Stop and Sign out leave the pane readable and the focus on what stands for the result',
      run: async (ctx) => {
        await walkDialogs(
          new ExcelPane(page),
          {
            selectTarget: () => inExcel(page, `select('Sheet1', 'H2')`),
            targetLabel: 'Sheet1!H2',
            typeInTheWay: () => inExcel(page, `type('Sheet1', 'H3', 'in the way')`),
            picker: {
              sheet: 'Sheet1',
              selectCell: (a1) => inExcel(page, `select('Sheet1', ${JSON.stringify(a1)})`),
              screenshot: (label) => ctx.screenshot(`E3b ${label}`),
            },
            holdsQueries: true,
            signIn: { tenantUrl: servers.platformUrl, apiKey: EDITOR_KEY },
          },
          { name: 'Dialog walk in Excel', sql: 'SELECT status, MEASURE(count) AS orders\nFROM orders\nGROUP BY 1\nORDER BY 1' },
        );
      },
    },
    {
      name: "E4 the ribbon's Refresh all with the pane hidden: the event completes and the pane's list shows the run",
      run: async () => {
        // Signed out and in again (E3b's walk), the reports placed before need their owner's confirmation: the
        // ribbon's run with the pane closed is unattended and would leave them alone. Each card's Confirm confirms it.
        const confirm = pane.getByRole('button', { name: /^Confirm / });
        await waitFor(`the card of ${REPORT.name} to offer Confirm`, async () => (await confirm.count()) > 0);
        while ((await confirm.count()) > 0) {
          const left = await confirm.count();
          await confirm.first().click();
          await waitFor('a card to be confirmed', async () => (await confirm.count()) < left);
        }
        await page.evaluate('window.__officeFake.setPaneVisible(false)');
        const before = await refreshedAt();
        // As Office does for an ExecuteFunction button: calls the function associated with `refreshAll`.
        const outcome = commandSchema.parse(
          await page.evaluate(`window.__officeFake.invokeCommand('refreshAll').then((r) => ({
            completedCalls: r.completedCalls,
            kind: r.returned.kind,
            summary: r.returned.kind === 'done' ? r.returned.summary : null,
            paneShows: window.__officeFake.pane.shows,
          }))`),
        );
        assertEqual(outcome.completedCalls, 1, 'The ribbon command did not call event.completed() exactly once');
        assertEqual(
          [outcome.kind, outcome.summary?.done, outcome.summary?.failed],
          ['done', 1, 0],
          'Refresh all did not refresh the report',
        );
        assertEqual(outcome.paneShows, 0, 'A successful ribbon run opened the pane');
        await waitFor('the pane to list the ribbon run', async () => (await refreshedAt()) !== before, {
          observe: () => card().innerText(),
        });
      },
    },
    {
      name: "E4b the ribbon's Refresh all skips a report with a value typed over it: the cell stays, and the pane opens to say so",
      run: async () => {
        await page.evaluate('window.__officeFake.setPaneVisible(false)');
        await inExcel(page, `type('Sheet1', 'C3', 'typed again')`);
        const outcome = commandSchema.parse(
          await page.evaluate(`window.__officeFake.invokeCommand('refreshAll').then((r) => ({
            completedCalls: r.completedCalls,
            kind: r.returned.kind,
            summary: r.returned.kind === 'done' ? r.returned.summary : null,
            paneShows: window.__officeFake.pane.shows,
          }))`),
        );
        assertEqual(outcome.completedCalls, 1, 'The ribbon command did not call event.completed() exactly once');
        assertEqual(
          [outcome.kind, outcome.summary?.done, outcome.summary?.skipped],
          ['done', 0, 1],
          'Refresh all did not skip the report typed over',
        );
        assert(outcome.paneShows > 0, 'A ribbon run that skipped a report did not open the pane');
        assertEqual((await readRange(page, 'C3')).values[0]?.[0], 'typed again', "The ribbon's Refresh all wrote over C3");
      },
    },
    {
      name: 'E5 build a table with a totals row at P2: the distinct-customers total equals a direct SQL count; Insert stays in view',
      run: async (ctx) => {
        await page.evaluate('window.__officeFake.setPaneVisible(true)');
        const ui = new ExcelPane(page);
        const name = 'Customers by status with a total (Excel)';
        await buildTotalsReport(ui, name);
        await assertInsertStaysInView(page, ui);
        await inExcel(page, `select('Sheet1', 'P2')`);
        await waitFor('the pane to say "Insert at Sheet1!P2"', () => pane.getByText('Insert at Sheet1!P2', { exact: true }).isVisible());
        await ctx.screenshot('E5a the builder with a totals row in Excel');
        await ui.insert();
        const cells = await readRange(page, 'P2:Q30');
        const total = totalBeside(
          cells.values.map((r) => r[0]),
          cells.values.map((r) => r[1]),
        );
        assertEqual(
          total,
          await distinctCustomers(servers.platformUrl, EDITOR_KEY),
          'The totals row is not the distinct count over all rows',
        );
      },
    },
    excelCellParameterScenario(page, servers, new ExcelPane(page)),
  ];
}
