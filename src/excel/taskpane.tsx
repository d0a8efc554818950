/** Entry of the Excel task pane, the shared runtime's page: Office.onReady, the requirement check, then the pane over the Excel host. */
import { createRoot } from 'react-dom/client';
import { AddinError } from '../core/errors/addin-error';
import { browserRuntime } from '../browser/browser-runtime';
import { createAddinService } from '../core/service/create-addin-service';
import { readPreviewConfig } from '../preview/preview-config';
import { App } from '../ui/App';
import { createExcelHost } from './create-excel-host';
import { ribbonRuns } from './ribbon-runs';
import { failService, provideService } from './runtime-service';
import { startPane } from './start-pane';
import { excelWorkbookChanges } from './workbook-changes';
import { excelSelectionChanges } from './selection-changes';
import { createAutomationService } from '../core/automation/automation-service';
import { excelAutomationHost } from './excel-automation';
import { refreshOnOpen } from './open-refresh';
import { provideRunLogStore, runtimeCommandDeps } from './runtime-command-deps';

const page = window as Window & { __PREVIEW_CONFIG__?: unknown };
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The task pane page has no #root element.');
const root = createRoot(rootElement);
const plain = { margin: 16, fontFamily: 'inherit' } as const;

function showMessage(message: string): void {
  root.render(
    <p role="alert" style={plain}>
      {message}
    </p>,
  );
}

async function boot(): Promise<void> {
  const start = await startPane(typeof Office === 'undefined' ? undefined : Office);
  if (start.kind !== 'ready') {
    failService(new AddinError('host', start.message));
    showMessage(start.message);
    return;
  }
  // One service for the pane and the ribbon's commands: both run in this page (the shared runtime), so the pane's list
  // shows what a ribbon Refresh all did.
  const host = createExcelHost();
  const watchOptions = {
    isSetSupported: (name: string, version?: string) => Office.context.requirements.isSetSupported(name, version),
    log: (message: string, detail: unknown) => console.warn(message, detail),
  };
  const service = createAddinService({
    host,
    ...browserRuntime(window),
    // The dev server's /config.js (npm run start:excel) prefills the local platform; absent in production.
    defaultTenantUrl: readPreviewConfig(page.__PREVIEW_CONFIG__).defaultTenantUrl,
    // Sheets deleted or renamed, rows and columns moved, and the pane shown again update the list of reports.
    workbookChanges: excelWorkbookChanges(watchOptions),
    // A new selection changes "Insert at …" at once (Workbook.onSelectionChanged); the pane's poll is the fallback.
    selectionChanges: excelSelectionChanges(watchOptions),
  });
  provideRunLogStore(host.documentStore);
  provideService(service);
  const values = { load: Office.StartupBehavior.load, none: Office.StartupBehavior.none };
  const automation = createAutomationService(host.documentStore, excelAutomationHost(Office.addin, values));
  // The runtime starts with the workbook when refresh on open is on (startup behavior Load): Refresh all, pane closed.
  void refreshOnOpen({
    documentStore: host.documentStore,
    addin: Office.addin,
    values,
    command: runtimeCommandDeps('open'),
    log: (message, detail) => console.warn(message, detail),
  });
  const dark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  // help.html is built beside taskpane.html (the manifest's SupportUrl): its section on keys.
  // The ribbon's Refresh all runs are shown by the pane as its own run (ribbon-runs: the same page, the same feed).
  root.render(
    <App
      service={service}
      theme={dark ? 'dark' : 'light'}
      keyHelpUrl="help.html#key"
      refreshAllFeed={ribbonRuns}
      automation={automation}
      parameterWatch="Excel notices the change as you type (ExcelApi 1.14); older versions when the pane is shown again."
    />,
  );
}

boot().catch((e: unknown) => {
  failService(e);
  showMessage(`The add-in could not start (${e instanceof Error ? e.message : String(e)}). Close the pane and open it again.`);
});
