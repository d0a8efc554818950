/** `createExcelHost()`: the ExcelHost the task pane and the ribbon commands run over, on the page's Office globals. */
import type { SpreadsheetHost } from '../core/host';
import { credentialStoreFor, officeCredentialEnvironment } from './credential-store';
import { ExcelHost } from './excel-host';

export function createExcelHost(): SpreadsheetHost {
  return new ExcelHost({
    settings: Office.context.document.settings,
    credentials: credentialStoreFor(officeCredentialEnvironment()),
    mintWorkbookId: () => crypto.randomUUID(),
    isSetSupported: (name, version) => Office.context.requirements.isSetSupported(name, version),
    fileUrl: () => Office.context.document.url ?? null,
  });
}
