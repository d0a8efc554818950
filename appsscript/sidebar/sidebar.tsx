/**
 * PLACEHOLDER sidebar entry: the shared pane over an in-memory workbook and a transport that says the server is not
 * connected yet. It proves the build (one HTML file, script inlined, 300 px) until the AddinService over
 * google.script.run is assembled on the reshaped host port; nothing here talks to Google.
 */
import { createAddinService } from '../../src/core/service/create-addin-service';
import { HOST_SHEETS } from '../../src/core/wire/wire-names';
import { MemoryHost } from '../../src/core/memory/memory-host';
import { mountPane } from '../../src/ui/mount';
import { browserClock } from '../../src/browser/browser-clock';

const root = document.getElementById('root');
if (!root) throw new Error('Sidebar.html has no #root element.');

const host = new MemoryHost(undefined, { platformHost: HOST_SHEETS, workbookName: 'Google Sheets (placeholder)' });
const service = createAddinService({
  host,
  transport: async () => {
    throw new Error('This sidebar build is a placeholder: it is not connected to the Apps Script server yet.');
  },
  clock: browserClock,
  random: Math.random,
  randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
  defaultTenantUrl: null,
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
mountPane(root, service, { theme: dark ? 'dark' : 'light', activeCellPollMs: 5000 });
