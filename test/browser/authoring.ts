/**
 * Preview scenarios for authoring (not yet in the run list): a pivot with totals whose count-distinct grand total equals
 * a direct SQL total, and a text filter whose value is picked from the platform's suggestions.
 */
import type { Scenario } from './harness';
import { queryPlatform } from './platform-sql';
import { cellName } from './report-check';
import { EDITOR_KEY, areaOf, selectAndConfirmTarget, type Story } from './story';
import { assert, assertEqual, waitFor } from './wait-for';

export const PIVOT_WITH_TOTALS = 'Customers by status and category, with totals';
export const PICKED_CITY = 'Orders in a suggested city';

export function authoringScenarios(story: Story): Scenario[] {
  const { ui, wb, servers } = story;
  return [
    {
      name: 'A1 build a pivot with row, column and grand totals: the count-distinct grand total equals a direct SQL total',
      run: async (ctx) => {
        await ui.openNewReport();
        await ui.reportName().fill(PIVOT_WITH_TOTALS);
        await ui.chooseOption('View', /^Orders/);
        await ui.addField('Status', 'Rows');
        await ui.addField('Product category', 'Columns');
        await ui.addField('Customers count', 'Measures');
        for (const name of ['Row totals (a Total column)', 'Column totals (a Total row)', 'Grand total'])
          await ui.pane.getByRole('switch', { name }).check();
        // The preview shows the first rows before Insert.
        await waitFor('the preview table', () => ui.pane.getByRole('table', { name: 'Preview' }).isVisible());
        await selectAndConfirmTarget(story, story.sheet1, 'H2');
        await ctx.screenshot('A1a the pivot with totals before Insert');
        await ui.insert();
        const area = await areaOf(story, PIVOT_WITH_TOTALS);
        const lastRow = area.row + area.rows - 1;
        const lastCol = area.col + area.cols - 1;
        assertEqual(await wb.getValue(area.sheet, cellName(lastRow, area.col)), 'Total', 'The pivot has no Total row');
        assertEqual(await wb.getValue(area.sheet, cellName(area.row + 1, lastCol)), 'Total', 'The pivot has no Total column');
        const direct = await queryPlatform(servers.platformUrl, EDITOR_KEY, 'SELECT COUNT(DISTINCT customer_id) FROM wh_orders');
        const grand = await wb.getValue(area.sheet, cellName(lastRow, lastCol));
        assertEqual(grand, Number(direct.rows[0]?.[0]), 'The grand total is not the distinct count over all rows');
        await ctx.screenshot('A1b the pivot with totals placed');
      },
    },
    {
      name: 'A2 filter by a city picked from the suggested values: the placed count equals a direct SQL count',
      run: async () => {
        // A sheet of its own: the cell stays on screen whatever the reports before it covered.
        const sheet = await ui.addSheet();
        await ui.openNewReport();
        await ui.reportName().fill(PICKED_CITY);
        await ui.chooseOption('View', /^Orders/);
        await ui.addField('Count', 'Measures');
        await ui.addField('Customer city', 'Filters');
        const { box, value: city } = await ui.pickFirstSuggestion('Value 1 for Customer city', 'z');
        assert(city.toLowerCase().includes('z'), `The first suggestion "${city}" does not match the typed "z"`);
        assertEqual(await box.inputValue(), city, 'Picking a suggestion does not fill the value');
        await selectAndConfirmTarget(story, sheet, 'B2');
        await ui.insert();
        const area = await areaOf(story, PICKED_CITY);
        const direct = await queryPlatform(
          servers.platformUrl,
          EDITOR_KEY,
          `SELECT COUNT(*) FROM wh_orders o JOIN wh_customers c ON c.id = o.customer_id WHERE c.city = '${city.replace(/'/g, "''")}'`,
        );
        assertEqual(
          await wb.getValue(area.sheet, cellName(area.row + 1, area.col)),
          Number(direct.rows[0]?.[0]),
          'The filtered count is not the direct count',
        );
      },
    },
  ];
}
