/** The preview group's hand-edit scenarios: a typed-over cell stops a refresh (Locate, Skip, Overwrite); changes said and undone. */
import type { Scalar } from '../../src/core/host';
import type { Scenario } from './harness';
import { placeSqlReport, type Story } from './story';
import { assert, assertEqual, waitFor } from './wait-for';

/**
 * Six rows whose `noise` column is random in rows i = 2 and 4 (cells C4 and C6) and fixed elsewhere: every refresh
 * changes exactly those two cells, and `tens` (column B) is the column typed over by hand.
 */
export const HAND_EDITS = {
  name: 'Hand edits',
  sql: 'SELECT i AS n, i * 10 AS tens, CASE WHEN i IN (2, 4) THEN random() ELSE i END AS noise\nFROM range(6) r(i)\nORDER BY i',
};
const AREA = 'A1:C7';
const TYPED_CELL = 'B3';
const TYPED = 'my note';

/** Scenarios to run after the story's first part (they need a signed-in pane with a context); each starts from the list. */
export function handEditScenarios(story: Story): Scenario[] {
  const { ui, wb } = story;
  const card = () => ui.placement(HAND_EDITS.name);
  const warning = () => card().locator('[data-outcome="handEdited"]');
  const doneBar = () => card().locator('[data-outcome="done"]');
  let sheet: string | null = null;

  /** Clicks Refresh and waits for the card's warning or its done outcome (whichever the refresh ends with). */
  const refresh = async (): Promise<'warned' | 'done'> => {
    await ui.button(`Refresh ${HAND_EDITS.name}`).click();
    return waitFor(
      `the refresh of "${HAND_EDITS.name}" to warn or finish`,
      async () => {
        if ((await warning().count()) > 0) return 'warned' as const;
        if ((await doneBar().count()) > 0 && (await ui.button(`Refresh ${HAND_EDITS.name}`).isEnabled())) return 'done' as const;
        const problem = card().locator('[data-kind]');
        if ((await problem.count()) > 0) throw new Error(`The refresh failed: ${await problem.first().innerText()}`);
        return null;
      },
      { timeoutMs: 60_000, observe: () => card().innerText() },
    );
  };

  return [
    {
      name: '19a a cell typed over stops the refresh: the warning names it, Locate selects it, Skip keeps it, Overwrite replaces it',
      run: async (ctx) => {
        sheet = await ui.addSheet();
        await placeSqlReport(story, HAND_EDITS, sheet, 'A1');
        const placed = await wb.getValues(sheet, AREA);
        await ui.typeIntoCell(sheet, TYPED_CELL, TYPED);
        await waitFor(`${TYPED_CELL} to hold the typed text`, async () => (await wb.getValue(sheet ?? '', TYPED_CELL)) === TYPED);
        const edited = await wb.getValues(sheet, AREA);

        assertEqual(await refresh(), 'warned', 'A refresh wrote over a cell typed by hand without asking');
        const said = await warning().innerText();
        assert(said.includes(TYPED_CELL), `The warning does not name ${TYPED_CELL}: ${said}`);
        assertEqual(await warning().getAttribute('role'), 'alert', 'The warning is not announced');
        assertEqual(await wb.getValues(sheet, AREA), edited, 'The stopped refresh changed the cells');
        await ctx.screenshot('19a hand edit warning');

        // The focus is on Locate: the keyboard alone carries on.
        const locate = warning().getByRole('button', { name: 'Locate', exact: true });
        assert(await locate.evaluate((el) => el === document.activeElement), "The focus is not on the warning's Locate");
        await ui.page.keyboard.press('Enter');
        await waitFor(`Locate to select ${TYPED_CELL}`, async () => (await wb.activeCell()).endsWith(`!${TYPED_CELL}`), {
          observe: () => wb.activeCell(),
        });

        await warning().getByRole('button', { name: 'Skip this report', exact: true }).click();
        await waitFor('the warning to go', async () => (await warning().count()) === 0);
        assertEqual(await wb.getValue(sheet, TYPED_CELL), TYPED, 'Skip this report changed the typed cell');
        assertEqual(await wb.getValues(sheet, AREA), edited, 'Skip this report changed the cells');

        assertEqual(await refresh(), 'warned', 'The second refresh did not warn about the typed cell');
        await warning().getByRole('button', { name: 'Overwrite', exact: true }).click();
        await waitFor('the overwrite to finish', async () => (await doneBar().count()) > 0, {
          timeoutMs: 60_000,
          observe: () => card().innerText(),
        });
        const after = await wb.getValues(sheet, AREA);
        assertEqual(after[2]?.[1], placed[2]?.[1], `Overwrite did not put the report's value back in ${TYPED_CELL}`);
      },
    },
    {
      name: '19b a refresh that changes two cells says "2 cells changed", and Undo refresh puts them back',
      run: async (ctx) => {
        assert(sheet !== null, 'Scenario 19a did not place the report');
        const s = sheet;
        const before: Scalar[][] = await wb.getValues(s, AREA);
        assertEqual(await refresh(), 'done', 'A refresh without hand edits did not finish');
        const said = await doneBar().innerText();
        assert(said.includes('2 cells changed'), `The card does not say "2 cells changed": ${said}`);
        const refreshed = await wb.getValues(s, AREA);
        assert(JSON.stringify(refreshed) !== JSON.stringify(before), 'The refresh changed no cell');
        await ctx.screenshot('19b changes said');

        await doneBar().getByRole('button', { name: 'Show changes', exact: true }).click();
        await waitFor('Show changes to select a changed cell', async () => /!C[46]$/.test(await wb.activeCell()), {
          observe: () => wb.activeCell(),
        });

        await doneBar().getByRole('button', { name: 'Undo refresh', exact: true }).click();
        await waitFor(
          'the undo to finish',
          async () =>
            (
              await doneBar()
                .innerText()
                .catch(() => '')
            ).includes('Refresh undone'),
          {
            timeoutMs: 60_000,
            observe: () => card().innerText(),
          },
        );
        assertEqual(await wb.getValues(s, AREA), before, 'Undo refresh did not put back the cells the refresh replaced');
      },
    },
  ];
}
