/** The browser scenarios of `npm run test:browser`, in order: one new user's story from sign-in to the viewer's refused edit. */
import type { Page, Request, Route } from 'playwright-core';
import { z } from 'zod';
import type { Scalar } from '../../src/core/host';
import type { PreviewWorkbookApi } from '../../src/preview/preview-workbook-api';
import type { Scenario, Servers } from './harness';
import { PreviewPage } from './pane';
import { reportNames } from './platform-reports';
import { firstDeployment, queryPlatform } from './platform-sql';
import { PreviewWorkbook } from './preview-workbook';
import { profiling, startProfile } from './cpu-profile';
import { columnLook, longTasksSoFar, observeSave, pageScroll, startLongTasks, stopLongTasks } from './preview-page-checks';
import { cellName, checkReport, expectedCells, parseArea, rangeName, type Area } from './report-check';
import { assert, assertEqual, waitFor } from './wait-for';
import { walkDialogs } from './dialog-walk';

export const EDITOR_KEY = 'dev-editor-key';
export const VIEWER_KEY = 'dev-viewer-key';

/** The reports of the story and the SQL that computes each one straight from the warehouse tables. */
const BY_STATUS = {
  name: 'Orders by status',
  reference: 'SELECT status, COUNT(*) AS orders, SUM(amount) AS total FROM wh_orders GROUP BY status',
  numeric: [1, 2],
};
const BY_STATUS_AND_CITY = {
  reference:
    'SELECT o.status, c.city, COUNT(*) AS orders, SUM(o.amount) AS total FROM wh_orders o LEFT JOIN wh_customers c ON c.id = o.customer_id GROUP BY 1, 2',
  numeric: [2, 3],
};
/**
 * 300,000 rows x 16 columns (numbers and text) from the warehouse's range(): the large report of scenario 14. Its last
 * column is random, so a refresh's write shows in the cells the moment it starts.
 */
const BIG = {
  name: 'Big numbers',
  sql: `SELECT ${Array.from({ length: 15 }, (_, c) => (c % 2 === 0 ? `i * ${c + 1} AS c${c + 1}` : `'t' || i AS c${c + 1}`)).join(', ')}, random() AS c16\nFROM range(300000) r(i)\nORDER BY i\nLIMIT 300000`,
};
/** Customers' nicknames include formula-like text ("=cmd|calc", "-dash", "+plus", "@mention"): cells must keep them as inert text. */
const BY_NICKNAME = {
  name: 'Customers by nickname',
  sql: 'SELECT nickname, MEASURE(count) AS customers\nFROM customers\nWHERE nickname IS NOT NULL\nGROUP BY 1\nORDER BY 1',
  reference: 'SELECT nickname, COUNT(*) AS customers FROM wh_customers WHERE nickname IS NOT NULL GROUP BY 1',
  numeric: [1],
};
const TOP_CITIES = {
  name: 'Top cities',
  sql: 'SELECT customer_city, MEASURE(total_amount) AS city_total\nFROM orders\nGROUP BY 1\nORDER BY 2 DESC\nLIMIT 10',
  reference:
    'SELECT c.city, SUM(o.amount) AS total FROM wh_orders o LEFT JOIN wh_customers c ON c.id = o.customer_id GROUP BY 1 ORDER BY 2 DESC LIMIT 10',
  numeric: [1],
};

/** A builder report placed and removed again in scenario 3b (the later scenarios count three placements). */
/** The report the viewer tries to create in scenario 9. */
const VIEWER_REPORT = 'Customers by nickname (viewer)';
const ON_A_DAY = 'Orders on the busiest day';

const queryBodySchema = z.object({ query: z.string() });

