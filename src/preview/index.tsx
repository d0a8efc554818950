/**
 * Boot of the preview page: config, the saved workbook, the add-in service over it, window.previewWorkbook, render.
 * It reads /config.js and opens the saved workbook from IndexedDB before the first render.
 */
import { createRoot } from 'react-dom/client';
import type { ReactElement } from 'react';
import { browserRuntime } from '../browser/browser-runtime';
import { createAddinService } from '../core/service/create-addin-service';
import { createAutomationService, fixedAutomationHost } from '../core/automation/automation-service';
import { refreshAllOnOpen } from '../core/automation/open-refresh-run';
import { PREVIEW_ABILITIES } from './preview-automation';
import { openBrowserWorkbookStore } from './open-workbook-store';
import { PreviewApp } from './preview-app';
import { readPreviewConfig } from './preview-config';
import { PreviewHost, WORKBOOK_STORAGE_KEY } from './preview-host';
import { createPreviewWorkbookApi } from './preview-workbook-api';
import { useColorScheme } from './use-color-scheme';
import { yieldToPage } from '../browser/yield-to-page';

const page = window as Window & { __PREVIEW_CONFIG__?: unknown; previewWorkbook?: unknown };
const config = readPreviewConfig(page.__PREVIEW_CONFIG__);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The preview page has no #root element.');
const root = createRoot(rootElement);
const plain = { margin: 16, fontFamily: 'inherit' } as const;

async function boot(): Promise<void> {
  root.render(<p style={plain}>Loading workbook…</p>);
  const store = await openBrowserWorkbookStore(window);
  // Credentials stay in localStorage under their own per-user keys, never in the workbook's record.
  const host = await PreviewHost.open({
    store,
    credentialStorage: window.localStorage,
    mintWorkbookId: () => crypto.randomUUID(),
    // The page's one saved workbook: a workbook file brought in under another key is a copy with an id of its own.
    fileIdentity: () => WORKBOOK_STORAGE_KEY,
  });
  const runtime = browserRuntime(window);
  const service = createAddinService({
    host,
    ...runtime,
    defaultTenantUrl: config.defaultTenantUrl,
    // Sheets deleted or renamed and rows moved in the grid show at once in the pane's list of reports.
    workbookChanges: (onChange) => {
      const stops = [host.onLayoutChange(() => onChange()), host.onCellEdits(onChange)];
      return () => stops.forEach((stop) => stop());
    },
    // Writes and clears of a large report let the page handle input (Cancel) and paint between blocks.
    yieldToHost: yieldToPage,
  });
  page.previewWorkbook = createPreviewWorkbookApi(host);
  const automation = createAutomationService(host.documentStore, fixedAutomationHost(PREVIEW_ABILITIES));
  // The preview's open is the page load: with the switch on, Refresh all runs now (the list shows each card's outcome).
  refreshAllOnOpen(host.documentStore, service, runtime.clock, () => crypto.randomUUID()).catch((e: unknown) =>
    console.warn('Refresh on open did not run.', e),
  );

  // Save what is pending when the page goes away (the quiet time may not be over yet).
  window.addEventListener('pagehide', () => host.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') host.flush();
  });

  function Root(): ReactElement {
    const theme = useColorScheme();
    return <PreviewApp host={host} service={service} theme={theme} automation={automation} />;
  }
  root.render(<Root />);
}

boot().catch((e: unknown) => {
  // Nothing is saved over a workbook that could not be read: say so and let a reload try again.
  const why = e instanceof Error ? e.message : String(e);
  root.render(
    <p role="alert" style={plain}>
      The workbook saved in this browser could not be opened ({why}). Reload the page to try again.
    </p>,
  );
});
