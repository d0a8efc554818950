/** Sheets sidebar scenario S2e: a status filter bound to Sheet1!Z1; the sidebar's check on focus sees Z1 typed over. */
import type { FakeEnvironment } from '../appsscript/fakes/environment';
import type { Scenario, Servers } from './harness';
import type { PreviewPage } from './pane';
import { authorBoundStatusReport, directStatusCount, orderStatuses, waitOutOfDate } from './bound-filter-steps';
import { assert, waitFor } from './wait-for';

const NAME = 'Orders of the status in Z1 (Sheets)';
const REF = 'Sheet1!Z1';
/** Where the report goes: right of the other scenarios' reports (B2, H2, L2, P2), its header and one row. */
const ANCHOR = 'Z3';

/** The scenario; `ui` and `env` are the sidebar's page helpers and the fake project of the scenarios before it. */
export function sheetsCellParameterScenario(ui: () => PreviewPage, env: () => FakeEnvironment, servers: Servers): Scenario {
  /** Waits until Z4:AA4 (the one data row under the header at Z3) is `status` with its direct count. */
  const expectRowOf = async (status: string, what: string): Promise<void> => {
    const count = await directStatusCount(servers, status);
    const row = (): string[] => env().book.sheets[0]!.getRange('Z4:AA4').getValues()[0]!.map(String);
    await waitFor(
      `${what}: Z4:AA4 to be "${status}" with ${count} orders`,
      async () => JSON.stringify(row()) === JSON.stringify([status, String(count)]),
      {
        timeoutMs: 60_000,
        observe: async () => JSON.stringify(row()),
      },
    );
  };
  return {
    name: 'S2e Sheets sidebar: a status filter bound to Sheet1!Z1; typing over Z1 marks the card out of date (seen on focus) and Refresh uses the new value',
    run: async (ctx) => {
      const pane = ui();
      const sheet = env().book.sheets[0]!;
      const statuses = await orderStatuses(servers);
      const [first, second] = statuses;
      assert(first !== undefined && second !== undefined, `Fewer than two statuses: ${JSON.stringify(statuses)}`);
      sheet.getRange('Z1').setValue(first);
      env().book.setActiveRange(sheet.getRange(ANCHOR));

      await authorBoundStatusReport(pane, NAME, REF, first);
      await waitFor(`the pane to say "Insert at Sheet1!${ANCHOR}"`, () =>
        pane.pane.getByText(`Insert at Sheet1!${ANCHOR}`, { exact: true }).isVisible(),
      );
      await pane.insert();
      await expectRowOf(first, 'After Insert (the value from the cell)');

      // The user types in the sheet, then comes back to the sidebar: its focus check sees the bound cell changed.
      sheet.getRange('Z1').setValue(second);
      await pane.page.evaluate(() => window.dispatchEvent(new Event('focus')));
      const card = pane.placement(NAME);
      await waitOutOfDate(card, REF, 30_000);
      await card.scrollIntoViewIfNeeded();
      await ctx.screenshot('S2e the card out of date after Z1 was typed over in Sheets');
      await expectRowOf(first, 'Before Refresh');

      const refreshed = await pane.refreshOne(NAME);
      assert(refreshed.ok, `The refresh failed: ${refreshed.ok ? '' : refreshed.message}`);
      await expectRowOf(second, 'After Refresh');
      const after = await card.innerText();
      assert(!after.includes(`${REF} changed`), `The card still says Z1 changed after the refresh: ${after}`);

      // The later scenarios count the workbook's reports: this one leaves with its cells, and the input cell is cleared.
      await pane.removeWithCells(NAME);
      sheet.getRange('Z1').setValue('');
      env().book.setActiveRange(sheet.getRange('B2'));
    },
  };
}
