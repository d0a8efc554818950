/**
 * TO BE FILLED IN: `createExcelHost()` builds the SpreadsheetHost the pane runs over. The Excel adapter class is not
 * written yet (the port in src/core/host.ts is being reshaped); until then this placeholder keeps the document store,
 * the credential store and the workbook id real (so sign-in works) and rejects every cell operation with a clear error.
 * Assemble the adapter from the building blocks in this folder: runExcel (one Excel.run per host call, cell-edit wait),
 * writeUnderCap + writeTextSafeBlock, readValuesAndFormats, readBold (ExcelApi 1.9: check isSetSupported, else no bold in
 * snapshots), listSheets/activeCell/selectRange/occupiedCells/
 * clearContents, trackArea/trackedArea/untrackArea/allTrackedAreas, excelError, SettingsDocumentStore,
 * credentialStoreFor, workbookIdentity, EXCEL_LIMITS; the pane's workbookChanges is already wired (workbook-changes.ts).
 */
import { AddinError } from '../core/wire/errors';
import type { SpreadsheetHost } from '../core/host';
import { credentialStoreFor, officeCredentialEnvironment } from './credential-store';
import { EXCEL_LIMITS } from './excel-limits';
import { SettingsDocumentStore } from './settings-document-store';
import { workbookIdentity } from './workbook-identity';

function notYet(): Promise<never> {
  return Promise.reject(
    new AddinError(
      'host',
      'This build of the add-in cannot read or write cells in Excel yet. Use the preview workbook (npm start) meanwhile.',
      {
        code: 'excelHostNotBuilt',
      },
    ),
  );
}

export function createExcelHost(): SpreadsheetHost {
  const document = new SettingsDocumentStore(Office.context.document.settings);
  return {
    platformHost: 'SPREADSHEET_1',
    limits: EXCEL_LIMITS,
    workbook: () => workbookIdentity(document, () => crypto.randomUUID(), 'Workbook'),
    sheets: notYet,
    activeCell: notYet,
    select: notYet,
    occupiedCells: notYet,
    snapshot: notYet,
    writeBlock: notYet,
    clear: notYet,
    trackArea: notYet,
    trackedArea: notYet,
    untrack: notYet,
    document,
    credentials: credentialStoreFor(officeCredentialEnvironment()),
  };
}
