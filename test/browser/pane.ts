/** Drives the preview page as a user would (the add-in pane, the grid, the sheet tabs, the name box), by roles and accessible names. */
import type { Locator, Page } from 'playwright-core';
import { z } from 'zod';
import { waitFor } from './wait-for';

const paneLookSchema = z.object({ background: z.number(), text: z.number(), width: z.number(), overflowX: z.number() });
type PaneLook = z.infer<typeof paneLookSchema>;

/**
 * Measures the pane (the page's `aside` "Add-in pane") in the page. Plain JavaScript text: the test bundler wraps named functions in a helper the page
 * does not have. Relative luminance as WCAG defines it; the background is the first opaque one from the pane up.
 */
const LOOK_SCRIPT = `(() => {
  var el = document.querySelector('aside[aria-label="Add-in pane"]');
  function rgb(css) {
    var m = /rgba?\\(([^)]+)\\)/.exec(css);
    var p = (m ? m[1] : '0,0,0,0').split(',').map(Number.parseFloat);
    return [p[0] || 0, p[1] || 0, p[2] || 0, p.length > 3 ? p[3] : 1];
  }
  function lin(c) { var s = c / 255; return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4); }
  function luminance(c) { return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]); }
  var node = el, background = [255, 255, 255, 1];
  while (node) {
    var c = rgb(getComputedStyle(node).backgroundColor);
    if (c[3] > 0.5) { background = c; break; }
    node = node.parentElement;
  }
  var textNode = el.querySelector('h1, h2, h3, label, p, span') || el;
  return {
    background: luminance(background),
    text: luminance(rgb(getComputedStyle(textNode).color)),
    width: el.getBoundingClientRect().width,
    overflowX: el.scrollWidth - el.clientWidth,
  };
})()`;

/**
 * After a dialog: the pane is readable by role again (no element from it up to the document is aria-hidden, and its
 * buttons are found by role). A modal hides the page while open; one cut short by a screen change leaves it hidden.
 */
export async function assertPaneReadable(pane: Locator, after: string): Promise<void> {
  await waitFor(
    `the pane to be readable by role after ${after}`,
    async () => {
      const tags = await pane.evaluate((el) => {
        const found: string[] = [];
        for (let n: Element | null = el; n !== null; n = n.parentElement)
          if (n.getAttribute('aria-hidden') === 'true') found.push(n.tagName.toLowerCase());
        return found;
      });
      return tags.length === 0 && (await pane.getByRole('button').count()) > 0;
    },
    { timeoutMs: 2_000, observe: () => pane.evaluate((el) => el.closest('[aria-hidden="true"]')?.tagName ?? 'no aria-hidden ancestor') },
  );
}

export class PreviewPage {
  readonly pane: Locator;

  constructor(readonly page: Page) {
    this.pane = page.getByRole('complementary', { name: 'Add-in pane' });
  }

  button(name: string): Locator {
    return this.pane.getByRole('button', { name, exact: true });
  }

  // ---------- sign in and context ----------

  tenantUrlField(): Locator {
    return this.pane.getByRole('textbox', { name: 'Tenant URL' });
  }

  async signIn(apiKey: string): Promise<void> {
    await this.pane.getByLabel('API key').fill(apiKey);
    await this.button('Sign in').click();
    await this.button('Sign out').waitFor({ timeout: 20_000 });
  }

  async signOut(): Promise<void> {
    await this.button('Sign out').click();
    await this.button('Sign in').waitFor();
  }

  combobox(name: string): Locator {
    return this.pane.getByRole('combobox', { name, exact: true });
  }

  /** Opens a combobox and clicks the option whose accessible name matches (options live in a portal). */
  async chooseOption(combobox: string, option: string | RegExp | 'first'): Promise<string> {
    const box = this.combobox(combobox);
    await waitFor(`the "${combobox}" combobox to be enabled`, () => box.isEnabled());
    await box.click();
    const listbox = this.page.getByRole('listbox');
    const choice = option === 'first' ? listbox.getByRole('option').first() : listbox.getByRole('option', { name: option });
    const text = (await choice.innerText()).split('\n')[0] ?? '';
    await choice.click();
    return text.trim();
  }

  // ---------- the editor ----------

  /** Leaves the editor for the list if it is open (a failed scenario may have left it open). */
  async home(): Promise<void> {
    const back = this.button('Back to reports');
    if (await back.isVisible()) await this.backToReports();
  }

  async openNewReport(): Promise<void> {
    await this.home();
    const button = this.button('New report');
    await waitFor('"New report" to be enabled', () => button.isEnabled());
    await button.click();
    await this.reportName().waitFor();
  }

