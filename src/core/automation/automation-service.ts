/** The pane's automation service: the workbook's switches applied through the host's scheduler, and the run log. */
import { AddinError } from '../errors/addin-error';
import type { DocumentStore } from '../host';
import { loadAutomation, saveAutomation, type AutomationSettings, type Schedule } from './automation-settings';
import { clearRunMarks, readRunLogView, type RunLogView } from './run-record';

/** What one host can automate, and the sentence the pane shows next to each switch (its limits, or why it is absent). */
export interface AutomationAbilities {
  refreshOnOpen: { available: boolean; note: string };
  schedule: { available: boolean; note: string };
}

export interface AutomationView {
  settings: AutomationSettings;
  abilities: AutomationAbilities;
}

export type AutomationChange = { refreshOnOpen: boolean } | { schedule: Schedule };

/**
 * A host's side of automation: Excel's startup behavior, Sheets' installable triggers, nothing in the preview.
 * `apply` makes the host follow `next` and answers the settings to save (Sheets fills in the schedule's owner); when it
 * throws, the host and the document stay as they were.
 */
export interface AutomationHost {
  abilities(): Promise<AutomationAbilities>;
  apply(next: AutomationSettings, previous: AutomationSettings): Promise<AutomationSettings>;
  /** The time zone the run log is shown in (Sheets: the spreadsheet's, File › Settings); absent: UTC. */
  timeZone?(): string;
}

export interface AutomationService {
  getAutomation(): Promise<AutomationView>;
  setAutomation(change: AutomationChange): Promise<AutomationView>;
  runLog(): Promise<RunLogView>;
  /** Someone looked: clears the marks of these placements' cards (a card opened), or all of them (`null`: the log opened). */
  clearRunMarks(placementIds: string[] | null): Promise<void>;
}

export function createAutomationService(store: DocumentStore, host: AutomationHost): AutomationService {
  const view = async (settings: AutomationSettings): Promise<AutomationView> => ({ settings, abilities: await host.abilities() });
  return {
    getAutomation: async () => view(await loadAutomation(store)),
    async setAutomation(change) {
      const abilities = await host.abilities();
      const previous = await loadAutomation(store);
      let next: AutomationSettings;
      if ('refreshOnOpen' in change) {
        if (change.refreshOnOpen && !abilities.refreshOnOpen.available) throw new AddinError('validation', abilities.refreshOnOpen.note);
        next = { ...previous, refreshOnOpen: change.refreshOnOpen };
      } else {
        if (change.schedule.every !== 'off' && !abilities.schedule.available) throw new AddinError('validation', abilities.schedule.note);
        next = { ...previous, schedule: change.schedule, scheduleOwner: change.schedule.every === 'off' ? null : previous.scheduleOwner };
      }
      const applied = await host.apply(next, previous);
      try {
        await saveAutomation(store, applied);
      } catch (e) {
        // The document kept the old switches: the host follows them again, so both say the same.
        await host.apply(previous, applied).catch(() => undefined);
        throw e;
      }
      return { settings: applied, abilities };
    },
    async runLog() {
      const view = await readRunLogView(store);
      const timeZone = host.timeZone?.();
      return timeZone === undefined ? view : { ...view, timeZone };
    },
    clearRunMarks: (placementIds) => clearRunMarks(store, placementIds),
  };
}

/** A host with no automation of its own (the preview's page load reads the switch itself). */
export function fixedAutomationHost(abilities: AutomationAbilities): AutomationHost {
  return { abilities: async () => abilities, apply: async (next) => next };
}
