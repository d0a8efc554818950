/** The preview story's first part: sign in, reports checked cell by cell, blocked edits, rows inserted above, Refresh all.
 * One file past 300 lines: the scenarios run in order over one story's state.
 */
import type { Request, Route } from 'playwright-core';
import type { Scenario } from './harness';

import { firstDeployment, queryPlatform } from './platform-sql';
import { watchNetwork } from './network-watch';
import { pageScroll } from './preview-page-checks';
import { cellName, checkReport, rangeName } from './report-check';
import { waitFocusOn } from './focus-checks';
import { assert, assertEqual, waitFor } from './wait-for';
import {
  EDITOR_KEY,
  BY_STATUS,
  BY_STATUS_AND_CITY,
  BY_NICKNAME,
  TOP_CITIES,
  ON_A_DAY,
  sameSql,
  queryOf,
  reference,
  areaOf,
  selectAndConfirmTarget,
  placeSqlReport,
  type Story,
} from './story';

/** The context picker's listings (deployments, a deployment's environments): the list fetches them when it mounts. */
function isContextListing(url: string): boolean {
  return /\/deployments(\/[^/]+\/environments)?$/.test(new URL(url).pathname);
}
export function earlyScenarios(story: Story): Scenario[] {
  const { ui, wb, servers } = story;
  const page = ui.page;
  return [
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
        // A successful insert reads every response of its own to its end: the metadata, the upsert, the query stream
        // and connect-workbook are never left unanswered. The add-in retries its idempotent calls after a network
        // failure, so a request the browser ended (net::ERR_ABORTED and co.) must be followed by the same request
        // answered 2xx; the network log says why it ended. The list's context picker, mounted again when the list
        // comes back, is not part of the insert; the list must still come back without an error.
        const ended: { key: string; at: number; why: string }[] = [];
        const answered = new Map<string, number>();
        const pending: Promise<void>[] = [];
        let events = 0;
        const keyOf = (r: Request): string => `${r.method()} ${r.url()}`;
        const onFailed = (r: Request): void => {
          events += 1;
          if (isContextListing(r.url())) {
            console.log(`    note: the context picker's ${r.method()} ${new URL(r.url()).pathname} ended ${r.failure()?.errorText ?? ''}`);
            return;
          }
          ended.push({ key: keyOf(r), at: events, why: r.failure()?.errorText ?? '' });
        };
        const onFinished = (r: Request): void => {
          events += 1;
          const at = events;
          pending.push(
            r.response().then((res) => {
              if (res !== null && res.ok()) answered.set(keyOf(r), at);
            }),
          );
        };
        page.on('requestfailed', onFailed);
        page.on('requestfinished', onFinished);
        const network = await watchNetwork(page);
        const summary = await ui.insert().finally(() => {
          page.off('requestfailed', onFailed);
          page.off('requestfinished', onFinished);
        });
        const seen = await network.stop();
        await Promise.all(pending);
        if (ended.length > 0) {
          console.log(`    the insert's summary: ${summary}; problem bars: ${await ui.problemBars().count()}`);
          console.log(`    network log of the insert:\n${seen.map((l) => `      ${l}`).join('\n')}`);
        }
        const unanswered = ended.filter((e) => (answered.get(e.key) ?? 0) < e.at).map((e) => `${e.key} ${e.why}`);
        assertEqual(unanswered, [], 'Requests of a successful insert ended without an answer and were not retried to one');
        for (const e of ended) console.log(`    note: ${e.key} ended ${e.why}; the add-in's retry was answered`);
        // Whatever became of the picker's own listing, the list came back without an error to show.
        await ui.combobox('Environment').waitFor();
        assertEqual(await ui.problemBars().count(), 0, 'The list shows an error or warning after a successful insert');
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
      name: '7 Refresh all over three placements with one failing: the others succeed, the failure says why, Refresh failed succeeds',
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
            async () => (await ui.button('Refresh failed').isVisible()) && (await bar.innerText()).includes('2 of 3 refreshed, 1 failed'),
            {
              timeoutMs: 90_000,
              observe: () => bar.innerText(),
            },
          );
        } finally {
          await page.unroute('**/svcsql', failOne);
        }
        await ctx.screenshot('7a refresh all with one failure');
        // Refresh all turned disabled as its run went: the focus went to Stop, then to the ended run's first button.
        await waitFocusOn(page, ui.button('Refresh failed'), 'Refresh all ended with a failure');
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
        await ui.button('Refresh failed').click();
        const bar = ui.pane.getByRole('group', { name: 'Refresh all' });
        await waitFor(
          'Refresh failed to refresh the failed report',
          async () => (await bar.innerText()).includes('1 of 1 refreshed') && (await ui.button('Done').isVisible()),
          {
            timeoutMs: 60_000,
            observe: () => bar.innerText(),
          },
        );
        await waitFocusOn(page, ui.button('Done'), 'Refresh failed (its button left as the run started; Stop left as it ended)');
        const retried = await ui.badgeText(TOP_CITIES.name);
        assert(retried.includes('Up to date') && !retried.includes('Failed'), `The retried report is not up to date: ${retried}`);
        await waitFor('the retried report to show a new refresh time', async () => (await ui.refreshedAt(TOP_CITIES.name)) !== thirdBefore);
        await checkReport(wb, await areaOf(story, TOP_CITIES.name), {
          expected: await reference(story, TOP_CITIES.reference, TOP_CITIES.numeric),
          ordered: true,
        });
      },
    },
  ];
}
