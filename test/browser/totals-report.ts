/**
 * The host groups' report with totals: a builder table of distinct customers by status with a totals row, built in the
 * pane, whose placed total is checked against a direct SQL count; and the builder's footer checked to keep Insert in view.
 */
import type { Page } from 'playwright-core';
import type { PreviewPage } from './pane';
import { queryPlatform } from './platform-sql';
import { assert } from './wait-for';

/** The measure a total cannot be summed from its rows: distinct customers over all statuses. */
export const DISTINCT_CUSTOMERS_SQL = 'SELECT COUNT(DISTINCT customer_id) FROM wh_orders';

/** Builds, in the open pane, a table of Customers count by Status with its totals row switched on (not yet inserted). */
export async function buildTotalsReport(ui: PreviewPage, name: string): Promise<void> {
  await ui.openNewReport();
  await ui.reportName().fill(name);
  await ui.chooseOption('View', /^Orders/);
  await ui.addField('Status', 'Rows');
  await ui.addField('Customers count', 'Measures');
  await ui.pane.getByRole('switch', { name: 'Totals row' }).check();
}

/**
 * At the pane's width and a short window, scrolled to the top of the builder, Insert is on screen: the footer holding it
 * stays at the bottom edge while the builder scrolls under it. The window gets its size back after.
 */
export async function assertInsertStaysInView(page: Page, ui: PreviewPage): Promise<void> {
  const size = page.viewportSize();
  if (size === null) throw new Error('The page has no viewport size.');
  const height = 600;
  await page.setViewportSize({ width: size.width, height });
  try {
    await page.evaluate('window.scrollTo(0, 0)');
    const scrolls = await page.evaluate('document.documentElement.scrollHeight');
    assert(typeof scrolls === 'number' && scrolls > height, `The builder (${String(scrolls)} px) does not scroll at ${height} px`);
    const box = await ui.button('Insert').boundingBox();
    assert(box !== null, 'Insert is not shown');
    assert(box.y >= 0 && box.y + box.height <= height, `Insert is off screen (top ${box.y} px) with the builder scrolled to the top`);
  } finally {
    await page.setViewportSize(size);
  }
}

/** The direct SQL answer for the totals row. */
export async function distinctCustomers(platformUrl: string, apiKey: string): Promise<number> {
  const direct = await queryPlatform(platformUrl, apiKey, DISTINCT_CUSTOMERS_SQL);
  return Number(direct.rows[0]?.[0]);
}

/** The value beside the first "Total" label in `firstColumn` (the first column of the placed table, top to bottom). */
export function totalBeside(firstColumn: readonly unknown[], secondColumn: readonly unknown[]): unknown {
  const at = firstColumn.indexOf('Total');
  assert(at > 0, `The placed table has no Total row: ${JSON.stringify(firstColumn)}`);
  return secondColumn[at];
}
