/** Boot of the preview page: reads /config.js, opens the saved workbook, builds the add-in service over it, exposes window.previewWorkbook, renders. */
import { createRoot } from 'react-dom/client';
import type { ReactElement } from 'react';
import { fetchTransport } from '../core/api/fetch-transport';
import { createAddinService } from '../core/service/create-addin-service';
import { browserClock } from './browser-clock';
import { PreviewApp } from './preview-app';
import { readPreviewConfig } from './preview-config';
import { PreviewHost } from './preview-host';
import { createPreviewWorkbookApi } from './preview-workbook-api';
import { useColorScheme } from './use-color-scheme';

const page = window as Window & { __PREVIEW_CONFIG__?: unknown; previewWorkbook?: unknown };
const config = readPreviewConfig(page.__PREVIEW_CONFIG__);

const host = new PreviewHost({ storage: window.localStorage, mintWorkbookId: () => crypto.randomUUID() });
const service = createAddinService({
  host,
  transport: fetchTransport(window.fetch.bind(window)),
  clock: browserClock,
  random: Math.random,
  randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
  defaultTenantUrl: config.defaultTenantUrl,
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});
page.previewWorkbook = createPreviewWorkbookApi(host);

// Save what is pending when the page goes away (the debounce may not have fired yet).
window.addEventListener('pagehide', () => host.flush());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') host.flush();
});

function Root(): ReactElement {
  const theme = useColorScheme();
  return <PreviewApp host={host} service={service} theme={theme} />;
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The preview page has no #root element.');
createRoot(rootElement).render(<Root />);
