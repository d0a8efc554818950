/** Sheets sidebar scenario S2d: a refresh that changes two cells says so, and Undo refresh (another execution) puts them back. */
import type { FakeEnvironment } from '../appsscript/fakes/environment';
import type { Scenario } from './harness';
import type { PreviewPage } from './pane';
import { HAND_EDITS } from './hand-edits';
import { assert, assertEqual, waitFor } from './wait-for';

const NAME = 'Two changing cells (Sheets)';
/** Where the report goes: right of the other scenarios' reports (B2, H2, L2), its header and six rows. */
const ANCHOR = 'P2';
const AREA = 'P2:R8';

/** The scenario; `ui` and `env` are the sidebar's page helpers and the fake project of the scenarios before it. */
export function sheetsUndoScenario(ui: () => PreviewPage, env: () => FakeEnvironment): Scenario {
  return {
    name: 'S2d Sheets sidebar: a refresh that changes two cells says "2 cells changed", and Undo refresh puts them back',
    run: async (ctx) => {
      const pane = ui();
      const sheet = env().book.sheets[0]!;
      const values = (): string => JSON.stringify(sheet.getRange(AREA).getValues());
      env().book.setActiveRange(sheet.getRange(ANCHOR));
      await pane.openNewReport();
      await pane.reportName().fill(NAME);
      await pane.chooseTab('SQL');
      await pane.pane.getByRole('textbox', { name: 'SQL' }).fill(HAND_EDITS.sql);
      await waitFor(`the pane to say "Insert at Sheet1!${ANCHOR}"`, () =>
        pane.pane.getByText(`Insert at Sheet1!${ANCHOR}`, { exact: true }).isVisible(),
      );
      await pane.insert();
      const before = values();

      const card = pane.placement(NAME);
      const done = card.locator('[data-outcome="done"]');
      await pane.button(`Refresh ${NAME}`).click();
      await waitFor(
        'the refresh to say what it changed',
        async () => (await done.count()) > 0 && (await done.innerText()).includes('cells changed'),
        { timeoutMs: 60_000, observe: () => card.innerText() },
      );
      const said = await done.innerText();
      assert(said.includes('2 cells changed'), `The card does not say "2 cells changed": ${said}`);
      assert(values() !== before, 'The refresh changed no cell');
      await ctx.screenshot('S2d changes said in Sheets');

      // Undo refresh is a sidebar call of its own: the server finds what the refresh replaced in the user cache.
      await done.getByRole('button', { name: 'Undo refresh', exact: true }).click();
      await waitFor('the undo to finish', async () => (await done.innerText().catch(() => '')).includes('Refresh undone'), {
        timeoutMs: 60_000,
        observe: () => card.innerText(),
      });
      assertEqual(values(), before, 'Undo refresh did not put back the cells the refresh replaced');
      await ctx.screenshot('S2d refresh undone in Sheets');

      // The later scenarios count the workbook's reports: this one leaves with its cells.
      await pane.removeWithCells(NAME);
      env().book.setActiveRange(sheet.getRange('B2'));
    },
  };
}
