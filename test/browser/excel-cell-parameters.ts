/** The Excel group's cell-bound parameter scenario: a status filter bound to Sheet1!Z1, typed over as a user would. */
import type { Page } from 'playwright-core';
import type { Scenario, Servers } from './harness';
import type { PreviewPage } from './pane';
import { authorBoundStatusReport, directStatusCount, orderStatuses, waitOutOfDate } from './bound-filter-steps';
import { assert, waitFor } from './wait-for';

const NAME = 'Orders of the status in Z1 (Excel)';
const REF = 'Sheet1!Z1';

/** The value of one Sheet1 cell, read through the page's (fake) Excel API. Plain JavaScript text: see pane.ts. */
async function cellValue(page: Page, address: string): Promise<unknown> {
  return page.evaluate(`Excel.run(async (ctx) => {
    const r = ctx.workbook.worksheets.getItem('Sheet1').getRange(${JSON.stringify(address)}).load('values');
    await ctx.sync();
    return r.values[0][0];
  })`);
}

/** Typing into a Sheet1 cell as the person at the keyboard (the fake's change event says triggerSource 'Unknown'). */
async function typeInExcel(page: Page, address: string, text: string): Promise<void> {
  await page.evaluate(`window.__officeFake.user.type('Sheet1', ${JSON.stringify(address)}, ${JSON.stringify(text)})`);
}

export function excelCellParameterScenario(page: Page, servers: Servers, ui: PreviewPage): Scenario {
  const card = () => ui.placement(NAME);
  /** Waits until Z4:AA4 (the one data row under the header at Z3) is `status` with its direct count. */
  const expectRowOf = async (status: string, what: string): Promise<void> => {
    const count = await directStatusCount(servers, status);
    await waitFor(
      `${what}: Z4:AA4 to be "${status}" with ${count} orders`,
      async () => (await cellValue(page, 'Z4')) === status && (await cellValue(page, 'AA4')) === count,
      { timeoutMs: 60_000, observe: async () => JSON.stringify([await cellValue(page, 'Z4'), await cellValue(page, 'AA4')]) },
    );
  };
  return {
    name: 'E6 a status filter bound to Sheet1!Z1: Insert uses it, typing over Z1 marks the card out of date naming it, Refresh uses the new value',
    run: async (ctx) => {
      await page.evaluate('window.__officeFake.setPaneVisible(true)');
      const statuses = await orderStatuses(servers);
      const [first, second] = statuses;
      assert(first !== undefined && second !== undefined, `The warehouse has fewer than two statuses: ${JSON.stringify(statuses)}`);
      await typeInExcel(page, 'Z1', first);

      await authorBoundStatusReport(ui, NAME, REF, first);
      await page.evaluate(`window.__officeFake.user.select('Sheet1', 'Z3')`);
      await waitFor('the pane to say "Insert at Sheet1!Z3"', () => ui.pane.getByText('Insert at Sheet1!Z3', { exact: true }).isVisible());
      await ui.insert();
      await expectRowOf(first, 'After Insert (the value from the cell)');

      await typeInExcel(page, 'Z1', second);
      await waitOutOfDate(card(), REF);
      await card().scrollIntoViewIfNeeded();
      await ctx.screenshot('E6 the card out of date after Z1 was typed over in Excel');
      await expectRowOf(first, 'Before Refresh');

      const refreshed = await ui.refreshOne(NAME);
      assert(refreshed.ok, `The refresh failed: ${refreshed.ok ? '' : refreshed.message}`);
      await expectRowOf(second, 'After Refresh');
      const after = await card().innerText();
      assert(!after.includes(`${REF} changed`), `The card still says Z1 changed after the refresh: ${after}`);
    },
  };
}
