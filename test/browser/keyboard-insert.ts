/** A browser scenario that places a report with the keyboard alone: Tab to New report, type, pick SQL mode, write the query, Insert. */
import type { Locator, Page } from 'playwright-core';
import type { Scenario, Servers } from './harness';
import { PreviewPage } from './pane';
import { PreviewWorkbook } from './preview-workbook';
import { assert, waitFor } from './wait-for';

const SHEET = 'Keyboard';
const REPORT = 'Statuses by keyboard';
const SQL = 'SELECT status, MEASURE(count) AS orders\nFROM orders\nGROUP BY 1\nORDER BY 1';

/** True when `target` holds the keyboard focus. */
function focused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

/** Presses Tab (Shift+Tab when `back`) until `target` has the focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, what: string, back = false, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await focused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${limit} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${what}`);
}

export function keyboardInsertScenarios(page: Page, servers: Servers): Scenario[] {
  void servers;
  return [
    {
      name: 'K1 a whole insert with the keyboard alone: Tab to New report, name it, SQL mode, the query, Insert',
      run: async () => {
        const ui = new PreviewPage(page);
        const book = new PreviewWorkbook(page);
        // The target cell is chosen through the workbook's test interface (the sheet's own keyboard is tested apart).
        await page.evaluate((s) => {
          const api = (
            window as unknown as { previewWorkbook: { sheets(): string[]; addSheet(n: string): void; select(s: string, c: string): void } }
          ).previewWorkbook;
          if (!api.sheets().includes(s)) api.addSheet(s);
          api.select(s, 'B2');
        }, SHEET);
        const newReport = ui.button('New report');
        await newReport.waitFor();
        assert(await newReport.isEnabled(), 'New report is disabled: the keyboard scenario needs the editor signed in');
        await page.locator('body').evaluate((el) => (el as HTMLElement).focus());
        await tabTo(page, newReport, 'New report');
        await page.keyboard.press('Enter');
        const name = ui.pane.getByRole('textbox', { name: 'Report name' });
        await waitFor('focus on Report name after New report', () => focused(name));
        await page.keyboard.type(REPORT);
        const sqlTab = ui.pane.getByRole('tab', { name: 'SQL' });
        await tabTo(page, ui.pane.getByRole('tablist'), 'the Builder/SQL tabs');
        if (!(await focused(sqlTab))) await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
        const sql = ui.pane.getByRole('textbox', { name: 'SQL' });
        await sql.waitFor();
        await tabTo(page, sql, 'the SQL field');
        await page.keyboard.type(SQL);
        const insert = ui.button('Insert');
        await tabTo(page, insert, 'Insert');
        await page.keyboard.press('Enter');
        const outcome = ui.pane.getByRole('status').filter({ hasText: 'Inserted' });
        await waitFor(`the outcome of "${REPORT}" after a keyboard insert`, async () => (await outcome.count()) > 0, {
          timeoutMs: 30_000,
          observe: () => ui.pane.innerText(),
        });
        const values = await book.getValues(SHEET, 'B2:C3');
        assert(values[0]?.[0] === 'status' || values[0]?.[0] === 'Status', `B2 holds ${String(values[0]?.[0])}, not the status header`);
        assert(typeof values[1]?.[1] === 'number', `C3 holds ${String(values[1]?.[1])}, not a count`);
      },
    },
  ];
}
