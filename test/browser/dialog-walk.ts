/** One walk through the pane's dialogs, shared by the preview, Excel and Sheets groups: each answer leaves the pane readable by role. */
import type { PreviewPage } from './pane';
import { assertPaneReadable } from './pane';
import { assert, assertEqual, waitFor } from './wait-for';
import { walkCellTargetDialogs, type CellPicker } from './cell-target-dialog-walk';
import { runLogFocusWalk, signOutFocusWalk, stopFocusWalk } from './focus-checks';

export interface DialogWalkHost {
  /** Selects the target cell in the host's sheet (the pane must then say "Insert at <label>"). */
  selectTarget(): Promise<void>;
  /** The target's label as the pane shows it ("Sheet1!L2"). */
  targetLabel: string;
  /** Types a value into a cell the report will cover, so the insert asks before overwriting it. */
  typeInTheWay(): Promise<void>;
  /** Picks cells in the sheet while a cell-target dialog (Move, Place again) is open. */
  picker: CellPicker;
  /** The pane fetches the platform itself (preview, Excel), so a query can be held to Stop a Refresh all. */
  holdsQueries: boolean;
  /** What signing in again after Sign out takes. */
  signIn: { tenantUrl: string; apiKey: string };
}

/**
 * Places a report over a typed cell: the overwrite question, declined (Cancel) and then accepted (Overwrite, which
 * closes the editor); then Edit, a change, Back to reports, Discard (which closes the editor too); Move, Place again and
 * Place existing report by keyboard, each cancelled, then Move here and Place here at cells picked in the sheet; where
 * the pane fetches the platform, Refresh all stopped; the run log closed with Escape; Sign out and in again; then
 * Remove with its cells cleared. After every answer the pane's buttons are found by role and nothing above the pane is
 * aria-hidden, and the focus is on the control that now stands for the result.
 */
export async function walkDialogs(ui: PreviewPage, host: DialogWalkHost, report: { name: string; sql: string }): Promise<void> {
  await host.typeInTheWay();
  await ui.openNewReport();
  await ui.reportName().fill(report.name);
  await ui.chooseTab('SQL');
  await ui.pane.getByRole('textbox', { name: 'SQL' }).fill(report.sql);
  await host.selectTarget();
  await waitFor(`the pane to say "Insert at ${host.targetLabel}"`, () =>
    ui.pane.getByText(`Insert at ${host.targetLabel}`, { exact: true }).isVisible(),
  );
  await ui.button('Insert').click();
  await ui.answerDialog('Overwrite cells?', 'Cancel');
  assert(await ui.button('Insert').isVisible(), 'Cancel in "Overwrite cells?" left the editor');

  await ui.button('Insert').click();
  await ui.answerDialog('Overwrite cells?', 'Overwrite');
  const card = ui.placement(report.name);
  await waitFor('the overwriting insert to place the report', async () => (await card.count()) > 0, { timeoutMs: 60_000 });
  await assertPaneReadable(ui.pane, 'the overwriting insert placed the report');

  await ui.button(`Edit ${report.name}`).click();
  await waitFor('the editor to load the report', async () => (await ui.reportName().inputValue()) === report.name);
  await ui.reportName().fill(`${report.name} (changed)`);
  await ui.backToReports();
  assertEqual(await card.count(), 1, 'Discard changed the report');
  await walkCellTargetDialogs(ui, report.name, host.picker);
  if (host.holdsQueries) await stopFocusWalk(ui);
  await runLogFocusWalk(ui);
  await signOutFocusWalk(ui, host.signIn.tenantUrl, host.signIn.apiKey);

  await ui.button(`Remove ${report.name}`).click();
  const remove = ui.page.getByRole('alertdialog', { name: `Remove ${report.name}?` });
  await remove.getByRole('checkbox', { name: 'Also clear its cells' }).check();
  await ui.answerDialog(`Remove ${report.name}?`, 'Remove');
  await waitFor(`"${report.name}" to leave the list`, async () => (await card.count()) === 0, { timeoutMs: 60_000 });
}
