/** What the shared runtime's Refresh all runs (the ribbon's, on open) are given: the service, the pane, and the run log. */
import { recordRun, type RunTrigger } from '../core/automation/run-record';
import type { DocumentStore } from '../core/host';
import type { RefreshAllCommandDeps } from './refresh-all-command';
import { ribbonRuns } from './ribbon-runs';
import { runtimeService } from './runtime-service';

let resolveStore: (s: DocumentStore) => void = () => undefined;
const store = new Promise<DocumentStore>((resolve) => (resolveStore = resolve));

/** The workbook's document store, handed over by the pane's start-up (the run log lives there). */
export function provideRunLogStore(s: DocumentStore): void {
  resolveStore(s);
}

export function runtimeCommandDeps(trigger: Extract<RunTrigger, 'ribbon' | 'open'>): RefreshAllCommandDeps {
  return {
    service: runtimeService,
    newJobId: () => crypto.randomUUID(),
    showPane: () => Office.addin.showAsTaskpane(),
    // The pane runs in this same page: it shows the run whenever it is or becomes visible (Excel has no ribbon toast).
    announce: (run) => ribbonRuns.publish(run),
    log: (message, detail) => console.warn(message, detail),
    // The store comes with the service: when the start-up failed there is no workbook to log into (the run failed too).
    record: async (run) => void (await recordRun(await runtimeService().then(() => store), { ...run, trigger })),
  };
}
