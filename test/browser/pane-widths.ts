/**
 * The Excel task pane at the widths a pane gets (175 CSS px, Excel's 350 px at 200% zoom; 300, 320, 350 px) with the
 * editor open and a filter "in the period" Last N: nothing scrolls sideways, no control passes the pane's right edge, and
 * the sticky footer keeps to under half the pane.
 */
import type { Page } from 'playwright-core';
import type { Scenario } from './harness';
import type { PreviewPage } from './pane';
import { assert, assertEqual } from './wait-for';

const WIDTHS = [175, 300, 320, 350];
const HEIGHT = 700;

/** The shown controls whose box ends past the page's right edge, and how far the page scrolls sideways. */
async function overflowAt(page: Page): Promise<{ scroll: number; past: string[] }> {
  return page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    const edge = doc.clientWidth;
    const controls = document.querySelectorAll('button, input, textarea, select, [role="combobox"], [role="tab"], [role="switch"]');
    const past: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.right > edge + 0.5) {
        const labelledBy = el.getAttribute('aria-labelledby');
        const byId = labelledBy === null ? null : (document.getElementById(labelledBy.split(' ')[0] ?? '')?.textContent ?? null);
        const labels = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.labels?.[0]?.textContent : null;
        const text = el.getAttribute('aria-label') ?? byId ?? labels ?? el.textContent?.trim() ?? '';
        const name = `${el.tagName.toLowerCase()} ${text}`;
        past.push(`"${name.slice(0, 40)}" ends at ${Math.round(box.right)} px`);
      }
    }
    return { scroll: doc.scrollWidth - doc.clientWidth, past };
  });
}

/** E-widths: run once the pane is signed in with its context chosen (after E1). */
export function paneWidthScenario(page: Page, ui: PreviewPage): Scenario {
  return {
    name: 'E-widths at 175 (200% zoom), 300, 320 and 350 px the editor with a Last N period filter scrolls nothing sideways and cuts no control',
    run: async (ctx) => {
      await ui.openNewReport();
      await ui.reportName().fill('Orders in the last weeks');
      await ui.chooseOption('View', /^Orders/);
      await ui.addField('Count', 'Measures');
      await ui.addField('Created at', 'Filters');
      await ui.pane.getByRole('combobox', { name: 'Operator for Created at', exact: true }).selectOption({ label: 'in the period' });
      await ui.pane.getByRole('combobox', { name: 'Period for Created at', exact: true }).selectOption({ label: 'Last N…' });
      await ui.pane.getByRole('spinbutton', { name: 'Number of units for Created at', exact: true }).waitFor();
      try {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.waitForTimeout(200);
          // Looked at with the period filter in sight (Last N and its unit are what stuck out).
          await ui.pane.getByRole('combobox', { name: 'Unit for Created at', exact: true }).scrollIntoViewIfNeeded();
          if (width !== 320)
            await ctx.screenshot(width === 175 ? 'E-widths the editor at 200% zoom (175 px)' : `E-widths the editor at ${width} px`);
          const { scroll, past } = await overflowAt(page);
          assertEqual(scroll <= 0 ? 0 : scroll, 0, `At ${width} px the pane scrolls sideways`);
          assertEqual(past, [], `At ${width} px controls pass the pane's right edge`);
          const footer = await page.locator('[data-pane-footer]').boundingBox();
          assert(footer !== null && footer.height <= HEIGHT / 2, `At ${width} px the footer is ${footer?.height ?? 'not'} px of ${HEIGHT}`);
        }
      } finally {
        await page.setViewportSize({ width: 350, height: 900 });
        await ui.backToReports();
      }
    },
  };
}

/** E-footer: run once `report` is placed (after E2): its editor with the placed report's options and an error. */
export function footerHeightScenario(page: Page, ui: PreviewPage, report: string): Scenario {
  return {
    name: 'E-footer editing a placed report at 350 × 700 px: its options and a Save error keep the sticky footer under half the pane',
    run: async (ctx) => {
      await page.setViewportSize({ width: 350, height: HEIGHT });
      try {
        await ui.button(`Edit ${report}`).click();
        await ui.reportName().waitFor();
        await ui.pane.getByRole('textbox', { name: 'SQL' }).fill('SELECT no_such_column FROM customers');
        await ui.button('Save and refresh').click();
        const bar = page.locator('[data-pane-footer] [data-kind]');
        await bar.first().waitFor({ timeout: 20_000 });
        const footer = await page.locator('[data-pane-footer]').boundingBox();
        assert(footer !== null && footer.height <= HEIGHT / 2, `The footer takes ${footer?.height ?? 'no'} px of ${HEIGHT}`);
        const shown = await bar.first().evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        });
        assert(shown, 'The error is not scrolled into view');
        await ctx.screenshot('E-footer a placed report with an error at 350 px');
      } finally {
        await ui.backToReports();
        await page.setViewportSize({ width: 350, height: 900 });
      }
    },
  };
}
