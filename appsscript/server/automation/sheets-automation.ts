/** The Sheets server's automation service: the sidebar's switches kept in the document and followed by installable triggers. */
import {
  createAutomationService,
  type AutomationAbilities,
  type AutomationHost,
  type AutomationService,
} from '../../../src/core/automation/automation-service';
import {
  AUTOMATION_KEY,
  loadAutomation,
  parseAutomation,
  saveAutomation,
  type AutomationSettings,
} from '../../../src/core/automation/automation-settings';
import type { DocumentStore } from '../../../src/core/host';
import { AddinError } from '../../../src/core/errors/addin-error';
import { loadSession } from '../../../src/core/service/session-store';
import { boundSpreadsheet, sheetsHostOf, type ServerServices } from '../service/server-service';
import { AutomationTriggers } from './automation-triggers';

export const SHEETS_ABILITIES: AutomationAbilities = {
  refreshOnOpen: {
    available: true,
    note:
      'Refreshes every report each time you open this spreadsheet, with your own key (a trigger for you only: ' +
      'others who want it turn it on for themselves). The Reports menu shows when it is on.',
  },
  schedule: {
    available: true,
    note:
      'Google runs an add-on’s schedule at most once an hour and allows 20 triggers per user per script. The schedule ' +
      'runs with the key of the person who set it; when the platform refuses that key, the schedule stops and the run log says so.',
  },
};

const SIGN_IN_FIRST = 'Sign in first: the trigger runs with your key, and this Google account has none saved for this add-in.';

function scheduleChanged(a: AutomationSettings, b: AutomationSettings): boolean {
  return JSON.stringify(a.schedule) !== JSON.stringify(b.schedule);
}

export function sheetsAutomation(services: ServerServices): AutomationService {
  const book = boundSpreadsheet(services);
  const host = sheetsHostOf(services, book);
  const triggers = new AutomationTriggers(services.scriptApp(), book);
  const automationHost: AutomationHost = {
    abilities: async () => SHEETS_ABILITIES,
    // The run log's times as the spreadsheet's own clock reads them (the sidebar's browser may be set to any zone).
    timeZone: () => book.getSpreadsheetTimeZone(),
    async apply(next, previous) {
      const session = await loadSession(host.credentials);
      const turningOn =
        (next.refreshOnOpen && !previous.refreshOnOpen) || (next.schedule.every !== 'off' && scheduleChanged(next, previous));
      if (turningOn && session === null) throw new AddinError('unauthenticated', SIGN_IN_FIRST);
      if (next.refreshOnOpen !== previous.refreshOnOpen) triggers.setRefreshOnOpen(next.refreshOnOpen);
      if (!scheduleChanged(next, previous)) return next;
      triggers.setSchedule(next.schedule, previous.schedule);
      // Whose key: the tenant of the person who set it (their key itself stays in their user properties).
      const owner = next.schedule.every === 'off' || session === null ? null : `the person signed in to ${session.tenantUrl}`;
      return { ...next, scheduleOwner: owner };
    },
  };
  return createAutomationService(host.documentStore, automationHost);
}

/** The platform refused the schedule's key: its trigger is deleted and the document says the schedule is off. */
export async function stopScheduleForRefusedKey(services: ServerServices, store: DocumentStore): Promise<void> {
  new AutomationTriggers(services.scriptApp(), boundSpreadsheet(services)).stopSchedule();
  const settings = await loadAutomation(store);
  await saveAutomation(store, { ...settings, schedule: { every: 'off' }, scheduleOwner: null });
}

/** Whether the document's switch says refresh on open; false where the mode allows no properties (AuthMode.NONE). */
export function refreshOnOpenIsOn(services: Pick<ServerServices, 'properties'>): boolean {
  try {
    return parseAutomation(services.properties().getDocumentProperties()?.getProperty(AUTOMATION_KEY)).refreshOnOpen;
  } catch {
    return false;
  }
}
