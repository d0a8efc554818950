/** Steps the three groups' cell-bound parameter scenarios share: the warehouse's statuses and counts, the bound report, the out-of-date card. */
import type { Locator } from 'playwright-core';
import type { Servers } from './harness';
import type { PreviewPage } from './pane';
import { queryPlatform } from './platform-sql';
import { waitFor } from './wait-for';

const EDITOR_KEY = 'dev-editor-key';

/** The warehouse's order statuses, in order. */
export async function orderStatuses(servers: Servers): Promise<string[]> {
  const found = await queryPlatform(servers.platformUrl, EDITOR_KEY, 'SELECT DISTINCT status FROM wh_orders ORDER BY 1');
  return found.rows.map((r) => String(r[0]));
}

/** The count of orders with `status`, straight from the warehouse. */
export async function directStatusCount(servers: Servers, status: string): Promise<number> {
  const sql = `SELECT COUNT(*) FROM wh_orders WHERE status = '${status.replace(/'/g, "''")}'`;
  const r = await queryPlatform(servers.platformUrl, EDITOR_KEY, sql);
  return Number(r.rows[0]?.[0]);
}

/**
 * Authors "Status by Count, filtered on Status" named `name` with the filter bound to `ref`, which holds `held`, and
 * nothing typed in the filter's value box (a bound filter takes its value from its cell): waits for the filter to say
 * it is bound, its value box to show the cell's value, and the live preview to show that status's row alone.
 */
export async function authorBoundStatusReport(ui: PreviewPage, name: string, ref: string, held: string): Promise<void> {
  await ui.openNewReport();
  await ui.reportName().fill(name);
  await ui.chooseOption('View', /^Orders/);
  await ui.addField('Status', 'Rows');
  await ui.addField('Count', 'Measures');
  await ui.addField('Status', 'Filters');
  await ui.button('Bind Status to a cell').click();
  await ui.pane.getByRole('textbox', { name: 'Cell for Status', exact: true }).fill(ref);
  await ui.button('Bind Status to this cell').click();
  await waitFor(`the filter to say it is bound to ${ref}`, () => ui.button(`Unbind Status from ${ref}`).isVisible());
  const box = ui.pane.getByRole('textbox', { name: 'Value 1 for Status', exact: true });
  await waitFor(`the value box to show what ${ref} holds ("${held}")`, async () => (await box.inputValue()) === held, {
    observe: () => box.inputValue(),
  });
  const preview = ui.pane.getByRole('table', { name: 'Preview', exact: true });
  await waitFor(
    `the live preview to show the row of "${held}" alone`,
    async () =>
      (await preview.count()) === 1 &&
      (await preview.getByRole('row').count()) === 2 &&
      (await preview.getByRole('cell', { name: held, exact: true }).count()) === 1,
    { timeoutMs: 30_000, observe: async () => ((await preview.count()) === 1 ? preview.innerText() : 'no preview table') },
  );
}

/** Waits until the card says it is out of date because `ref` changed. */
export async function waitOutOfDate(card: Locator, ref: string, timeoutMs?: number): Promise<void> {
  await waitFor(
    `the card to say it is out of date because ${ref} changed`,
    async () => {
      const text = await card.innerText();
      return text.includes('Out of date') && text.includes(`${ref} changed`);
    },
    { ...(timeoutMs === undefined ? {} : { timeoutMs }), observe: () => card.innerText() },
  );
}
