/** The fake built as a browser script: loaded into a page-like global, it installs Office, Excel and OfficeRuntime on `window`. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { buildOfficeFake } from '../../scripts/build-office-fake';

it('builds one classic script that installs the fake on window, configured by window.__OFFICE_FAKE_CONFIG__', async () => {
  const out = buildOfficeFake(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'office-fake-')), 'office-fake.js'));
  const code = fs.readFileSync(out, 'utf8');
  expect(code).not.toMatch(/\brequire\(|^import /m);
  const window: Record<string, unknown> = { __OFFICE_FAKE_CONFIG__: { sheets: ['Budget'], partitionKey: 'p1' } };
  window.window = window;
  const context = vm.createContext({ window, Promise, JSON, Math, Date, Map, Set, Error, Object, Array, String, Number });
  vm.runInContext(code, context);
  const office = window.Office as { context: { partitionKey: string }; onReady(): Promise<{ host: string }> };
  expect(office.context.partitionKey).toBe('p1');
  expect((await office.onReady()).host).toBe('Excel');
  const excel = window.Excel as {
    run<T>(
      b: (ctx: { workbook: { worksheets: { load(p: string): { items: Array<{ name: string }> } } }; sync(): Promise<void> }) => Promise<T>,
    ): Promise<T>;
  };
  const names = await excel.run(async (ctx) => {
    const sheets = ctx.workbook.worksheets.load('items/name');
    await ctx.sync();
    return sheets.items.map((s) => s.name);
  });
  expect(names).toEqual(['Budget']);
  expect(window.__officeFake).toBeDefined();
});
