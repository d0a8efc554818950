/**
 * The Sheets sidebar's entry: the shared pane over an AddinService that calls the Apps Script server through google.script.run.
 * The sidebar never talks to the platform itself.
 */
import { mountPane } from '../../src/ui/mount';
import { remoteAddinService } from './remote-service';
import { remoteAutomationService } from './remote-automation';
import { mintCallId, serverClient, type ScriptRunner } from './server-client';

declare const google: { script: { run: ScriptRunner } };

const root = document.getElementById('root');
if (!root) throw new Error('Sidebar.html has no #root element.');

const client = serverClient(() => google.script.run);
const service = remoteAddinService(client, { mintId: () => mintCallId() });

const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
// Each active-cell read is a server execution: ask every 5 s.
mountPane(root, service, {
  theme: dark ? 'dark' : 'light',
  activeCellPollMs: 5000,
  automation: remoteAutomationService(client),
  // A sidebar gets no edit events: it asks the server on focus and on the list's 30 s interval.
  parameterWatch: 'The sidebar checks every 30 seconds while it is open, and when you click back into it.',
});

// No edit events reach a sidebar: coming back to it checks the cells (bound cells, hand edits, refresh on a parameter
// change) at once, besides the list's interval check.
window.addEventListener('focus', () => {
  service.cellsEdited().catch(() => undefined);
});
