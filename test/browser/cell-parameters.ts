/** The preview group's cell-bound parameter scenarios: a filter bound to a cell, the card out of date, and the refresh. */
import type { Scenario } from './harness';
import { authorBoundStatusReport, directStatusCount, orderStatuses, waitOutOfDate } from './bound-filter-steps';
import { cellName } from './report-check';
import { areaOf, selectAndConfirmTarget, type Story } from './story';
import { assert, assertEqual, waitFor } from './wait-for';

export const BY_BOUND_STATUS = 'Orders of the status in a cell';
const INPUT_CELL = 'A1';

/** Scenarios to run after the story's first part (a signed-in pane with a context); each starts from the list. */
export function cellParameterScenarios(story: Story): Scenario[] {
  const { ui, wb, servers } = story;
  const card = () => ui.placement(BY_BOUND_STATUS);
  let sheet: string | null = null;
  let statuses: string[] = [];

  /** Waits until the placed rows are the one row of `status` with its direct count. */
  const expectRowsOf = async (status: string, what: string): Promise<void> => {
    const area = await areaOf(story, BY_BOUND_STATUS);
    const count = await directStatusCount(servers, status);
    const first = cellName(area.row + 1, area.col);
    const second = cellName(area.row + 1, area.col + 1);
    await waitFor(
      `${what}: the placed row to be "${status}" with ${count} orders`,
      async () => (await wb.getValue(area.sheet, first)) === status && (await wb.getValue(area.sheet, second)) === count,
      { timeoutMs: 60_000, observe: async () => JSON.stringify(await wb.getValues(area.sheet, `${first}:${second}`)) },
    );
  };

  return [
    {
      name: 'B1 a filter bound to a cell: Insert uses its value, typing another marks the card out of date naming the cell, Refresh uses the new one',
      run: async (ctx) => {
        statuses = await orderStatuses(servers);
        assert(statuses.length >= 4, `The warehouse has fewer than four statuses: ${JSON.stringify(statuses)}`);
        const [first, second] = statuses;
        assert(first !== undefined && second !== undefined, 'No statuses');

        sheet = await ui.addSheet();
        await ui.typeIntoCell(sheet, INPUT_CELL, first);
        await waitFor(`${INPUT_CELL} to hold "${first}"`, async () => (await wb.getValue(sheet ?? '', INPUT_CELL)) === first);
        const ref = `${sheet}!${INPUT_CELL}`;

        await authorBoundStatusReport(ui, BY_BOUND_STATUS, ref, first);
        await selectAndConfirmTarget(story, sheet, 'C2');
        await ui.insert();
        await expectRowsOf(first, 'After Insert');
        const lines = card().getByRole('list', { name: `Parameters of ${BY_BOUND_STATUS}`, exact: true });
        const said = await lines.innerText();
        assert(said.includes(`From ${ref} = ${first}`), `The card does not show the bound cell and its value: ${said}`);

        await ui.typeIntoCell(sheet, INPUT_CELL, second);
        await waitOutOfDate(card(), ref);
        await card().scrollIntoViewIfNeeded();
        await ctx.screenshot('B1 the card out of date after its bound cell changed');
        await expectRowsOf(first, 'Before Refresh (the switch is off)');

        const refreshed = await ui.refreshOne(BY_BOUND_STATUS);
        assert(refreshed.ok, `The refresh failed: ${refreshed.ok ? '' : refreshed.message}`);
        await expectRowsOf(second, 'After Refresh');
        const after = await card().innerText();
        assert(!after.includes(`${ref} changed`), `The card still says the cell changed after the refresh: ${after}`);
        assert(after.includes(`From ${ref} = ${second}`), `The card does not show the new value: ${after}`);
      },
    },
    {
      name: 'B2 with "Refresh when a parameter changes" on, typing into the bound cell refreshes the report without a click',
      run: async (ctx) => {
        assert(sheet !== null, 'Scenario B1 did not place the report');
        const third = statuses[2];
        assert(third !== undefined, 'No third status');
        const s = sheet;
        const toggle = card().getByRole('switch', { name: 'Refresh when a parameter changes', exact: true });
        await toggle.check();
        assertEqual(await toggle.isChecked(), true, 'The switch did not turn on');
        await ui.typeIntoCell(s, INPUT_CELL, third);
        await expectRowsOf(third, 'After typing into the bound cell with the switch on');
        await waitFor(
          'the card to show the new value as used',
          async () => (await card().innerText()).includes(`From ${s}!${INPUT_CELL} = ${third}`),
          { timeoutMs: 30_000, observe: () => card().innerText() },
        );
        await card().scrollIntoViewIfNeeded();
        await ctx.screenshot('B2 refreshed on its own after the bound cell changed');
        await toggle.uncheck();
      },
    },
  ];
}
