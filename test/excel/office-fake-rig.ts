/** A fresh Office/Excel fake (Sheet1 and Data) before each test of the calling file, and range read and write helpers on it. */
import { createOfficeFake, type OfficeFake } from './fake/install';

export let fake: OfficeFake;
export let Excel: OfficeFake['globals']['Excel'];

/** Installs a new fake with sheets Sheet1 and Data before each of the calling file's tests. */
export function useFreshOfficeFake(): void {
  beforeEach(() => {
    fake = createOfficeFake({ sheets: ['Sheet1', 'Data'] });
    Excel = fake.globals.Excel;
  });
}

export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as { code: string }).code;
  }
  return 'no error';
}

export async function read(address: string, sheet = 'Sheet1') {
  return Excel.run(async (ctx) => {
    const r = ctx.workbook.worksheets.getItem(sheet).getRange(address).load('values, numberFormat, formulas');
    await ctx.sync();
    return { values: r.values, numberFormat: r.numberFormat, formulas: r.formulas };
  });
}

export async function write(address: string, values: unknown, sheet = 'Sheet1') {
  await Excel.run(async (ctx) => {
    ctx.workbook.worksheets.getItem(sheet).getRange(address).values = values;
    await ctx.sync();
  });
}
