/** Browser scenario of the Excel task pane when office.js cannot load (a blocked CDN, offline): it says what failed. */
import type { Page } from 'playwright-core';
import { OFFICE_JS_URL } from './excel-scenarios';
import type { Scenario, Servers } from './harness';
import { assert } from './wait-for';

export function excelOfflineScenarios(page: Page, servers: Servers): Scenario[] {
  return [
    {
      name: 'E-offline with office.js blocked the task pane says the Office library could not be loaded and what to try',
      run: async () => {
        await page.unroute(OFFICE_JS_URL);
        await page.route(OFFICE_JS_URL, (route) => route.abort('blockedbyclient'));
        try {
          await page.goto(new URL('taskpane.html', servers.webUrl).toString());
          const alert = page.getByRole('alert');
          await alert.waitFor({ timeout: 20_000 });
          const text = (await alert.textContent()) ?? '';
          assert(/office\.js\) could not be loaded/.test(text), `The pane says "${text}", not that office.js could not be loaded`);
          assert(/appsforoffice\.microsoft\.com/.test(text) && /open it again/.test(text), `The pane says "${text}", not what to try`);
        } finally {
          await page.unroute(OFFICE_JS_URL);
        }
      },
    },
  ];
}
