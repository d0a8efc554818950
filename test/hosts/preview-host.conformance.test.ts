/** The host conformance suite on PreviewHost (write-behind saves to an in-memory store, credentials in their own storage). */
import { PreviewHost } from '../../src/preview/preview-host';
import { MemoryStorage } from '../preview/memory-storage';
import { MemoryWorkbookStore } from '../preview/memory-workbook-store';
import { describeSpreadsheetHost } from './describe-spreadsheet-host';
import { modelEdits } from './model-edits';
import { selectionRange } from '../../src/preview/selection-store';

describeSpreadsheetHost(
  'PreviewHost',
  () => new PreviewHost({ store: new MemoryWorkbookStore(), credentialStorage: new MemoryStorage(), mintWorkbookId: () => 'wb-preview' }),
  (host) => modelEdits(host.model),
  {
    dispose: (host) => host.dispose(),
    selectedRanges: (host) => [selectionRange(host.selection.selection)],
    oneRectangle: true,
    notesAt: (host, sheetId, row, col) => host.model.notes.get(sheetId, row, col),
  },
);
