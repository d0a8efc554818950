/** The Sheets fake's `SpreadsheetApp` over one bound spreadsheet, written strictly from Google's reference. */
import { SCOPES } from '../execution';
import { FakeSpreadsheet, type FakeSheetsOptions } from './spreadsheet';
import type { FakeUi } from './ui';

export function fakeSpreadsheetApp(options: FakeSheetsOptions) {
  const book = new FakeSpreadsheet(
    options.execution,
    options.spreadsheetId ?? '1FakeSpreadsheetId_abcdefghijklmnopqrstuv',
    options.name ?? 'Untitled spreadsheet',
    options.newDate,
  );
  const app = {
    getActiveSpreadsheet(): FakeSpreadsheet {
      options.execution.call('SpreadsheetApp.getActiveSpreadsheet', 'document', SCOPES.currentOnly);
      return book;
    },
    getActive(): FakeSpreadsheet {
      return app.getActiveSpreadsheet();
    },
    getUi(): FakeUi {
      options.execution.call('SpreadsheetApp.getUi', 'ui', SCOPES.containerUi);
      return book.ui;
    },
    flush(): void {
      options.execution.call('SpreadsheetApp.flush', 'document', SCOPES.currentOnly);
    },
  };
  return { app, book };
}