  reportName(): Locator {
    return this.pane.getByRole('textbox', { name: 'Report name' });
  }

  /** Clicks "Add <field>" in the field list and then the zone in its menu. */
  async addField(field: string, zone: 'Rows' | 'Columns' | 'Measures' | 'Filters'): Promise<void> {
    await this.pane.getByRole('button', { name: `Add ${field}`, exact: true }).click();
    await this.page.getByRole('menuitem', { name: zone, exact: true }).click();
    await this.pane.getByRole('group', { name: zone, exact: true }).getByText(field, { exact: true }).waitFor();
  }

  /**
   * Types `typed` into the filter value box labelled `label`, waits for the platform's suggestions and picks the first;
   * returns the value picked (the button's first line: its count, when shown, follows).
   */
  async pickFirstSuggestion(label: string, typed: string): Promise<{ box: Locator; value: string }> {
    const box = this.pane.getByRole('textbox', { name: label });
    await box.fill(typed);
    const suggestions = this.pane.getByRole('list', { name: `Suggested values for ${label}` });
    await waitFor(`suggestions for "${typed}"`, () => suggestions.isVisible());
    const first = suggestions.getByRole('button').first();
    const value = (await first.innerText()).split('\n')[0]?.trim() ?? '';
    await first.click();
    return { box, value };
  }

  async chooseTab(name: 'Builder' | 'SQL'): Promise<void> {
    await this.pane.getByRole('tab', { name, exact: true }).click();
  }

  /**
   * How the pane looks as a whole: the relative luminance (0 black .. 1 white) of its background and of its body
   * text, its width, and how far its content reaches past its width (0 when nothing would scroll sideways).
   */
  async look(): Promise<PaneLook> {
    return paneLookSchema.parse(await this.page.evaluate(LOOK_SCRIPT));
  }

