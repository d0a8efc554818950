/** Browser scenarios at phone and narrow-pane widths: the preview at 360 px (nothing covers a control) and the help page at 320 px. */
import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import { resultsDir, type Scenario, type Servers } from './harness';
import { assert } from './wait-for';

/** The controls of `scope` (buttons, fields, comboboxes, links, tabs) that are shown, at most `limit` of them. */
async function shownControls(scope: Locator, limit = 40): Promise<Locator[]> {
  const all = scope.locator('button, input, textarea, select, a[href], [role="combobox"], [role="tab"]');
  const shown: Locator[] = [];
  for (let i = 0; i < (await all.count()) && shown.length < limit; i++) {
    const c = all.nth(i);
    if (await c.isVisible()) shown.push(c);
  }
  return shown;
}

/** Names of the controls whose centre, once scrolled into view, hits something other than the control itself. */
async function coveredControls(controls: Locator[]): Promise<string[]> {
  const covered: string[] = [];
  for (const control of controls) {
    await control.scrollIntoViewIfNeeded();
    const hit = await control.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const label = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
      if (at !== null && (at === el || el.contains(at))) return null;
      const by = at === null ? 'nothing (off screen)' : `${at.tagName.toLowerCase()} "${(at.textContent ?? '').trim().slice(0, 40)}"`;
      return `"${label.slice(0, 40)}" is covered by ${by}`;
    });
    if (hit !== null) covered.push(hit);
  }
  return covered;
}

export function narrowPageScenarios(page: Page, servers: Servers): Scenario[] {
  return [
    {
      name: 'N1 at 360 px the preview puts the pane below the workbook and nothing draws over a control',
      run: async () => {
        await page.setViewportSize({ width: 360, height: 740 });
        try {
          await page.goto(servers.webUrl);
          const pane = page.getByRole('complementary', { name: 'Add-in pane', exact: true });
          const workbook = page.getByRole('region', { name: 'Workbook', exact: true });
          await page.getByRole('main', { name: 'Reports pane' }).waitFor();
          const nameBox = workbook.getByRole('combobox', { name: 'Name box' }).or(workbook.getByRole('textbox', { name: 'Name box' }));
          const toolbar = workbook.getByRole('toolbar', { name: 'Rows and columns' });
          await nameBox.waitFor();
          const controls = [nameBox, ...(await shownControls(toolbar)), ...(await shownControls(pane))];
          assert(controls.length > 6, `Expected the name box, the toolbar's and the pane's controls; found ${controls.length}`);
          const covered = await coveredControls(controls);
          assert(covered.length === 0, `At 360 px some controls are covered:\n  ${covered.join('\n  ')}`);
          const paneBox = await pane.boundingBox();
          const workbookBox = await workbook.boundingBox();
          assert(paneBox !== null && workbookBox !== null, 'The pane or the workbook is not shown at 360 px');
          assert(paneBox.width <= 360 && paneBox.x >= 0, `The pane is ${paneBox.width} px wide at x ${paneBox.x}, not within 360 px`);
          assert(workbookBox.y + workbookBox.height <= paneBox.y + 1, 'The workbook and the pane overlap at 360 px');
          await page.screenshot({ path: path.join(resultsDir, 'preview-at-360px.png'), animations: 'disabled' });
        } finally {
          await page.setViewportSize({ width: 1400, height: 1000 });
        }
      },
    },
    {
      name: 'N2 the help page reads at 320 px: no sideways scrolling, every section reachable from its contents',
      run: async () => {
        await page.setViewportSize({ width: 320, height: 640 });
        try {
          const response = await page.goto(new URL('help.html', servers.webUrl).toString());
          assert(response?.ok() === true, `help.html answered ${response?.status() ?? 'nothing'}`);
          await page.getByRole('heading', { level: 1, name: 'Reports add-in help' }).waitFor();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert(overflow <= 0, `The help page scrolls sideways by ${overflow} px at 320 px`);
          const links = page.getByRole('navigation', { name: 'On this page' }).getByRole('link');
          assert((await links.count()) >= 5, 'The help page lists fewer than 5 sections');
          await page.getByRole('link', { name: 'Privacy: where your key is kept' }).click();
          await page.getByRole('heading', { level: 2, name: 'Privacy: where your key is kept' }).waitFor();
          assert(await page.getByRole('main').isVisible(), 'The help page has no main landmark');
        } finally {
          await page.setViewportSize({ width: 1400, height: 1000 });
        }
      },
    },
  ];
}
