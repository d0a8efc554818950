/** The preview story's second part: cancel, the viewer, an orphaned sheet, dark theme, long tasks, columns, the dialogs.
 * One file past 300 lines: the scenarios run in order over one story's state.
 */
import type { Route } from 'playwright-core';
import type { Scalar } from '../../src/core/host';
import type { PreviewWorkbookApi } from '../../src/preview/preview-workbook-api';
import type { Scenario } from './harness';
import { reportNames } from './platform-reports';
import { firstDeployment } from './platform-sql';
import { profiling, startProfile } from './cpu-profile';
import { columnLook, longTasksSoFar, observeSave, startLongTasks, stopLongTasks } from './preview-page-checks';
import { checkReport } from './report-check';
import { assert, assertEqual, waitFor } from './wait-for';
import { walkDialogs } from './dialog-walk';
import {
  EDITOR_KEY,
  VIEWER_KEY,
  BY_STATUS,
  BY_STATUS_AND_CITY,
  BIG,
  BY_NICKNAME,
  TOP_CITIES,
  VIEWER_REPORT,
  reference,
  areaOf,
  selectAndConfirmTarget,
  type Story,
} from './story';

export function lateScenarios(story: Story): Scenario[] {
  const { ui, wb, servers } = story;
  const page = ui.page;
  return [
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
        try {
          await waitFor(
            'the workbook context to come back',
            async () => (await ui.combobox('Environment').inputValue()) === story.environment,
          );

          // Read only up front, before any refresh: the rights are learnt at the first list load, for every card at once.
          for (const name of [BY_STATUS.name, BY_NICKNAME.name, TOP_CITIES.name]) {
            const card = ui.placement(name);
            await waitFor(`the card of "${name}" to say read only`, async () => (await card.innerText()).includes('Read only'));
            assert(await ui.button(`Edit ${name}`).isDisabled(), `Edit of "${name}" is offered to a viewer who cannot edit it`);
          }

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

          // Still read only after the refresh.
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
        } finally {
          // The rest of the story is the editor's again, whatever happened to the viewer's part.
          await ui.home();
          await ui.signOut();
          await ui.signIn(EDITOR_KEY);
          await waitFor(
            'the workbook context to come back',
            async () => (await ui.combobox('Environment').inputValue()) === story.environment,
          );
        }
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
      name: '15 on a sheet of its own, the dialogs (Overwrite, Discard, Move, Place again, Place existing, Remove) and Move here, Place here at cells clicked beside them, Stop, the run log and Sign out leave the pane readable and the focus on what stands for the result',
      run: async (ctx) => {
        // The large workbook of scenario 14 is saved first, so the new sheet is not added while that save runs.
        await wb.saveNow();
        const sheet = await ui.addSheet();
        await walkDialogs(
          ui,
          {
            selectTarget: () => ui.clickCell(sheet, 'B2'),
            targetLabel: `${sheet}!B2`,
            typeInTheWay: () => ui.typeIntoCell(sheet, 'B3', 'in the way'),
            // A click on the grid beside the open dialog: it is not modal, so the sheet takes it.
            picker: { sheet, selectCell: (a1) => ui.clickCell(sheet, a1), screenshot: (label) => ctx.screenshot(`15 ${label}`) },
            holdsQueries: true,
            signIn: { tenantUrl: servers.platformUrl, apiKey: EDITOR_KEY },
          },
          { name: 'Dialog walk', sql: 'SELECT status, MEASURE(count) AS orders\nFROM orders\nGROUP BY 1\nORDER BY 1' },
        );
      },
    },
  ];
}
