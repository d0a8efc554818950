/** The host conformance suite on MemoryHost, its workbook edits made through the WorkbookModel. */
import { MemoryHost } from '../../src/core/memory/memory-host';
import { WorkbookModel } from '../../src/core/memory/workbook-model';
import { describeSpreadsheetHost } from './describe-spreadsheet-host';
import { modelEdits } from './model-edits';

describeSpreadsheetHost(
  'MemoryHost',
  () => new MemoryHost(new WorkbookModel(), { mintWorkbookId: () => 'wb-conformance' }),
  (host) => modelEdits(host.model),
  { selectedRanges: (host) => host.selectedRanges, notesAt: (host, sheetId, row, col) => host.model.notes.get(sheetId, row, col) },
);
