/**
 * The three hosts the fault matrix runs on, each as a rig: its SpreadsheetHost, the runtime's transport and clock, the
 * user's edits in that host's UI (deleting a sheet), and how to dispose it.
 */
import { appsScriptClock } from '../../appsscript/server/service/apps-script-clock';
import { SheetsHost } from '../../appsscript/server/host/sheets-host';
import { urlFetchTransport } from '../../appsscript/server/service/url-fetch-transport';
import { fetchTransport, type FetchLike } from '../../src/browser/fetch-transport';
import type { Transport } from '../../src/core/api/transport';
import type { SpreadsheetHost } from '../../src/core/host';
import { MemoryHost } from '../../src/core/memory/memory-host';
import { WorkbookModel } from '../../src/core/memory/workbook-model';
import type { Clock } from '../../src/core/runtime/clock';
import { createFakeEnvironment } from '../appsscript/fakes/environment';
import { fakeUtilities } from '../appsscript/fakes/execution';
import { sheetsEdits } from '../appsscript/helpers/sheets-edits';
import { fakeExcelHost, fakeUserEdits } from '../excel/helpers/fake-excel-host';
import type { WorkbookEdits } from '../hosts/describe-spreadsheet-host';
import { modelEdits } from '../hosts/model-edits';

export type HostName = 'memory' | 'excel' | 'sheets';
export const HOST_NAMES: readonly HostName[] = ['memory', 'excel', 'sheets'];

export interface FaultRig {
  host: SpreadsheetHost;
  /** The runtime's own transport: fetch for the pane hosts, UrlFetchApp (over its synchronous fake) for Sheets. */
  transport: Transport;
  clock: Clock;
  throwContinueWait: boolean;
  /** Edits a user makes in the host's own UI, outside the add-in. */
  edits: WorkbookEdits;
  dispose(): Promise<void>;
}

/** Real time with pauses (retry backoff, Continue wait, a busy host's waits) that return at once: no test waits on a timer. */
const instantPauses: Clock = {
  now: () => Date.now(),
  sleep: async (_ms, signal) => {
    if (signal?.cancelled) throw new Error('aborted');
  },
};

export function makeRig(name: HostName): FaultRig {
  if (name === 'memory') {
    const model = new WorkbookModel({ name: 'faults' });
    const host = new MemoryHost(model, { mintWorkbookId: () => 'wb-faults-memory' });
    return {
      host,
      edits: modelEdits(model),
      transport: fetchTransport(globalThis.fetch as FetchLike),
      clock: instantPauses,
      throwContinueWait: true,
      dispose: async () => undefined,
    };
  }
  if (name === 'excel') {
    const { host, fake } = fakeExcelHost({ sheets: ['Sheet1'] });
    return {
      host,
      edits: fakeUserEdits(host, fake),
      transport: fetchTransport(globalThis.fetch as FetchLike),
      clock: instantPauses,
      throwContinueWait: true,
      dispose: async () => fake.uninstall(),
    };
  }
  const env = createFakeEnvironment();
  env.begin('FULL');
  const host = new SheetsHost({
    spreadsheet: env.book,
    documentProperties: env.stores.document,
    userProperties: env.stores.user,
    lock: env.lockService,
  });
  return {
    host,
    edits: sheetsEdits(env),
    transport: urlFetchTransport(env.urlFetch.app),
    clock: appsScriptClock(fakeUtilities(env.execution), () => env.execution.now()),
    throwContinueWait: true,
    dispose: () => env.close(),
  };
}
