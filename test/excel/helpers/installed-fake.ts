/** Installs the Office fake as the global Office/Excel/OfficeRuntime for one test file's tests, and reads cells back through it. */
import { installOfficeFake, type OfficeFakeConfig } from '../fake/install';

export type InstalledFake = ReturnType<typeof installOfficeFake>;

/** A fresh fake per test (`current()`), removed after each. */
export function useInstalledFake(config: OfficeFakeConfig = {}): () => InstalledFake {
  let fake: InstalledFake | undefined;
  beforeEach(() => {
    fake = installOfficeFake(config);
  });
  afterEach(() => {
    fake?.uninstall();
    fake = undefined;
  });
  return () => {
    if (!fake) throw new Error('The fake is installed only inside a test.');
    return fake;
  };
}

/** Values, formulas and number formats of an A1 range, read through the fake's own API. */
export async function readCells(fake: InstalledFake, sheet: string, address: string) {
  return fake.globals.Excel.run(async (ctx) => {
    const r = ctx.workbook.worksheets.getItem(sheet).getRange(address).load('values, numberFormat, formulas');
    const bold = ctx.workbook.worksheets.getItem(sheet).getRange(address).format.font.load('bold');
    await ctx.sync();
    return { values: r.values, formats: r.numberFormat, formulas: r.formulas, bold: bold.bold };
  });
}

/** The id of a sheet by name. */
export async function sheetId(fake: InstalledFake, name: string): Promise<string> {
  return fake.globals.Excel.run(async (ctx) => {
    const ws = ctx.workbook.worksheets.getItem(name).load('id');
    await ctx.sync();
    return ws.id;
  });
}
