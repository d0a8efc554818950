/** Refresh on open in Excel: when the shared runtime starts with the workbook and the switch is on, Refresh all runs pane closed. */
import { loadAutomation } from '../core/automation/automation-settings';
import type { DocumentStore } from '../core/host';
import { alignStartupBehavior, type StartupBehaviorApi, type StartupBehaviorValues } from './excel-automation';
import { refreshAllCommand, type RefreshAllCommandDeps, type RefreshAllOutcome } from './refresh-all-command';

export interface OpenRefreshDeps {
  documentStore: DocumentStore;
  addin: StartupBehaviorApi;
  values: StartupBehaviorValues;
  /** The ribbon command's dependencies: the run is reported as the ribbon's is (the pane shows it, opens on failures). */
  command: RefreshAllCommandDeps;
  log: (message: string, detail?: unknown) => void;
}

/** Runs once per start of the runtime: null when the switch is off (nothing run), else the run's outcome. */
export async function refreshOnOpen(deps: OpenRefreshDeps): Promise<RefreshAllOutcome | null> {
  let on: boolean;
  try {
    on = await alignStartupBehavior(deps.addin, deps.values, (await loadAutomation(deps.documentStore)).refreshOnOpen);
  } catch (e) {
    deps.log('Refresh on open could not read its switch or set the startup behavior.', e);
    return null;
  }
  if (!on) return null;
  return refreshAllCommand(deps.command)({ completed: () => undefined });
}
