/**
 * Preview scenario for a placement's context on the sheet: the filter summary row above the table and the note on its
 * first cell, both turned on in the editor; the summary names the filter as the card does, the note names the report.
 */
import type { Scenario } from './harness';
import { cellName } from './report-check';
import { areaOf, selectAndConfirmTarget, type Story } from './story';
import { assert, assertEqual, waitFor } from './wait-for';

export const WITH_CONTEXT = 'Orders by status in a picked city, with context';

export function contextScenarios(story: Story): Scenario[] {
  const { ui, wb } = story;
  return [
    {
      name: 'C1 turn on the filter summary and the cell note: the summary names the filter above the table, the note the report',
      run: async (ctx) => {
        const sheet = await ui.addSheet();
        await ui.openNewReport();
        await ui.reportName().fill(WITH_CONTEXT);
        await ui.chooseOption('View', /^Orders/);
        await ui.addField('Status', 'Rows');
        await ui.addField('Count', 'Measures');
        await ui.addField('Customer city', 'Filters');
        const { value: city } = await ui.pickFirstSuggestion('Value 1 for Customer city', 'z');
        await selectAndConfirmTarget(story, sheet, 'B2');
        await ui.insert();
        const placed = await areaOf(story, WITH_CONTEXT);
        assertEqual(await wb.getValue(sheet, 'B2'), 'Status', 'The report does not start at B2');

        await ui.button(`Edit ${WITH_CONTEXT}`).click();
        await waitFor('the editor to load the report', async () => (await ui.reportName().inputValue()) === WITH_CONTEXT);
        await ui.pane.getByRole('switch', { name: 'Filter summary above the table' }).check();
        await waitFor('the summary row above the table', async () => (await wb.getValue(sheet, 'B3')) === 'Status', {
          timeoutMs: 60_000,
        });
        assertEqual(await wb.getValue(sheet, 'B2'), `Customer city: ${city}`, 'The summary row does not name the filter');
        const note = ui.pane.getByRole('switch', { name: 'Note on the first cell' });
        await waitFor('the switches to be ready again', async () => !(await note.isDisabled()));
        await note.check();
        const noted = ui.gridCell(sheet, 'B2');
        await waitFor('the note on B2', async () => ((await noted.getAttribute('aria-description')) ?? '').startsWith('Report '));
        const text = (await noted.getAttribute('aria-description')) ?? '';
        assert(
          new RegExp(`^Report '${WITH_CONTEXT}', refreshed \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}`).test(text),
          `The note does not name the report and its refresh: ${text}`,
        );
        await ui.clickCell(sheet, 'B2');
        await ctx.screenshot('C1a the filter summary row and the note on B2, the switches on');
        await ui.backToReports();
        const area = await areaOf(story, WITH_CONTEXT);
        assertEqual(area.rows, placed.rows + 1, 'The summary row is not part of the placement');
        assertEqual(cellName(area.row, area.col), 'B2', 'The placement does not start at the summary row');
        await ui.gridCell(sheet, 'B2').hover();
        await ctx.screenshot('C1b the list and the note shown on B2');
      },
    },
  ];
}