function sameSql(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

/** The SQL text of an intercepted query request, or null. */
function queryOf(route: Route): string | null {
  const body = route.request().postData();
  if (body === null) return null;
  try {
    return queryBodySchema.parse(JSON.parse(body)).query;
  } catch {
    return null;
  }
}

/** Everything the scenarios share (they tell one story, in order). */
interface Story {
  ui: PreviewPage;
  wb: PreviewWorkbook;
  servers: Servers;
  sheet1: string;
  sheet2: string | null;
  /** The environment chosen in scenario 1 (the production one). */
  environment: string;
  /** Cells of the first report as last checked, with where they were. */
  firstCells: { area: Area; values: Scalar[][] } | null;
}

async function reference(story: Story, sql: string, numeric: readonly number[]): Promise<Scalar[][]> {
  return expectedCells((await queryPlatform(story.servers.platformUrl, EDITOR_KEY, sql)).rows, numeric);
}

/** Where the pane says the placement is ("Sheet1!B2:D7"), cross-checked with the workbook's tracked areas. */
async function areaOf(story: Story, name: string): Promise<Area> {
  const text = await story.ui.placement(name).innerText();
  const m = /(\S+![A-Z]+\d+(?::[A-Z]+\d+)?)/.exec(text);
  if (!m?.[1]) throw new Error(`The list item of "${name}" shows no range: ${text}`);
  const tracked = Object.values(await story.wb.trackedAreas());
  assert(tracked.includes(m[1]), `The pane shows ${m[1]} for "${name}" but the workbook tracks ${JSON.stringify(tracked)}`);
  return parseArea(m[1]);
}

async function selectAndConfirmTarget(story: Story, sheet: string, cell: string): Promise<void> {
  await story.ui.clickCell(sheet, cell);
  const label = `Insert at ${sheet}!${cell}`;
  await waitFor(`the pane to say "${label}"`, () => story.ui.pane.getByText(label, { exact: true }).isVisible(), {
    observe: () => story.ui.pane.getByRole('region', { name: 'Insert' }).innerText(),
  });
}

async function placeSqlReport(story: Story, report: { name: string; sql: string }, sheet: string, cell: string): Promise<Area> {
  const { ui } = story;
  await ui.openNewReport();
  await ui.reportName().fill(report.name);
  await ui.chooseTab('SQL');
  await ui.pane.getByRole('textbox', { name: 'SQL' }).fill(report.sql);
  await selectAndConfirmTarget(story, sheet, cell);
  await ui.insert();
  return areaOf(story, report.name);
}

export function buildScenarios(page: Page, servers: Servers): Scenario[] {
  const story: Story = {
    ui: new PreviewPage(page),
    wb: new PreviewWorkbook(page),
    servers,
    sheet1: 'Sheet1',
    sheet2: null,
    environment: 'Production',
    firstCells: null,
  };
  const { ui, wb } = story;

  const scenarios: Scenario[] = [
    {
      name: '1 sign in with the editor key, pick the first deployment and its production environment',
      run: async () => {
        await page.goto(servers.webUrl);
        const tenant = ui.tenantUrlField();
        await tenant.waitFor();
        // The short sign-in screen fits its column: neither the pane nor the page scrolls.
        const scroll = await pageScroll(page);
        assert(
          scroll.pane.scrollHeight === scroll.pane.clientHeight && scroll.page.scrollHeight === scroll.page.clientHeight,
          `The sign-in screen scrolls: ${JSON.stringify(scroll)}`,
        );
        assertEqual(await tenant.inputValue(), servers.platformUrl, 'The Tenant URL field is not prefilled with the local platform');
        await ui.signIn(EDITOR_KEY);
        const expected = await firstDeployment(servers.platformUrl, EDITOR_KEY);
        const deployment = await ui.chooseOption('Deployment', 'first');
        assertEqual(deployment, expected.name, "The first deployment of the list is not the platform's first");
        // Options show the environment type after the name ("Production production").
        const environment = await ui.chooseOption('Environment', /\bproduction$/);
        await waitFor(
          'the pane to show the chosen context',
          async () =>
            (await ui.combobox('Deployment').inputValue()) === expected.name &&
            (await ui.combobox('Environment').inputValue()) === environment,
        );
        story.environment = environment;
        await waitFor('"New report" to be enabled', () => ui.button('New report').isEnabled());
        const sheets = await wb.sheets();
        story.sheet1 = sheets[0] ?? 'Sheet1';
      },
    },
    {
      name: '2 build orders count and total amount by status, insert at B2, every cell equals the platform',
      run: async (ctx) => {
        await ui.openNewReport();
        await ui.reportName().fill(BY_STATUS.name);
        await ui.chooseOption('View', /^Orders/);
        await ui.addField('Status', 'Rows');
        await ui.addField('Count', 'Measures');
        await ui.addField('Total amount', 'Measures');
        await selectAndConfirmTarget(story, story.sheet1, 'B2');
        // No Limit: before Insert the builder says the platform returns at most its default cap.
        const cap = ui.pane.getByText(/No limit set: the platform returns at most 10,000 rows/);
        assert(await cap.isVisible(), 'The builder does not say the 10,000-row default cap when no Limit is set');
        await ctx.screenshot('2a the editor before Insert');
        // A successful insert reads every response to its end: no request is aborted (Chromium logs net::ERR_ABORTED).
        const failedRequests: string[] = [];
        const onFailed = (r: Request): void => void failedRequests.push(`${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`);
        page.on('requestfailed', onFailed);
        const summary = await ui.insert().finally(() => page.off('requestfailed', onFailed));
        assertEqual(failedRequests, [], 'Requests failed during a successful insert');
        const expected = await reference(story, BY_STATUS.reference, BY_STATUS.numeric);
        // The summary counts the data rows (the header row is not one of them).
        assert(
          summary.includes(`${expected.length} rows × 3 columns`),
          `The summary does not say ${expected.length} rows × 3 columns: ${summary}`,
        );
        // Back in the list, the new report highlighted with its outcome; Insert is no longer on screen.
        assertEqual(await ui.highlighted().getAttribute('aria-label'), BY_STATUS.name, 'The new report is not the highlighted card');
        assert(!(await ui.button('Insert').isVisible()), 'The editor is still open after Insert');
        await ctx.screenshot('2b the list after Insert');
        const area = await areaOf(story, BY_STATUS.name);
        assertEqual(area.range, rangeName(2, 2, expected.length + 1, 3), 'The first report is not at B2 with a header row');
        const values = await checkReport(wb, area, { expected });
        // A builder report's header shows the members' titles, as the platform's own add-in does, not the SQL aliases.
        assertEqual(values[0], ['Status', 'Count', 'Total amount'], "The builder report's header is not its members' titles");
        story.firstCells = { area, values };
      },
    },
    {
      name: '3 place a second report in SQL mode on another sheet',
      run: async () => {
        story.sheet2 = await ui.addSheet();
        const area = await placeSqlReport(story, BY_NICKNAME, story.sheet2, 'B3');
        assertEqual(`${area.sheet}!${cellName(area.row, area.col)}`, `${story.sheet2}!B3`, 'The SQL report is not where it was inserted');
        const values = await checkReport(wb, area, { expected: await reference(story, BY_NICKNAME.reference, BY_NICKNAME.numeric) });
        assertEqual(values[0], ['nickname', 'customers'], "The SQL report's header is not its column names as written");
        const firstColumn = values.map((r) => r[0]);
        for (const risky of ['=cmd|calc', '-dash', '+plus', '@mention'])
          assert(
            firstColumn.includes(risky),
            `The formula-like nickname ${risky} is not in the cells as text: ${JSON.stringify(firstColumn)}`,
          );
        // The first report is untouched.
        const first = story.firstCells;
        assert(first !== null, 'scenario 2 did not place the first report');
        assertEqual(
          await wb.getValues(first.area.sheet, first.area.range),
          first.values,
          'The first report changed when the second was placed',
        );
      },
    },
    {
      name: '3b a date filter on a time field matches that whole day; a typo in SQL is said once, at the line the user wrote',
      run: async (ctx) => {
        // The busiest day of the warehouse: equals on that date must count all its orders, not only those at midnight.
        const busiest = await queryPlatform(
          servers.platformUrl,
          EDITOR_KEY,
          "SELECT STRFTIME(CAST(created_at AS DATE), '%Y-%m-%d') AS day, COUNT(*) AS n FROM wh_orders GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
        );
        const [day, n] = busiest.rows[0] ?? [];
        const count = Number(n);
        assert(typeof day === 'string' && count > 0, `No busiest day: ${JSON.stringify(busiest.rows)}`);
        await ui.openNewReport();
        await ui.reportName().fill(ON_A_DAY);
        await ui.chooseOption('View', /^Orders/);
        await ui.addField('Count', 'Measures');
        await ui.addField('Created at', 'Filters');
        await ui.pane.getByRole('textbox', { name: 'Value 1 for Created at', exact: true }).fill(day);
        const sql = await ui.pane.getByRole('textbox', { name: 'Generated SQL', exact: true }).inputValue();
        assert(sql.includes(`>= TIMESTAMP '${day}'`), `The date filter is not the whole day: ${sql}`);
        await selectAndConfirmTarget(story, story.sheet1, 'H2');
        const summary = await ui.insert();
        assert(summary.includes('1 row × 1 column'), `The date-filtered report did not place one value: ${summary}`);
        assertEqual(await wb.getValue(story.sheet1, 'H3'), count, `The count of ${day} is not all of that day's orders`);
        await ui.button(`Remove ${ON_A_DAY}`).click();
        const dialog = ui.page.getByRole('alertdialog', { name: `Remove ${ON_A_DAY}?` });
        await dialog.getByRole('checkbox', { name: 'Also clear its cells' }).check();
        await ui.answerDialog(`Remove ${ON_A_DAY}?`, 'Remove');
        await waitFor(`"${ON_A_DAY}" to leave the list`, async () => (await ui.placement(ON_A_DAY).count()) === 0);

        await ui.openNewReport();
        await ui.reportName().fill('Lifetime value by city');
        await ui.chooseTab('SQL');
        const typo = 'SELECT city, MEASURE(lifetime_value) AS ltv\nFROM customers\nGROUP BY 1\nORDR BY 2';
        await ui.pane.getByRole('textbox', { name: 'SQL' }).fill(typo);
        await ui.button('Insert').click();
        const bar = ui.errorBar('query');
        await bar.waitFor({ timeout: 60_000 });
        const said = await bar.innerText();
        assertEqual(said.match(/The query failed/g)?.length ?? 0, 1, `The query error is not said once: ${said}`);
        assert(said.includes('Line 4 of your SQL: ORDR BY 2'), `The error does not point at the user's line: ${said}`);
        assert(!/SUM\(|LINE 1:/.test(said), `The error shows SQL the user never wrote: ${said}`);
        await bar.scrollIntoViewIfNeeded();
        await ctx.screenshot('3b a query error said once');
        await ui.backToReports();
        assertEqual(await ui.placement('Lifetime value by city').count(), 0, 'The failed report is in the list');
      },
    },
    {
      name: '4 a typed cell below the first report refuses an edit that returns more rows, naming the cell',
      run: async () => {
        const first = story.firstCells;
        assert(first !== null, 'scenario 2 did not place the first report');
        const below = cellName(first.area.row + first.area.rows, first.area.col);
        await ui.typeIntoCell(first.area.sheet, below, 'my note');
        await waitFor(`${below} to hold the typed text`, async () => (await wb.getValue(first.area.sheet, below)) === 'my note');

        await ui.button(`Edit ${BY_STATUS.name}`).click();
        await waitFor('the editor to load the report', async () => (await ui.reportName().inputValue()) === BY_STATUS.name);
        await ui.addField('Customer city', 'Rows');
        await ui.button('Save and refresh').click();
        const bar = ui.errorBar('blocked');
        await bar.waitFor({ timeout: 60_000 });
        const message = await bar.innerText();
        assert(new RegExp(`\\b${below}\\b`).test(message), `The refusal does not name ${below}: ${message}`);
        assertEqual(await wb.getValue(first.area.sheet, below), 'my note', `${below} was overwritten`);
        assertEqual(await wb.getValues(first.area.sheet, first.area.range), first.values, 'The refused refresh changed the report cells');
        // The editor stays open: the screenshot shows the refusal.
        await bar.scrollIntoViewIfNeeded();
      },
    },
    {
      name: '5 the refused edit saved nothing; clear that cell and save the edit again: done, the cells hold the edited report',
      run: async () => {
        const first = story.firstCells;
        assert(first !== null, 'scenario 2 did not place the first report');
        const below = cellName(first.area.row + first.area.rows, first.area.col);
        await ui.clearCell(first.area.sheet, below);
        await waitFor(`${below} to be empty`, async () => (await wb.getValue(first.area.sheet, below)) === null);
        // The platform still has the definition the cells show: a refresh brings back the same cells.
        const outcome = await ui.refreshOne(BY_STATUS.name);
        assert(outcome.ok, `The refresh failed: ${outcome.ok ? '' : outcome.message}`);
        assertEqual(await wb.getValues(first.area.sheet, first.area.range), first.values, 'The refused edit was saved on the platform');
        await ui.button(`Edit ${BY_STATUS.name}`).click();
        await waitFor('the editor to load the report', async () => (await ui.reportName().inputValue()) === BY_STATUS.name);
        await ui.addField('Customer city', 'Rows');
        await ui.button('Save and refresh').click();
        const card = ui.highlighted();
        await waitFor(
          'the edit to be saved and refreshed',
          async () =>
            ((await card.count()) > 0 && (await card.innerText()).includes('Saved and refreshed')) || (await ui.firstProblem()) !== null,
          { timeoutMs: 60_000 },
        );
        const problem = await ui.firstProblem();
        assert(problem === null, `The edit failed: ${problem ?? ''}`);
        const area = await areaOf(story, BY_STATUS.name);
        assertEqual(cellName(area.row, area.col), cellName(first.area.row, first.area.col), 'The report moved');
        const expected = await reference(story, BY_STATUS_AND_CITY.reference, BY_STATUS_AND_CITY.numeric);
        const values = await checkReport(wb, area, { expected });
        assert(
          (await ui.badgeText(BY_STATUS.name)).includes('Up to date'),
          `The list does not say up to date: ${await ui.badgeText(BY_STATUS.name)}`,
        );
        story.firstCells = { area, values };
      },
    },
    {
      name: '6 insert two rows above the first report and refresh: it refreshes where it now is',
      run: async () => {
        const first = story.firstCells;
        assert(first !== null, 'scenario 2 did not place the first report');
        const { area: old } = first;
        await ui.showSheet(old.sheet);
        await ui.goToName(`A${old.row}:A${old.row + 1}`);
        await ui.page.getByRole('toolbar', { name: 'Rows and columns' }).getByRole('button', { name: 'Insert row above' }).click();
        const moved = { ...old, row: old.row + 2, range: rangeName(old.row + 2, old.col, old.rows, old.cols) };
        await waitFor(
          'the report cells to move down by two rows',
          async () => JSON.stringify(await wb.getValues(moved.sheet, moved.range)) === JSON.stringify(first.values),
        );
        const outcome = await ui.refreshOne(BY_STATUS.name);
        assert(outcome.ok, `The refresh failed: ${outcome.ok ? '' : outcome.message}`);
        const area = await areaOf(story, BY_STATUS.name);
        assertEqual(area.range, moved.range, 'The report did not refresh where it now is');
        const values = await checkReport(wb, area, {
          expected: await reference(story, BY_STATUS_AND_CITY.reference, BY_STATUS_AND_CITY.numeric),
        });
        const oldPlace = await wb.getValues(old.sheet, rangeName(old.row, old.col, 2, old.cols));
        assert(
          oldPlace.every((r) => r.every((v) => v === null)),
          `Something was left at the old place: ${JSON.stringify(oldPlace)}`,
        );
        story.firstCells = { area, values };
      },
    },
    {
      name: '7 Refresh all over three placements with one failing: the others succeed, the failure says why, Retry failed succeeds',
      run: async (ctx) => {
        assert(story.sheet2 !== null, 'scenario 3 did not add a sheet');
        const third = await placeSqlReport(story, TOP_CITIES, story.sheet2, 'G3');
        const thirdValues = await checkReport(wb, third, {
          expected: await reference(story, TOP_CITIES.reference, TOP_CITIES.numeric),
          ordered: true,
        });
        const secondArea = await areaOf(story, BY_NICKNAME.name);
        const secondBefore = await ui.refreshedAt(BY_NICKNAME.name);
        const firstBefore = await ui.refreshedAt(BY_STATUS.name);

        let faulted = 0;
        const failOne = async (route: Route) => {
          const sql = queryOf(route);
          if (sql !== null && sameSql(sql, TOP_CITIES.sql)) {
            faulted++;
            await route.continue({ headers: { ...route.request().headers(), 'x-fault': 'error-after-rows=1' } });
          } else await route.continue();
        };
        await page.route('**/svcsql', failOne);
        try {
          await ui.button('Refresh all').click();
          const bar = ui.pane.getByRole('group', { name: 'Refresh all' });
          await waitFor(
            'Refresh all to end with one failure',
            async () => (await ui.button('Retry failed').isVisible()) && (await bar.innerText()).includes('2 of 3 refreshed, 1 failed'),
            {
              timeoutMs: 90_000,
              observe: () => bar.innerText(),
            },
          );
        } finally {
          await page.unroute('**/svcsql', failOne);
        }
        await ctx.screenshot('7a refresh all with one failure');
        assert(faulted >= 1, 'No query of the failing report went through the fault route');
        const failed = await ui.badgeText(TOP_CITIES.name);
        assert(failed.includes('Failed') && failed.includes('Simulated failure'), `The failed item does not show its reason: ${failed}`);
        for (const name of [BY_STATUS.name, BY_NICKNAME.name]) {
          const text = await ui.badgeText(name);
          assert(text.includes('Up to date') && !text.includes('Failed'), `"${name}" did not succeed: ${text}`);
        }
        assert((await ui.refreshedAt(BY_NICKNAME.name)) !== secondBefore, 'The second report was not refreshed');
        assert((await ui.refreshedAt(BY_STATUS.name)) !== firstBefore, 'The first report was not refreshed');
        assertEqual(await wb.getValues(third.sheet, third.range), thirdValues, 'The failed refresh changed the cells of its report');
        await checkReport(wb, secondArea, { expected: await reference(story, BY_NICKNAME.reference, BY_NICKNAME.numeric) });

        const thirdBefore = await ui.refreshedAt(TOP_CITIES.name);
        await ui.button('Retry failed').click();
        const bar = ui.pane.getByRole('group', { name: 'Refresh all' });
        await waitFor(
          'Retry failed to refresh the failed report',
          async () => (await bar.innerText()).includes('1 of 1 refreshed') && (await ui.button('Done').isVisible()),
          {
            timeoutMs: 60_000,
            observe: () => bar.innerText(),
          },
        );
        const retried = await ui.badgeText(TOP_CITIES.name);
        assert(retried.includes('Up to date') && !retried.includes('Failed'), `The retried report is not up to date: ${retried}`);
        await waitFor('the retried report to show a new refresh time', async () => (await ui.refreshedAt(TOP_CITIES.name)) !== thirdBefore);
        await checkReport(wb, await areaOf(story, TOP_CITIES.name), {
          expected: await reference(story, TOP_CITIES.reference, TOP_CITIES.numeric),
          ordered: true,
        });
      },
    },
    {
      name: '8 cancel a long refresh: the previous cells are intact and it says cancelled, not failed',
      run: async (ctx) => {
        const area = await areaOf(story, BY_STATUS.name);
        const before = await wb.getValues(area.sheet, area.range);
        const refreshedBefore = await ui.refreshedAt(BY_STATUS.name);
        let delayed = 0;
        const slow = async (route: Route) => {
          delayed++;
          await route.continue({ headers: { ...route.request().headers(), 'x-fault': 'delay-ms=20000' } });
        };
        await page.route('**/svcsql', slow);
        try {
          await ui.button(`Refresh ${BY_STATUS.name}`).click();
          const cancel = ui.button(`Cancel refresh of ${BY_STATUS.name}`);
          await cancel.waitFor();
          await waitFor('the slow query to be sent', () => delayed > 0);
          assert((await ui.badgeText(BY_STATUS.name)).includes('Refreshing'), 'The item does not say refreshing while it runs');
          await ctx.screenshot('8a refreshing before cancel');
          await cancel.click();
          await ui.button(`Refresh ${BY_STATUS.name}`).waitFor({ timeout: 10_000 });
        } finally {
          await page.unroute('**/svcsql', slow);
        }
        // Said on the report's own card, not at the top of the list.
        const bar = ui.placement(BY_STATUS.name).locator('[data-outcome="cancelled"]');
        await bar.waitFor();
        const said = await bar.innerText();
        assert(/cancel/i.test(said), `The message does not say cancelled: ${said}`);
        assertEqual(await bar.getAttribute('data-intent'), 'info', 'A cancellation is shown as a failure');
        const badge = await ui.badgeText(BY_STATUS.name);
        assert(!badge.includes('Failed'), `The cancelled item is marked failed: ${badge}`);
        assertEqual(await wb.getValues(area.sheet, area.range), before, 'Cancelling changed the cells');
        assertEqual(await ui.refreshedAt(BY_STATUS.name), refreshedBefore, 'A cancelled refresh changed the refresh time');
        for (const action of ['Edit', 'Remove', 'Refresh'])
          await waitFor(
            `"${action} ${BY_STATUS.name}" to be enabled again after the cancel`,
            () => ui.button(`${action} ${BY_STATUS.name}`).isEnabled(),
            { timeoutMs: 5_000 },
          );
      },
    },
    {
      name: '9 sign in as the viewer: refresh works, the report is read only up front, a new report is refused by its name',
      run: async (ctx) => {
        const editorSaved = await wb.savedWorkbook();
        assert(editorSaved !== null, 'The workbook was not saved in browser storage');
        assert(
          !editorSaved.text.includes(EDITOR_KEY),
          `The saved workbook (${editorSaved.medium} ${editorSaved.key}) holds the editor API key`,
        );
        await ui.signOut();
        const leftovers = (await wb.storedEntries()).filter((e) => e.text.includes(EDITOR_KEY));
        assertEqual(
          leftovers.map((e) => `${e.medium} ${e.key}`),
          [],
          'Sign out left the API key in browser storage',
        );
        assertEqual(await ui.tenantUrlField().inputValue(), servers.platformUrl, 'The Tenant URL field is not prefilled after sign out');
        await ui.signIn(VIEWER_KEY);
        await waitFor(
          'the workbook context to come back',
          async () => (await ui.combobox('Environment').inputValue()) === story.environment,
        );

        const area = await areaOf(story, BY_STATUS.name);
        const outcome = await ui.refreshOne(BY_STATUS.name);
        assert(outcome.ok, `The viewer's refresh failed: ${outcome.ok ? '' : outcome.message}`);
        const values = await checkReport(wb, area, {
          expected: await reference(story, BY_STATUS_AND_CITY.reference, BY_STATUS_AND_CITY.numeric),
        });

        const saved = await wb.savedWorkbook();
        assert(saved !== null, 'The workbook was not saved in browser storage');
        for (const key of [EDITOR_KEY, VIEWER_KEY])
          assert(!saved.text.includes(key), `The saved workbook (${saved.medium} ${saved.key}) holds the API key ${key}`);
        assert(saved.text.includes(BY_STATUS.name), 'The saved workbook does not hold the placements');
        for (const name of [BY_STATUS.name, BY_NICKNAME.name, TOP_CITIES.name]) {
          const a = await areaOf(story, name);
          const flags = await wb.flags(a.sheet, a);
          assert(
            flags.formula.every((r) => r.every((f) => !f)),
            `A cell of "${name}" became a formula`,
          );
        }

        // Read only up front: the platform said the viewer cannot edit this report, so Edit is not offered.
        const card = ui.placement(BY_STATUS.name);
        await waitFor('the card to say read only', async () => (await card.innerText()).includes('Read only'));
        assert(await ui.button(`Edit ${BY_STATUS.name}`).isDisabled(), 'Edit is offered to a viewer who cannot edit the report');

        // A new report: refused at Insert, named by its name (never its internal id); New report then says read only.
        await ui.openNewReport();
        await ui.reportName().fill(VIEWER_REPORT);
        await ui.chooseTab('SQL');
        await ui.pane.getByRole('textbox', { name: 'SQL' }).fill(BY_NICKNAME.sql);
        await selectAndConfirmTarget(story, story.sheet1, 'H2');
        await ui.button('Insert').click();
        const bar = ui.errorBar('forbidden');
        await bar.waitFor({ timeout: 30_000 });
        const message = await bar.innerText();
        assert(message.includes(`"${VIEWER_REPORT}"`), `The refusal does not name the report: ${message}`);
        // A publicId is 12 letters and digits mixed.
        const id = /\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{12}\b/;
        assert(!id.test(message), `The refusal names an internal id: ${message}`);
        await bar.scrollIntoViewIfNeeded();
        await ctx.screenshot('9a the viewer refused a new report');
        assertEqual(await wb.getValues(area.sheet, area.range), values, 'The refused insert changed the cells');
        const deployment = await firstDeployment(servers.platformUrl, EDITOR_KEY);
        const names = await reportNames(servers.platformUrl, EDITOR_KEY, deployment.id);
        assert(!names.includes(VIEWER_REPORT), 'The refused report was saved on the platform');
        await ui.backToReports();
        assert(await ui.button('New report').isDisabled(), 'New report is still offered after the platform refused it');
        await ctx.screenshot('9b the viewer sees read only up front');

        // The rest of the story is the editor's again.
        await ui.signOut();
        await ui.signIn(EDITOR_KEY);
        await waitFor(
          'the workbook context to come back',
          async () => (await ui.combobox('Environment').inputValue()) === story.environment,
        );
      },
    },
    {
      name: '10 delete the sheet of the SQL report: the list says orphaned at once, with nothing to refresh or go to',
      run: async () => {
        const sheet = story.sheet2;
        assert(sheet !== null, 'scenario 3 did not add a sheet');
        const others = await areaOf(story, BY_STATUS.name);
        await wb.deleteSheet(sheet);
        // Nothing is clicked in the pane: the list hears of the deleted sheet.
        await waitFor(`"${BY_NICKNAME.name}" to show Orphaned`, async () => /Orphaned/.test(await ui.badgeText(BY_NICKNAME.name)), {
          observe: () => ui.badgeText(BY_NICKNAME.name),
        });
        const text = await ui.badgeText(BY_NICKNAME.name);
        assert(
          text.includes('No cells') && text.includes('Its cells were deleted'),
          `The orphaned item does not say what happened: ${text}`,
        );
        assert(await ui.button(`Refresh ${BY_NICKNAME.name}`).isDisabled(), 'Refresh is offered for a report whose cells were deleted');
        assert(await ui.button(`Go to ${BY_NICKNAME.name}`).isDisabled(), 'Go to is offered for a report whose cells were deleted');
        assert((await ui.pane.locator('[data-kind]').count()) === 0, 'Deleting the sheet put an error bar in the pane');
        assertEqual(await areaOf(story, BY_STATUS.name), others, 'The other report moved when the sheet was deleted');
        await ui.placement(BY_NICKNAME.name).scrollIntoViewIfNeeded();
      },
    },
    {
      name: '11 a dark system theme at 320 px: the pane turns dark with light text, nothing scrolls sideways, every control has a name',
      run: async (ctx) => {
        const { page } = ui;
        await page.emulateMedia({ colorScheme: 'dark' });
        try {
          await waitFor('the pane to follow the dark scheme', async () => (await ui.look()).background < 0.05, {
            observe: () => ui.look(),
          });
          const check = async (view: string): Promise<void> => {
            const look = await ui.look();
            assert(look.text > 0.5, `In ${view} the text is not light on the dark pane: ${JSON.stringify(look)}`);
            assert(look.width <= 321, `The pane is wider than 320 px: ${look.width}`);
            assert(look.overflowX <= 0, `In ${view} the pane's content runs ${look.overflowX} px past its width`);
            const unnamed = await ui.unnamedControls();
            assert(unnamed.length === 0, `In ${view} these controls have no accessible name:\n${unnamed.join('\n')}`);
          };
          await check('the list');
          await ctx.screenshot('11a dark list');
          await ui.openNewReport();
          await check('the editor');
          await ctx.screenshot('11b dark editor');
          await ui.backToReports();
        } finally {
          await page.emulateMedia({ colorScheme: 'light' });
        }
      },
    },
    {
      name: '12 saving a 100,000 x 16 sheet does not freeze the page: no main-thread task over 200 ms until it is written',
      run: async () => {
        const sheet = 'Save check';
        try {
          const seen = await observeSave(page, sheet, 100_000, 16);
          assert(seen.saved, 'The workbook was not saved');
          assert(seen.elapsedMs > 100, `The check did not wait for the write-behind save (${Math.round(seen.elapsedMs)} ms)`);
          if (seen.supported) {
            const long = seen.longTasks.filter((ms) => ms > 200);
            assert(
              long.length === 0,
              `Saving froze the page: tasks of ${long.join(', ')} ms (all long tasks: ${seen.longTasks.join(', ')})`,
            );
          }
        } finally {
          await wb.deleteSheet(sheet).catch(() => undefined);
        }
      },
    },
    {
      name: '13 columns: long text runs on into its empty neighbour, a double-click on the border fits the column, a drag resizes it',
      run: async (ctx) => {
        const sheet = 'Columns';
        const text = 'Product category of the longest order line';
        await page.evaluate(
          ([name, t]) => {
            const api = (window as unknown as { previewWorkbook: PreviewWorkbookApi }).previewWorkbook;
            api.addSheet(name);
            api.setValues(name, 'A1', [[t], [t, 'blocks'], ['Books']]);
            api.select(name, 'A3');
          },
          [sheet, text] as const,
        );
        try {
          const before = await columnLook(page, sheet);
          assert(before.span >= 2, `The long text does not run on into the empty B1: ${JSON.stringify(before)}`);
          assert(before.textWidth <= before.room + 1, `The run-on text is cut: ${JSON.stringify(before)}`);
          await page.locator('[data-resize-col="0"]').dblclick();
          await waitFor('column A to fit its text', async () => (await columnLook(page, sheet)).width > 100, {
            observe: () => columnLook(page, sheet),
          });
          const fitted = await columnLook(page, sheet);
          assert(
            fitted.span === 1 && fitted.textWidth <= fitted.room + 1,
            `The fitted column does not show its text: ${JSON.stringify(fitted)}`,
          );
          await ctx.screenshot('13a column fitted');
          const handle = await page.locator('[data-resize-col="0"]').boundingBox();
          assert(handle !== null, 'Column A has no resize handle');
          await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
          await page.mouse.down();
          await page.mouse.move(handle.x + handle.width / 2 - 60, handle.y + handle.height / 2, { steps: 4 });
          await page.mouse.up();
          assertEqual((await columnLook(page, sheet)).width, fitted.width - 60, 'Dragging the border did not resize column A');
        } finally {
          await wb.deleteSheet(sheet).catch(() => undefined);
        }
      },
    },
    {
      name: '14 a 300,000 x 16 report: its refresh (from its click) and its clear never block the page over 200 ms; Cancel stops a write within a second',
      run: async () => {
        const sheet = await ui.addSheet();
        await ui.openNewReport();
        await ui.reportName().fill(BIG.name);
        await ui.chooseTab('SQL');
        await ui.pane.getByRole('textbox', { name: 'SQL' }).fill(BIG.sql);
        await selectAndConfirmTarget(story, sheet, 'A1');
        await ui.button('Insert').click();
        await waitFor(
          'the big report to be inserted',
          async () => (await ui.highlighted().count()) > 0 || (await ui.firstProblem()) !== null,
          {
            timeoutMs: 240_000,
          },
        );
        const problem = await ui.firstProblem();
        assert(problem === null, `The big insert failed: ${problem ?? ''}`);

        // The refresh: long tasks from its click (streaming and typing the result, planning, snapshot, write) until it ends.
        const writeStarted = async (before: Scalar): Promise<boolean> => (await wb.getValue(sheet, 'P2')) !== before;
        const supported = await startLongTasks(page);
        let before = await wb.getValue(sheet, 'P2');
        const stopProfile = await startProfile(page, '14-refresh');
        await ui.button(`Refresh ${BIG.name}`).click();
        await waitFor('the big refresh to start writing', () => writeStarted(before), { timeoutMs: 240_000, intervalMs: 5 });
        const beforeWrite = await longTasksSoFar(page);
        if (profiling()) await page.evaluate(() => console.timeStamp('first write seen'));
        await waitFor('the big refresh to end', () => ui.button(`Refresh ${BIG.name}`).isVisible(), { timeoutMs: 240_000 });
        await stopProfile();
        const refreshTasks = await stopLongTasks(page);
        // Asserted: the whole refresh, from its click. Logged apart: before the first write (streaming, typing, snapshot,
        // restyle, planning; the insert's write-behind save too) and while it writes.
        console.log(
          `    refresh of 300,000 x 16: long tasks (over 50 ms) before the first write ${JSON.stringify(refreshTasks.slice(0, beforeWrite))} ms, while it writes ${JSON.stringify(refreshTasks.slice(beforeWrite))} ms${supported ? '' : ' (not reported by this browser)'}`,
        );

        // Cancel once the write has started: the click is handled and the refresh stops within a second, the cells as they were.
        const cellsBefore = await wb.getValues(sheet, 'A1:P3');
        before = await wb.getValue(sheet, 'P2');
        await ui.button(`Refresh ${BIG.name}`).click();
        await waitFor('the big refresh to start writing', () => writeStarted(before), { timeoutMs: 240_000, intervalMs: 5 });
        const t0 = Date.now();
        await ui.button(`Cancel refresh of ${BIG.name}`).click({ timeout: 5_000 });
        await ui.button(`Refresh ${BIG.name}`).waitFor({ timeout: 60_000 });
        const cancelMs = Date.now() - t0;
        console.log(`    cancel during the write: ${cancelMs} ms from the click to the refresh stopped`);
        assertEqual(await wb.getValues(sheet, 'A1:P3'), cellsBefore, 'The cancelled refresh changed the cells');

        // Remove with "Also clear its cells": long tasks while it clears.
        await ui.button(`Remove ${BIG.name}`).click();
        const dialog = ui.page.getByRole('alertdialog', { name: `Remove ${BIG.name}?` });
        await dialog.getByRole('checkbox', { name: 'Also clear its cells' }).check();
        await startLongTasks(page);
        await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
        await waitFor('the big report to be removed', async () => (await ui.placement(BIG.name).count()) === 0, { timeoutMs: 120_000 });
        await waitFor('its last cell to be cleared', async () => (await wb.getValue(sheet, 'P300001')) === null, { timeoutMs: 120_000 });
        const clearTasks = await stopLongTasks(page);
        console.log(`    remove and clear 300,000 x 16: long tasks (over 50 ms) ${JSON.stringify(clearTasks)} ms`);
        await wb.deleteSheet(sheet).catch(() => undefined);
        if (supported) {
          const long = [...refreshTasks, ...clearTasks].filter((ms) => ms > 200);
          assert(long.length === 0, `Refreshing or clearing froze the page: tasks of ${long.join(', ')} ms`);
        }
        assert(cancelMs < 1_000, `Cancel took ${cancelMs} ms to stop the write`);
      },
    },
    {
      name: '15 on a sheet of its own, the dialogs (Overwrite cancelled and accepted, Discard, Remove) each leave the pane readable by role',
      run: async () => {
        const sheet = await ui.addSheet();
        await walkDialogs(
          ui,
          {
            selectTarget: () => ui.clickCell(sheet, 'B2'),
            targetLabel: `${sheet}!B2`,
            typeInTheWay: () => ui.typeIntoCell(sheet, 'B3', 'in the way'),
          },
          { name: 'Dialog walk', sql: 'SELECT status, MEASURE(count) AS orders\nFROM orders\nGROUP BY 1\nORDER BY 1' },
        );
      },
    },
  ];
  // Each scenario starts from the list, as the previous one (even a failed one) may have left the editor open.
  return scenarios.map((scenario) => ({
    name: scenario.name,
    run: async (ctx) => {
      await ui.home();
      await scenario.run(ctx);
    },
  }));
}
