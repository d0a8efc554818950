// SheetsHost's request shape over the fakes: one setNumberFormats and one setValues per block.
// getNumberFormats only when a cell keeps its format, no apostrophe ever, the @ format for text Sheets would
// reinterpret, the API key never in the document.
import { PRODUCT_PREFIX } from '../../../../src/core/wire/wire-names';
import { TEXT_FORMAT } from '../../../../src/core/host';
import { SheetsHost, namedRangeName } from '../../../../appsscript/server/host/sheets-host';
import { createFakeEnvironment, type FakeEnvironment } from '../../fakes/environment';
import { FakeRange } from '../../fakes/sheets/range';

let env: FakeEnvironment;
let host: SheetsHost;
beforeEach(() => {
  env = createFakeEnvironment();
  env.begin('FULL');
  host = new SheetsHost({
    spreadsheet: env.book,
    documentProperties: env.stores.document,
    userProperties: env.stores.user,
    lock: env.lockService,
  });
});
afterEach(() => {
  env.close();
  jest.restoreAllMocks();
});

function countRangeCalls(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of ['setValues', 'setNumberFormats', 'getNumberFormats', 'setFontWeights', 'getFontWeights'] as const) {
    const original = FakeRange.prototype[m] as (...a: unknown[]) => unknown;
    jest.spyOn(FakeRange.prototype, m).mockImplementation(function (this: FakeRange, ...args: unknown[]) {
      counts[m] = (counts[m] ?? 0) + 1;
      return original.apply(this, args);
    } as never);
  }
  return counts;
}

test('a block fully covered by format and bold runs costs one setNumberFormats, one setValues and one setFontWeights, and no read', async () => {
  const counts = countRangeCalls();
  await host.writeBlock({
    sheetId: '0',
    row: 0,
    col: 0,
    values: [
      ['h', '=1+1'],
      [1, '00123'],
    ],
    formats: [
      { row: 0, col: 0, rows: 2, cols: 1, format: '0' },
      { row: 0, col: 1, rows: 2, cols: 1, format: TEXT_FORMAT },
    ],
    bold: [
      { row: 0, col: 0, rows: 1, cols: 2, bold: true },
      { row: 1, col: 0, rows: 1, cols: 2, bold: false },
    ],
  });
  expect(counts).toEqual({ setNumberFormats: 1, setValues: 1, setFontWeights: 1 });
  const r = env.book.sheets[0]!.getRange(1, 1, 2, 2);
  expect(r.getValues()).toEqual([
    ['h', '=1+1'],
    [1, '00123'],
  ]);
  expect(
    r
      .getFormulas()
      .flat()
      .every((f) => f === ''),
  ).toBe(true);
});

test('cells outside every run keep their format (read once per block), and reinterpretable text is written into @ cells, never with an apostrophe', async () => {
  env.book.sheets[0]!.getRange(1, 2, 1, 1).setNumberFormat('0.00%');
  const counts = countRangeCalls();
  await host.writeBlock({ sheetId: '0', row: 0, col: 0, values: [['+33 1 23', 0.5, 'plain']] });
  expect(counts).toEqual({ getNumberFormats: 1, setNumberFormats: 1, setValues: 1 });
  const r = env.book.sheets[0]!.getRange(1, 1, 1, 3);
  expect(r.getNumberFormats()).toEqual([[TEXT_FORMAT, '0.00%', 'General']]);
  expect(r.getValues()).toEqual([['+33 1 23', 0.5, 'plain']]);
  for (const cell of env.book.sheets[0]!.cells.values())
    if (cell.value.kind === 'text') expect(cell.value.text.startsWith("'")).toBe(false);
});

test('a write past the sheet edge grows the sheet; past 10,000,000 cells it is a limit error and nothing is written', async () => {
  await host.writeBlock({ sheetId: '0', row: 1005, col: 27, values: [[1]] });
  expect([env.book.sheets[0]!.maxRows, env.book.sheets[0]!.maxCols]).toEqual([1006, 28]);
  await expect(host.writeBlock({ sheetId: '0', row: 400_000, col: 0, values: [[1]] })).rejects.toMatchObject({ kind: 'limit' });
  expect(env.book.sheets[0]!.maxRows).toBe(1006);
});

test('tracked areas are named ranges with valid names; the workbook id is the spreadsheet id; credentials stay in user properties', async () => {
  await host.trackArea('a-b.c', { sheetId: '0', row: 1, col: 1, rows: 2, cols: 2 });
  expect([...env.book.namedRanges.keys()]).toEqual([namedRangeName('a-b.c')]);
  expect((await host.layout()).workbook.id).toBe(env.book.getId());
  await host.credentials.set(`${PRODUCT_PREFIX}.session`, 'sk-secret-key');
  expect([...env.stores.document.data.values()].join()).not.toContain('sk-secret-key');
  expect([...env.stores.user.data.values()].join()).toContain('sk-secret-key');
});

test('every write holds the document lock: a held lock refuses the write and leaves the cells alone', async () => {
  env.locks.document.heldElsewhereUntil = env.execution.now() + 120_000;
  await expect(host.writeBlock({ sheetId: '0', row: 0, col: 0, values: [['x']] })).rejects.toMatchObject({ code: 'documentLocked' });
  expect(env.book.sheets[0]!.cells.size).toBe(0);
});

test('restoring a snapshot of cells past the sheet edge (a rollback) adds no rows; content there does', async () => {
  const sheet = env.book.sheets[0]!;
  const snap = (await host.snapshot([{ sheetId: '0', row: 998, col: 0, rows: 4, cols: 2 }]))[0]!;
  expect(snap.values).toEqual([
    [null, null],
    [null, null],
    [null, null],
    [null, null],
  ]);
  await host.writeBlock({
    sheetId: '0',
    row: 998,
    col: 0,
    values: snap.values,
    formats: [{ row: 0, col: 0, rows: 4, cols: 2, format: 'General' }],
  });
  expect(sheet.maxRows).toBe(1000);
  await host.writeBlock({ sheetId: '0', row: 998, col: 0, values: [[null], [null], ['x'], [null]] });
  expect(sheet.maxRows).toBe(1001);
});
