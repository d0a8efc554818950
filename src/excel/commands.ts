/** Ribbon commands of the Excel add-in, registered in the shared runtime's page: "Refresh all" (ExecuteFunction `refreshAll`). */
import { refreshAllCommand } from './refresh-all-command';
import { ribbonRuns } from './ribbon-runs';
import { runtimeService } from './runtime-service';

// Without office.js (blocked, offline) there is no ribbon to serve: the bundle goes on so the pane can say what failed.
if (typeof Office !== 'undefined') {
  Office.actions.associate(
    'refreshAll',
    refreshAllCommand({
      service: runtimeService,
      newJobId: () => crypto.randomUUID(),
      showPane: () => Office.addin.showAsTaskpane(),
      // The pane runs in this same page: it shows the run whenever it is or becomes visible (Excel has no ribbon toast).
      announce: (run) => ribbonRuns.publish(run),
      log: (message, detail) => console.warn(message, detail),
    }),
  );
}
