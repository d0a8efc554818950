/** An ExcelHost over a freshly installed Office.js fake (its settings, OfficeRuntime.storage and requirement sets), for Node tests. */
import type { HostLimits } from '../../../src/core/host';
import { RuntimeCredentialStore } from '../../../src/excel/credential-store';
import { ExcelHost } from '../../../src/excel/excel-host';
import type { WorkbookEdits } from '../../hosts/describe-spreadsheet-host';
import { installOfficeFake, type OfficeFakeConfig } from '../fake/install';

export type InstalledOfficeFake = ReturnType<typeof installOfficeFake>;

export function fakeExcelHost(
  config: OfficeFakeConfig = {},
  limits: Partial<HostLimits> = {},
): { host: ExcelHost; fake: InstalledOfficeFake } {
  const fake = installOfficeFake(config);
  const host = new ExcelHost({
    settings: Office.context.document.settings,
    credentials: new RuntimeCredentialStore(fake.runtimeStorage),
    mintWorkbookId: () => 'wb-excel-0001',
    isSetSupported: (name, version) => Office.context.requirements.isSetSupported(name, version),
    limits,
  });
  return { host, fake };
}

/** The user's row, column and sheet edits, made in the fake as Excel's UI would (they fire the workbook's events). */
export function fakeUserEdits(host: ExcelHost, fake: InstalledOfficeFake): WorkbookEdits {
  return {
    insertRows: (sheetId, row, count) => fake.user.insertRows(sheetId, row, count),
    deleteRows: (sheetId, row, count) => fake.user.deleteRows(sheetId, row, count),
    insertColumns: (sheetId, col, count) => fake.user.insertColumns(sheetId, col, count),
    deleteColumns: (sheetId, col, count) => fake.user.deleteColumns(sheetId, col, count),
    addSheet: async (name) => {
      await fake.user.addSheet(name);
      const sheet = (await host.layout()).sheets.find((s) => s.name === name);
      if (!sheet) throw new Error(`the fake did not add sheet ${name}`);
      return sheet;
    },
    deleteSheet: (sheetId) => fake.user.deleteSheet(sheetId),
    defineName: (name, r) =>
      Excel.run(async (ctx) => {
        const old = ctx.workbook.names.getItemOrNullObject(name);
        await ctx.sync();
        if (!old.isNullObject) old.delete();
        ctx.workbook.names.add(name, ctx.workbook.worksheets.getItem(r.sheetId).getRangeByIndexes(r.row, r.col, r.rows, r.cols));
        await ctx.sync();
      }),
    deleteName: (name) =>
      Excel.run(async (ctx) => {
        ctx.workbook.names.getItem(name).delete();
        await ctx.sync();
      }),
  };
}
