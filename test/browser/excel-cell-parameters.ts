/** The Excel group's cell-bound parameter scenario: a status filter bound to Sheet1!Z1, typed over as a user would. */
import type { Page } from 'playwright-core';
import type { Scenario, Servers } from './harness';
import type { PreviewPage } from './pane';
import { queryPlatform } from './platform-sql';
import { assert, waitFor } from './wait-for';

const EDITOR_KEY = 'dev-editor-key';
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
  const directCount = async (status: string): Promise<number> => {
    const r = await queryPlatform(
      servers.platformUrl,
      EDITOR_KEY,
      `SELECT COUNT(*) FROM wh_orders WHERE status = '${status.replace(/'/g, "''")}'`,
    );
    return Number(r.rows[0]?.[0]);
  };
  /** Waits until Z4:AA4 (the one data row under the header at Z3) is `status` with its direct count. */
  const expectRowOf = async (status: string, what: string): Promise<void> => {
    const count = await directCount(status);
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
      const found = await queryPlatform(servers.platformUrl, EDITOR_KEY, 'SELECT DISTINCT status FROM wh_orders ORDER BY 1');
      const [first, second, typed] = found.rows.map((r) => String(r[0]));
      assert(
        first !== undefined && second !== undefined && typed !== undefined,
        `The warehouse has fewer than three statuses: ${JSON.stringify(found.rows)}`,
      );
      await typeInExcel(page, 'Z1', first);

      await ui.openNewReport();
      await ui.reportName().fill(NAME);
      await ui.chooseOption('View', /^Orders/);
      await ui.addField('Status', 'Rows');
      await ui.addField('Count', 'Measures');
      await ui.addField('Status', 'Filters');
      await ui.pane.getByRole('textbox', { name: 'Value 1 for Status', exact: true }).fill(typed);
      await ui.button('Bind Status to a cell').click();
      await ui.pane.getByRole('textbox', { name: 'Cell for Status', exact: true }).fill(REF);
      await ui.button('Bind Status to this cell').click();
      await waitFor(`the filter to say it is bound to ${REF}`, () => ui.button(`Unbind Status from ${REF}`).isVisible());
      await page.evaluate(`window.__officeFake.user.select('Sheet1', 'Z3')`);
      await waitFor('the pane to say "Insert at Sheet1!Z3"', () => ui.pane.getByText('Insert at Sheet1!Z3', { exact: true }).isVisible());
      await ui.insert();
      await expectRowOf(first, 'After Insert (the cell wins over the typed value)');

      await typeInExcel(page, 'Z1', second);
      await waitFor(
        `the card to say it is out of date because ${REF} changed`,
        async () => {
          const text = await card().innerText();
          return text.includes('Out of date') && text.includes(`${REF} changed`);
        },
        { observe: () => card().innerText() },
      );
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
