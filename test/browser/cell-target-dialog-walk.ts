/** A keyboard walk through the cell-target dialogs (Move, Place again, Place existing report): reachable, trapped, focus returned. */
import type { Locator } from 'playwright-core';
import type { PreviewPage } from './pane';
import { assertPaneReadable } from './pane';
import { assert, waitFor } from './wait-for';

/** Tab presses allowed to reach Cancel: the dialog's field, its three buttons and its close affordances. */
const MAX_TABS = 8;

/** The accessible name of the focused element, or its tag when it has none; '(outside)' when outside `dialog`. */
async function focusedIn(dialog: Locator): Promise<string> {
  return dialog.evaluate((el) => {
    const f = document.activeElement;
    if (f === null || !el.contains(f)) return '(outside)';
    return f.getAttribute('aria-label') ?? f.textContent?.trim() ?? f.tagName;
  });
}

/**
 * Opens the dialog from `opener` with Enter, checks the focus moved into it and stays inside while Tab walks to Cancel,
 * answers Cancel with Enter, and checks the focus is back on the opener and the pane readable by role.
 */
async function walkOne(ui: PreviewPage, opener: Locator, title: string): Promise<void> {
  await opener.focus();
  await ui.page.keyboard.press('Enter');
  const dialog = ui.page.getByRole('alertdialog', { name: title });
  await dialog.waitFor();
  await waitFor(`the focus to move into "${title}"`, async () => (await focusedIn(dialog)) !== '(outside)');
  let reached = false;
  for (let i = 0; i < MAX_TABS && !reached; i++) {
    await ui.page.keyboard.press('Tab');
    const at = await focusedIn(dialog);
    assert(at !== '(outside)', `Tab left the open dialog "${title}"`);
    reached = at === 'Cancel';
  }
  assert(reached, `Cancel of "${title}" is not reachable with Tab`);
  await ui.page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await assertPaneReadable(ui.pane, `Cancel in "${title}"`);
  // The focus may come back a moment after the dialog leaves the page (when its exit animation ends).
  const back = () => opener.evaluate((el) => document.activeElement === el);
  await waitFor(`the focus to return to the button that opened "${title}"`, back, {
    timeoutMs: 2_000,
    observe: () => ui.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? 'none'),
  });
}

/** Walks Move and Place again of the placed report `name` and the list's Place existing report, each cancelled. */
export async function walkCellTargetDialogs(ui: PreviewPage, name: string): Promise<void> {
  await walkOne(ui, ui.button(`Move ${name}`), `Move ${name}`);
  await walkOne(ui, ui.button(`Place ${name} again`), `Place ${name} again`);
  await walkOne(ui, ui.button('Place existing report…'), 'Place existing report');
}
