/**
 * Focus checks the three groups share: after an action takes away the control the focus was on, the focus is on the
 * control that now stands for the result (a card, the next button, the sign-in form), never on the page's body.
 */
import type { Locator, Page, Route } from 'playwright-core';
import type { PreviewPage } from './pane';
import { assert, waitFor } from './wait-for';

/** What has the focus: its accessible name (aria-label, else its text), '(body)' when the focus was lost. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const f = document.activeElement;
    if (f === null || f === document.body) return '(body)';
    return `${f.tagName.toLowerCase()} "${f.getAttribute('aria-label') ?? f.textContent?.trim().slice(0, 60) ?? ''}"`;
  });
}

/** Waits until `target` has the focus, after `what`. */
export async function waitFocusOn(page: Page, target: Locator, what: string): Promise<void> {
  await waitFor(
    `the focus to be on ${await target.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName)} after ${what}`,
    () => target.evaluate((el) => el === document.activeElement),
    {
      timeoutMs: 5_000,
      observe: () => focusedName(page),
    },
  );
}

/** Waits until the focus is on a card of the list other than `not` (its DOM id), after `what`; returns the card. */
export async function waitFocusOnCard(ui: PreviewPage, what: string, not: string | null = null): Promise<Locator> {
  await waitFor(
    `the focus to be on a report's card after ${what}`,
    () =>
      ui.page.evaluate((other) => {
        const f = document.activeElement;
        return f !== null && f.tagName === 'LI' && f.id.startsWith('placement-card-') && f.id !== other;
      }, not),
    { timeoutMs: 10_000, observe: () => focusedName(ui.page) },
  );
  return ui.pane.locator('li:focus');
}

/**
 * Refresh all with every query held a few seconds (the platform's `delay-ms` fault, added per request), then Stop:
 * the focus goes from the disabled Refresh all to Stop, stays on Stop while it stops, then is on the stopped run's first
 * button; Done gives it back to Refresh all. For the faces whose pane fetches the platform itself (preview, Excel).
 */
export async function stopFocusWalk(ui: PreviewPage): Promise<void> {
  const hold = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.continue({ headers: { ...route.request().headers(), 'x-fault': 'delay-ms=4000' } });
  };
  await ui.page.route('**/svcsql', hold);
  const bar = ui.pane.getByRole('group', { name: 'Refresh all' });
  try {
    await ui.button('Refresh all').click();
    await waitFocusOn(ui.page, bar.getByRole('button', { name: 'Stop', exact: true }), 'Refresh all started');
    await ui.page.keyboard.press('Enter');
    await waitFor('Refresh all to end stopped', () => bar.getByRole('button', { name: 'Done', exact: true }).isVisible(), {
      timeoutMs: 60_000,
      observe: () => bar.innerText(),
    });
  } finally {
    await ui.page.unroute('**/svcsql', hold);
  }
  await waitFor(
    'the focus to be on a button of the stopped run',
    () => bar.evaluate((el) => el.contains(document.activeElement) && document.activeElement?.tagName === 'BUTTON'),
    {
      timeoutMs: 5_000,
      observe: () => focusedName(ui.page),
    },
  );
  await bar.getByRole('button', { name: 'Done', exact: true }).click();
  await waitFocusOn(ui.page, ui.button('Refresh all'), 'Done in the Refresh all summary');
}

/**
 * Refresh all (its summary stays on screen), then Sign out: the focus is in the sign-in form (its first empty field);
 * signed in again, nothing of the last session is shown: no Refresh all summary.
 */
export async function signOutFocusWalk(ui: PreviewPage, tenantUrl: string, apiKey: string): Promise<void> {
  await ui.button('Refresh all').click();
  const bar = ui.pane.getByRole('group', { name: 'Refresh all' });
  await waitFor('Refresh all to end', () => bar.getByRole('button', { name: 'Done', exact: true }).isVisible(), {
    timeoutMs: 60_000,
    observe: () => bar.innerText(),
  });
  await ui.signOut();
  const tenant = ui.tenantUrlField();
  const key = ui.pane.getByLabel('API key');
  await waitFocusOn(ui.page, (await tenant.inputValue()) === '' ? tenant : key, 'Sign out');
  if ((await tenant.inputValue()) === '') await tenant.fill(tenantUrl);
  await ui.signIn(apiKey);
  await ui.pane.getByRole('heading', { name: 'Reports in this workbook' }).waitFor();
  assert((await bar.count()) === 0, 'The last session’s Refresh all summary is still shown after signing in again');
}

/** Opens the run log (where the host keeps one), closes it with Escape: the focus is back on its button. */
export async function runLogFocusWalk(ui: PreviewPage): Promise<void> {
  const open = ui.pane.getByRole('button', { name: /^Run log/ });
  if ((await open.count()) === 0) return;
  await open.click();
  const log = ui.page.getByRole('dialog', { name: 'Run log' });
  await log.waitFor();
  await ui.page.keyboard.press('Escape');
  await log.waitFor({ state: 'detached' });
  await waitFocusOn(ui.page, open, 'Escape in the run log');
}
