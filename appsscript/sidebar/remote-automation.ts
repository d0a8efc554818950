/** The sidebar's AutomationService: each method a call to the server's entry point of the same name. */
import type { AutomationService } from '../../src/core/automation/automation-service';
import type { ServerClient } from './server-client';

export function remoteAutomationService(client: ServerClient): AutomationService {
  return {
    getAutomation: () => client.call('getAutomation', {}),
    setAutomation: (change) => client.call('setAutomation', change),
    runLog: () => client.call('runLog', {}),
    clearRunMarks: async (placementIds) => void (await client.call('clearRunMarks', { placementIds })),
  };
}
