/** `npx tsx test/browser/run-sheets.ts`: only the Google Sheets sidebar scenarios (sheets-sidebar.ts), against a local platform started in a child process; no preview build. */
import { startPlatformProcess } from '../appsscript/helpers/platform-process';
import { launchBrowser, runScenarios } from './harness';
import { sheetsSidebarScenarios } from './sheets-sidebar';

async function main(): Promise<number> {
  const platform = await startPlatformProcess(['--hold-ms', '0']);
  const { browser, userDataDir } = await launchBrowser();
  try {
    const context = await browser.newContext();
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const servers = { webUrl: '', platformUrl: platform.url, stop: async () => undefined };
    return await runScenarios(sheetsSidebarScenarios(context, servers), async () => ({
      page,
      context,
      servers,
      screenshot: async () => undefined,
    }));
  } finally {
    await browser.close().catch(() => undefined);
    const fs = await import('node:fs');
    fs.rmSync(userDataDir, { recursive: true, force: true });
    await platform.close();
  }
}

main().then(
  (failed) => process.exit(failed > 0 ? 1 : 0),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