  /** The pane's controls that have no accessible name, as the accessibility tree lists them (empty when all have one). */
  async unnamedControls(): Promise<string[]> {
    const tree = await this.pane.ariaSnapshot();
    const roles = /^\s*- (button|combobox|textbox|checkbox|radio|spinbutton|slider|link|switch|tab|option|menuitem)\b(.*)$/;
    return tree.split('\n').filter((line) => {
      const m = roles.exec(line);
      return m !== null && !/^\s*["/]/.test(m[2] ?? '');
    });
  }

  /** Clicks "Back to reports"; a changed draft asks first, and `discard` answers Discard (else the question stays open). */
  async backToReports(discard = true): Promise<void> {
    await this.button('Back to reports').click();
    const heading = this.pane.getByRole('heading', { name: 'Reports in this workbook' });
    const ask = this.page.getByRole('alertdialog', { name: 'Discard your changes?' });
    await waitFor('the list or the discard question', async () => (await heading.isVisible()) || (await ask.isVisible()));
    if (!(await ask.isVisible())) return;
    if (!discard) return;
    await ask.getByRole('button', { name: 'Discard', exact: true }).click();
    await heading.waitFor();
    await assertPaneReadable(this.pane, 'Discard');
  }

  /** Answers an open alert dialog (Overwrite, Cancel, Remove, ...) and asserts the pane is readable by role afterwards. */
  async answerDialog(dialogName: string, answer: string): Promise<void> {
    const dialog = this.page.getByRole('alertdialog', { name: dialogName });
    await dialog.getByRole('button', { name: answer, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await assertPaneReadable(this.pane, `"${answer}" in "${dialogName}"`);
  }

  /** Removes the report `name` with "Also clear its cells" and waits for its card to leave the list. */
  async removeWithCells(name: string): Promise<void> {
    await this.button(`Remove ${name}`).click();
    await this.page
      .getByRole('alertdialog', { name: `Remove ${name}?` })
      .getByRole('checkbox', { name: 'Also clear its cells' })
      .check();
    await this.answerDialog(`Remove ${name}?`, 'Remove');
    await waitFor(`"${name}" to leave the list`, async () => (await this.placement(name).count()) === 0, { timeoutMs: 60_000 });
  }

  /** A message bar of the pane by the data-kind of its error (blocked, forbidden, cancelled, query...). */
  errorBar(kind: string): Locator {
    return this.pane.locator(`[data-kind="${kind}"]`);
  }

  /** Any error or warning message bar of the pane (data-intent error or warning). */
  problemBars(): Locator {
    return this.pane.locator('[data-intent="error"], [data-intent="warning"]');
  }

  /** The card of the report just inserted or saved (the list highlights it). */
  highlighted(): Locator {
    return this.pane.locator('li[data-highlighted="true"]');
  }

  /**
   * Clicks Insert and waits for the pane to return to the list with the new report's card highlighted, its outcome
   * ("Inserted ...") on it; returns the card's text.
   */
  async insert(): Promise<string> {
    await this.button('Insert').click();
    const card = this.highlighted();
    await waitFor(
      'the report to be inserted',
      async () => ((await card.count()) > 0 && (await card.innerText()).includes('Inserted')) || (await this.firstProblem()) !== null,
      { timeoutMs: 60_000 },
    );
    const problem = await this.firstProblem();
    if (problem !== null && (await card.count()) === 0) throw new Error(`Insert failed: ${problem}`);
    return card.innerText();
  }

  /** The text of the first error or warning message bar, or null. */
  async firstProblem(): Promise<string | null> {
    const bars = this.problemBars();
    if ((await bars.count()) === 0) return null;
    return bars.first().innerText();
  }

  // ---------- the placements list ----------

  placement(name: string): Locator {
    return this.pane.getByRole('listitem', { name, exact: true });
  }

  /** The ISO time of the placement's last refresh (the datetime of its "refreshed ..." caption). */
  async refreshedAt(name: string): Promise<string | null> {
    const times = this.placement(name).locator('time[datetime]');
    if ((await times.count()) === 0) return null;
    return times.first().getAttribute('datetime');
  }

  /** Clicks "Refresh <name>" and waits until the refresh ended: done (a newer refresh time) or an error bar about it. */
  async refreshOne(name: string, timeoutMs = 60_000): Promise<{ ok: true } | { ok: false; message: string }> {
    const before = await this.refreshedAt(name);
    await this.button(`Refresh ${name}`).click();
    return waitFor(
      `the refresh of "${name}" to end`,
      async () => {
        // A failure is said on the report's own card.
        const bar = this.placement(name).locator('[data-kind]');
        if ((await bar.count()) > 0) return { ok: false as const, message: await bar.first().innerText() };
        const idle = await this.button(`Refresh ${name}`).isVisible();
        const after = await this.refreshedAt(name);
        return idle && after !== null && after !== before ? { ok: true as const } : null;
      },
      { timeoutMs },
    );
  }

  async badgeText(name: string): Promise<string> {
    return this.placement(name).innerText();
  }

  // ---------- the workbook ----------

  async showSheet(sheet: string): Promise<void> {
    const tab = this.page.getByRole('tablist', { name: 'Sheets' }).getByRole('tab', { name: sheet, exact: true });
    await tab.click();
    await waitFor(`sheet ${sheet} to be shown`, async () => (await tab.getAttribute('aria-selected')) === 'true');
  }

  /**
   * Adds a sheet with the tab bar's button and returns the new tab's name, found by name against the tabs before the
   * click (a tab still on its way out must not be taken for it); a click the busy page let pass is made once more.
   */
  async addSheet(): Promise<string> {
    const tabs = this.page.getByRole('tablist', { name: 'Sheets' }).getByRole('tab');
    const add = this.page.getByRole('button', { name: 'Add sheet' });
    const before = new Set((await tabs.allInnerTexts()).map((name) => name.trim()));
    const fresh = async (): Promise<string | undefined> =>
      (await tabs.allInnerTexts()).map((name) => name.trim()).find((name) => !before.has(name));
    await add.click();
    const added = await waitFor('a new sheet tab', fresh, { timeoutMs: 5_000 }).catch(() => undefined);
    if (added !== undefined) return added;
    await add.click();
    return waitFor('a new sheet tab after a second click', fresh);
  }

  gridCell(sheet: string, cell: string): Locator {
    return this.page.getByRole('grid', { name: `Sheet ${sheet}` }).getByRole('gridcell', { name: cell, exact: true });
  }

  /** Shows the sheet and clicks the cell (it must be in the rendered window of the grid). */
  async clickCell(sheet: string, cell: string): Promise<void> {
    await this.showSheet(sheet);
    await this.gridCell(sheet, cell).click();
    await waitFor(`${cell} to be selected`, async () => (await this.gridCell(sheet, cell).getAttribute('aria-selected')) === 'true');
  }

  /** Selects a cell or range by typing it into the name box, as in Excel. */
  async goToName(ref: string): Promise<void> {
    const box = this.page.getByRole('textbox', { name: 'Name box' });
    await box.click();
    await box.fill(ref);
    await box.press('Enter');
  }

  /** Clicks the cell and types text into it, ending with Enter. */
  async typeIntoCell(sheet: string, cell: string, text: string): Promise<void> {
    await this.clickCell(sheet, cell);
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
  }

  async clearCell(sheet: string, cell: string): Promise<void> {
    await this.clickCell(sheet, cell);
    await this.page.keyboard.press('Delete');
  }
}
