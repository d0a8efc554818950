/** The Excel pane's selection watch over the Office fake: each new selection reported, removable, absent below ExcelApi 1.2. */
import { excelSelectionChanges, watchSelection } from '../../src/excel/selection-changes';
import { useInstalledFake } from './helpers/installed-fake';

const fake = useInstalledFake({ sheets: ['Sheet1', 'Data'] });
const supported = (n: string, v?: string) => Office.context.requirements.isSetSupported(n, v);

it('reports once registered, then each new selection (the user’s or a select()), and nothing after removal', async () => {
  let changes = 0;
  const stop = await watchSelection(() => (changes += 1));
  expect(changes).toBe(1);
  await fake().user.select('Sheet1', 'H9');
  await fake().user.select('Data', 'B2:C3');
  await fake().flushEvents();
  expect(changes).toBe(3);
  await stop();
  await fake().user.select('Sheet1', 'A1');
  await fake().flushEvents();
  expect(changes).toBe(3);
});

it('the service form starts and stops synchronously; without ExcelApi 1.2 there is none (the pane polls)', async () => {
  let changes = 0;
  const watch = excelSelectionChanges({ isSetSupported: supported, log: () => undefined });
  const stop = watch!(() => (changes += 1));
  await new Promise((r) => setTimeout(r, 0));
  await fake().user.select('Sheet1', 'D4');
  await fake().flushEvents();
  expect(changes).toBe(2);
  stop();
  await new Promise((r) => setTimeout(r, 0));
  await fake().user.select('Sheet1', 'E5');
  await fake().flushEvents();
  expect(changes).toBe(2);
  expect(excelSelectionChanges({ isSetSupported: (n, v) => n === 'ExcelApi' && v !== '1.2', log: () => undefined })).toBeUndefined();
});

it('logs a registration Excel refuses, and the pane keeps polling', async () => {
  const logged: string[] = [];
  const refusing = excelSelectionChanges({ isSetSupported: () => true, log: (m) => logged.push(m) });
  const run = Excel.run;
  Excel.run = (async () => {
    throw new Error('refused');
  }) as typeof Excel.run;
  try {
    refusing!(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
  } finally {
    Excel.run = run;
  }
  expect(logged).toEqual(['The add-in could not follow the selection; the pane asks Excel for it every few seconds instead.']);
});
