/**
 * A walk through the cell-target dialogs (Move, Place again, Place existing report): non-modal, reachable by keyboard,
 * Escape and Cancel give the focus back; the target is picked in the sheet while the dialog is open, and the card that
 * stands for the result takes the focus after Move here and Place here.
 */
import type { Locator } from 'playwright-core';
import type { PreviewPage } from './pane';
import { assertPaneReadable } from './pane';
import { focusedName, waitFocusOn, waitFocusOnCard } from './focus-checks';
import { assert, waitFor } from './wait-for';

/** Tab presses allowed to reach Cancel: the dialog's field, its three buttons. */
const MAX_TABS = 8;

/** The accessible name of the focused element, or its tag when it has none; '(outside)' when outside `dialog`. */
async function focusedIn(dialog: Locator): Promise<string> {
  return dialog.evaluate((el) => {
    const f = document.activeElement;
    if (f === null || !el.contains(f)) return '(outside)';
    return f.getAttribute('aria-label') ?? f.textContent?.trim() ?? f.tagName;
  });
}

/** An open cell-target dialog by its title: a dialog that is not modal, so the sheet takes clicks while it is open. */
function cellTarget(ui: PreviewPage, title: string): Locator {
  return ui.pane.getByRole('dialog', { name: title });
}

/**
 * Opens the dialog from `opener` with Enter, checks it is not modal and the focus moved into it, walks Tab to Cancel
 * inside it, closes it with Escape (or Enter on Cancel), and checks the focus is back on the opener.
 */
async function walkOne(ui: PreviewPage, opener: Locator, title: string, close: 'Escape' | 'Cancel'): Promise<void> {
  await opener.focus();
  await ui.page.keyboard.press('Enter');
  const dialog = cellTarget(ui, title);
  await dialog.waitFor();
  assert((await dialog.getAttribute('aria-modal')) !== 'true', `"${title}" is modal: the cell it asks for cannot be clicked`);
  await assertPaneReadable(ui.pane, `opening "${title}"`);
  await waitFor(`the focus to move into "${title}"`, async () => (await focusedIn(dialog)) !== '(outside)', {
    observe: () => focusedName(ui.page),
  });
  let reached = false;
  for (let i = 0; i < MAX_TABS && !reached; i++) {
    await ui.page.keyboard.press('Tab');
    const at = await focusedIn(dialog);
    assert(at !== '(outside)', `Tab left "${title}" before reaching Cancel`);
    reached = at === 'Cancel';
  }
  assert(reached, `Cancel of "${title}" is not reachable with Tab`);
  await ui.page.keyboard.press(close === 'Escape' ? 'Escape' : 'Enter');
  await dialog.waitFor({ state: 'detached' });
  await assertPaneReadable(ui.pane, `${close} in "${title}"`);
  await waitFocusOn(ui.page, opener, `${close} in "${title}"`);
}

/** Where a walk picks cells in the host's sheet while a dialog is open. */
export interface CellPicker {
  /** Selects `a1` on the report's sheet as the user would (in the preview: a click on the grid beside the open dialog). */
  selectCell(a1: string): Promise<void>;
  /** The report's sheet as the pane names it ("Sheet1"). */
  sheet: string;
  /** Takes the scenario's screenshot (of the Move dialog open beside the sheet). */
  screenshot: (label: string) => Promise<void>;
}

/**
 * Walks Move (Escape), Place again and Place existing report (Cancel) of the placed report `name`; then moves it to L2
 * picked in the sheet while Move is open (its target line follows live), and places it again at P2: each time the card
 * that now stands for it takes the focus. The copy is removed with its cells.
 */
export async function walkCellTargetDialogs(ui: PreviewPage, name: string, picker: CellPicker): Promise<void> {
  await walkOne(ui, ui.button(`Move ${name}`), `Move ${name}`, 'Escape');
  await walkOne(ui, ui.button(`Place ${name} again`), `Place ${name} again`, 'Cancel');
  await walkOne(ui, ui.button('Place existing report…'), 'Place existing report', 'Cancel');

  const original = await ui.placement(name).getAttribute('id');
  await ui.button(`Move ${name}`).click();
  const move = cellTarget(ui, `Move ${name}`);
  await picker.selectCell('L2');
  const to = `Move to ${picker.sheet}!L2`;
  await waitFor(`"${to}" in the open Move dialog`, () => move.getByText(to, { exact: true }).isVisible(), {
    observe: () => move.innerText(),
  });
  await picker.screenshot('the Move dialog open beside the sheet, the cell picked there');
  await move.getByRole('button', { name: 'Move here', exact: true }).click();
  await waitFor(`"${name}" to be moved to L2`, async () => (await ui.placement(name).innerText()).includes('Moved'), {
    timeoutMs: 60_000,
    observe: () => ui.placement(name).innerText(),
  });
  await waitFocusOnCard(ui, 'Move here');

  await ui.button(`Place ${name} again`).click();
  const again = cellTarget(ui, `Place ${name} again`);
  await picker.selectCell('P2');
  const at = `Place at ${picker.sheet}!P2`;
  await waitFor(`"${at}" in the open Place again dialog`, () => again.getByText(at, { exact: true }).isVisible(), {
    observe: () => again.innerText(),
  });
  await again.getByRole('button', { name: 'Place here', exact: true }).click();
  const copy = await waitFocusOnCard(ui, 'Place here', original);
  await waitFor('the copy to say it was placed again', async () => (await copy.innerText()).includes('Placed again'), {
    timeoutMs: 60_000,
    observe: () => copy.innerText(),
  });
  await copy.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
  const remove = ui.page.getByRole('alertdialog', { name: `Remove ${name}?` });
  await remove.getByRole('checkbox', { name: 'Also clear its cells' }).check();
  await ui.answerDialog(`Remove ${name}?`, 'Remove');
  await waitFor(`the copy of "${name}" to leave the list`, async () => (await ui.placement(name).count()) === 1, { timeoutMs: 60_000 });
}
