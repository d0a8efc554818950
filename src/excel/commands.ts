/** Ribbon commands of the Excel add-in, registered in the shared runtime's page: "Refresh all" (ExecuteFunction `refreshAll`). */
import { refreshAllCommand } from './refresh-all-command';
import { runtimeCommandDeps } from './runtime-command-deps';

// Without office.js (blocked, offline) there is no ribbon to serve: the bundle goes on so the pane can say what failed.
if (typeof Office !== 'undefined') {
  Office.actions.associate('refreshAll', refreshAllCommand(runtimeCommandDeps('ribbon')));
}
